import { z } from 'zod'
import { VISIBILITY_LEVELS } from '../domain/visibility'
import type { ErrorCode } from '../errors'
import { httpDateSchema } from './common'
import { endpoint } from './endpoint'

/** The reference tracker's equipment limits. */
export const EQUIPMENT_LABEL_MAX = 50
export const EQUIPMENT_DESCRIPTION_MAX = 200
/** Pieces of `Misc` equipment a workout (or a sport's defaults) may have. */
export const MISC_EQUIPMENT_MAX = 5

/** Who may see an item inside a workout: the reference's levels (their access rules belong to sharing). */
const equipmentVisibilities = VISIBILITY_LEVELS

/** A kind of equipment (`has_equipments` for administrators only). */
const equipmentTypeSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  is_active: z.boolean(),
  has_equipments: z.boolean().optional(),
})
export type EquipmentType = z.infer<typeof equipmentTypeSchema>

/** A piece of equipment as its owner sees it (the reference tracker's shape). */
export const equipmentSchema = z.object({
  /** Short id. */
  id: z.string(),
  user_id: z.number().int(),
  label: z.string(),
  description: z.string().nullable(),
  equipment_type: equipmentTypeSchema,
  is_active: z.boolean(),
  /** The sports this item is preselected for on new workouts. */
  default_for_sport_ids: z.array(z.number().int()),
  creation_date: httpDateSchema,
  /** km over its workouts; null for rackets (the reference's rule). */
  total_distance: z.number().nullable(),
  /** Moving time over its workouts, hours to one decimal. */
  total_duration_in_hours: z.number(),
  visibility: z.enum(equipmentVisibilities),
  workouts_count: z.number().int(),
  /** Ours: the distance (km) and moving time (h) at which its owner retires it, if set. */
  wear_limit_distance: z.number().nullable(),
  wear_limit_hours: z.number().nullable(),
  /** A limit is reached. */
  worn: z.boolean(),
})
export type Equipment = z.infer<typeof equipmentSchema>

/**
 * A part of a bike (chain, tyres…) counting the workouts of its bike from the day it was fitted
 * until the day it was removed (replaced or retired; null while fitted).
 */
const componentSchema = z.object({
  id: z.string(),
  equipment_id: z.string(),
  label: z.string(),
  fitted_at: httpDateSchema,
  removed_at: httpDateSchema.nullable(),
  total_distance: z.number(),
  total_duration_in_hours: z.number(),
  workouts_count: z.number().int(),
  wear_limit_distance: z.number().nullable(),
  wear_limit_hours: z.number().nullable(),
  worn: z.boolean(),
})
export type EquipmentComponent = z.infer<typeof componentSchema>

const componentsResponseSchema = z.object({ status: z.enum(['success', 'created']), data: z.object({ components: z.array(componentSchema) }) })
export type ComponentsResponse = z.infer<typeof componentsResponseSchema>

/** An active item or a fitted component of one that reached a limit (the dashboard's notice). */
const wornSchema = z.object({
  equipment_id: z.string(),
  equipment_label: z.string(),
  component_id: z.string().nullable(),
  component_label: z.string().nullable(),
  total_distance: z.number(),
  total_duration_in_hours: z.number(),
  wear_limit_distance: z.number().nullable(),
  wear_limit_hours: z.number().nullable(),
})
const wornResponseSchema = z.object({ status: z.literal('success'), data: z.object({ worn: z.array(wornSchema) }) })
export type WornResponse = z.infer<typeof wornResponseSchema>

const equipmentTypesResponseSchema = z.object({ status: z.literal('success'), data: z.object({ equipment_types: z.array(equipmentTypeSchema) }) })
export type EquipmentTypesResponse = z.infer<typeof equipmentTypesResponseSchema>

const equipmentsResponseSchema = z.object({ status: z.enum(['success', 'created']), data: z.object({ equipments: z.array(equipmentSchema) }) })
export type EquipmentsResponse = z.infer<typeof equipmentsResponseSchema>

const required = { error: 'equipment_label_and_type_required' satisfies ErrorCode }
const label = z.string(required).trim().min(1, required).max(EQUIPMENT_LABEL_MAX, { error: 'equipment_label_too_long' satisfies ErrorCode })
const description = z
  .string()
  .trim()
  .max(EQUIPMENT_DESCRIPTION_MAX, { error: 'equipment_description_too_long' satisfies ErrorCode })
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value))
const visibility = z.enum(equipmentVisibilities, { error: 'equipment_visibility_invalid' satisfies ErrorCode })
const sportIds = z.array(z.number().int().positive())
const limitError = { error: 'equipment_wear_limit_invalid' satisfies ErrorCode }
/** km or hours; null removes the limit. */
const wearLimit = z.number(limitError).positive(limitError).max(1_000_000, limitError).nullable()
const componentLabelError = { error: 'equipment_component_label_invalid' satisfies ErrorCode }
const componentLabel = z.string(componentLabelError).trim().min(1, componentLabelError).max(EQUIPMENT_LABEL_MAX, componentLabelError)
const dateError = { error: 'equipment_component_date_invalid' satisfies ErrorCode }
const instant = z.iso.datetime({ offset: true, ...dateError }).transform((value) => new Date(value))

/** POST equipments: `is_active` is ignored (a new item is active), as the reference does. */
export const createEquipmentBody = z.object({
  label,
  equipment_type_id: z.number(required).int(required),
  description: description.optional(),
  default_for_sport_ids: sportIds.optional(),
  visibility: visibility.optional(),
  is_active: z.unknown().optional(),
  wear_limit_distance: wearLimit.optional(),
  wear_limit_hours: wearLimit.optional(),
})

/** PATCH equipments/:id: any of the fields; unknown keys alone are "no valid parameters". */
export const updateEquipmentBody = z.looseObject({
  label: label.optional(),
  equipment_type_id: z.number().int().optional(),
  description: description.optional(),
  is_active: z.boolean().optional(),
  default_for_sport_ids: sportIds.optional(),
  visibility: visibility.optional(),
  wear_limit_distance: wearLimit.optional(),
  wear_limit_hours: wearLimit.optional(),
})

/** A component fitted on a bike, by default now. */
export const createComponentBody = z.object({
  label: componentLabel,
  fitted_at: instant.optional(),
  wear_limit_distance: wearLimit.optional(),
  wear_limit_hours: wearLimit.optional(),
})
export const updateComponentBody = z.object({
  label: componentLabel.optional(),
  wear_limit_distance: wearLimit.optional(),
  wear_limit_hours: wearLimit.optional(),
})
/** Removes a component at `date` (default now); `replace` fits a new one with its label and limits from that date. */
export const retireComponentBody = z.object({ date: instant.optional(), replace: z.boolean().optional() })

/**
 * An item's use per calendar month in its owner's time zone, oldest first, months without a
 * workout left out: distance in km, moving time in hours to one decimal.
 */
const equipmentStatsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), total_distance: z.number(), total_duration_in_hours: z.number(), workouts_count: z.number().int() })),
  }),
})
export type EquipmentStatsResponse = z.infer<typeof equipmentStatsResponseSchema>

/**
 * The earlier workouts an item is offered for (ours: the reference applies defaults to new
 * workouts only): the caller's workouts of the item's default sports without an item of its type,
 * between two days of the caller's time zone (both included, each optional).
 */
export const equipmentBackfillQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }).strict()
const equipmentBackfillResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    /** How many workouts the item would be added to, and the dates of the first and last (null for none). */
    workouts_count: z.number().int(),
    first_workout_date: httpDateSchema.nullable(),
    last_workout_date: httpDateSchema.nullable(),
  }),
})
export type EquipmentBackfillResponse = z.infer<typeof equipmentBackfillResponseSchema>
/** An offer undone: how many workouts the item was taken off, and the item with its new totals. */
const equipmentBackfillUndoneResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ workouts_count: z.number().int(), equipments: z.array(equipmentSchema) }),
})
export type EquipmentBackfillUndoneResponse = z.infer<typeof equipmentBackfillUndoneResponseSchema>
/** The item added to them: how many, the offer's id (to undo it), and the item with its new totals. */
const equipmentBackfilledResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ workouts_count: z.number().int(), backfill_id: z.string(), equipments: z.array(equipmentSchema) }),
})
export type EquipmentBackfilledResponse = z.infer<typeof equipmentBackfilledResponseSchema>

/**
 * The equipment of a workout on create and edit: short ids of the caller's items; omitted on
 * create, the sport's defaults; `[]`, none.
 */
const idsError = { error: 'equipment_ids_invalid' satisfies ErrorCode }
export const equipmentIdsField = z.array(z.string(idsError), idsError)

export const equipmentEndpoints = {
  listEquipmentTypes: endpoint()({ method: 'GET', path: '/equipment-types', access: 'user', response: equipmentTypesResponseSchema }),
  getEquipmentType: endpoint()({ method: 'GET', path: '/equipment-types/:id', access: 'user', response: equipmentTypesResponseSchema }),
  /** Administrators enable or disable a type for everyone. */
  updateEquipmentType: endpoint()({
    method: 'PATCH',
    path: '/equipment-types/:id',
    access: 'admin',
    body: z.object({ is_active: z.boolean() }).strict(),
    response: equipmentTypesResponseSchema,
  }),
  listEquipments: endpoint()({
    method: 'GET',
    path: '/equipments',
    access: 'user',
    query: z.object({ equipment_type_id: z.coerce.number().int().positive().optional() }),
    response: equipmentsResponseSchema,
  }),
  getEquipment: endpoint()({ method: 'GET', path: '/equipments/:id', access: 'user', response: equipmentsResponseSchema }),
  createEquipment: endpoint()({ method: 'POST', path: '/equipments', access: 'user', body: createEquipmentBody, response: equipmentsResponseSchema }),
  updateEquipment: endpoint()({ method: 'PATCH', path: '/equipments/:id', access: 'user', body: updateEquipmentBody, response: equipmentsResponseSchema }),
  /** Recomputes the item's totals from its workouts. */
  refreshEquipment: endpoint()({ method: 'POST', path: '/equipments/:id/refresh', access: 'user', response: equipmentsResponseSchema }),
  /** How many earlier workouts the item would be added to (see `equipmentBackfillQuery`). */
  getEquipmentBackfill: endpoint()({ method: 'GET', path: '/equipments/:id/backfill', access: 'user', query: equipmentBackfillQuery, response: equipmentBackfillResponseSchema }),
  /** Adds the (active) item to those workouts; its totals and components' follow. */
  applyEquipmentBackfill: endpoint()({ method: 'POST', path: '/equipments/:id/backfill', access: 'user', body: equipmentBackfillQuery, response: equipmentBackfilledResponseSchema }),
  /** Takes the item off the workouts one applied offer added it to, unless their equipment was set by hand since. */
  undoEquipmentBackfill: endpoint()({
    method: 'DELETE',
    path: '/equipments/:id/backfill/:backfillId',
    access: 'user',
    response: equipmentBackfillUndoneResponseSchema,
  }),
  /** Active items and fitted components past a wear limit. */
  listWornEquipment: endpoint()({ method: 'GET', path: '/equipment-wear', access: 'user', response: wornResponseSchema }),
  /** The item's distance, moving time and workouts per month (the Equipment page's chart). */
  getEquipmentStats: endpoint()({ method: 'GET', path: '/equipments/:id/stats', access: 'user', response: equipmentStatsResponseSchema }),
  /** A bike's components, fitted and removed, oldest fitting first. */
  listComponents: endpoint()({ method: 'GET', path: '/equipments/:id/components', access: 'user', response: componentsResponseSchema }),
  createComponent: endpoint()({ method: 'POST', path: '/equipments/:id/components', access: 'user', body: createComponentBody, response: componentsResponseSchema }),
  updateComponent: endpoint()({
    method: 'PATCH',
    path: '/equipments/:id/components/:componentId',
    access: 'user',
    body: updateComponentBody,
    response: componentsResponseSchema,
  }),
  /** Answers the bike's components (the removed one keeps its totals; a replacement starts at 0). */
  retireComponent: endpoint()({
    method: 'POST',
    path: '/equipments/:id/components/:componentId/retire',
    access: 'user',
    body: retireComponentBody,
    response: componentsResponseSchema,
  }),
  /**
   * Makes these items (`[]`: none) the sport's defaults in place of the caller's others, with a
   * workout's limits; answers all the caller's items.
   */
  setSportEquipmentDefaults: endpoint()({
    method: 'PATCH',
    path: '/equipment-defaults/:sportId',
    access: 'user',
    body: z.object({ equipment_ids: equipmentIdsField }),
    response: equipmentsResponseSchema,
  }),
  /** Refused while workouts use the item, unless `?force` (then the links go with it). */
  deleteEquipment: endpoint<void>()({
    method: 'DELETE',
    path: '/equipments/:id',
    access: 'user',
    query: z.object({ force: z.string().optional() }),
  }),
}
