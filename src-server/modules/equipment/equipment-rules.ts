import type { z } from 'zod'
import { MISC_EQUIPMENT_MAX, type Equipment, type EquipmentComponent, type EquipmentType, type updateEquipmentBody } from '../../../src/contracts'
import { MISC, pastLimit, typeFitsSport, type Wear } from '../../../src/domain/equipment'
import { AppError } from '../../../src/errors'
import { EquipmentEntity, type EquipmentTypeEntity, type SportEntity } from '../../db/entities'
import type { ComponentRow, EquipmentRepository, EquipmentTotals } from '../../db/repositories/equipment.repository'
import { toHttpDate } from '../../lib/http-date'
import { shortId } from '../../lib/short-id'

export function presentType(type: EquipmentTypeEntity, inUse?: ReadonlySet<number>): EquipmentType {
  return { id: type.id, label: type.label, is_active: type.isActive, ...(inUse ? { has_equipments: inUse.has(type.id) } : {}) }
}

/** Hours to one decimal, as the reference gives moving time. */
export const hours = (seconds: number) => Math.round(seconds / 360) / 10

/** What an item or a component has done against its limits (exact moving time, not the rounded hours). */
export function wearOf(totals: EquipmentTotals, limits: Pick<ComponentRow, 'wearLimitDistance' | 'wearLimitHours'>): Wear {
  return { distance: totals.totalDistance, hours: totals.totalMoving / 3600, limitDistance: limits.wearLimitDistance, limitHours: limits.wearLimitHours }
}

export function presentComponent(component: ComponentRow): EquipmentComponent {
  return {
    id: component.id,
    equipment_id: component.equipmentId,
    label: component.label,
    fitted_at: toHttpDate(component.fittedAt),
    removed_at: component.removedAt ? toHttpDate(component.removedAt) : null,
    total_distance: Number(component.totalDistance.toFixed(3)),
    total_duration_in_hours: hours(component.totalMoving),
    workouts_count: component.totalWorkouts,
    wear_limit_distance: component.wearLimitDistance,
    wear_limit_hours: component.wearLimitHours,
    worn: component.removedAt === null && pastLimit(wearOf(component, component)),
  }
}

/** An item in the reference's shape (moving time in hours to one decimal, no distance for rackets) with our wear limits. */
function presentEquipment(item: EquipmentEntity, type: EquipmentTypeEntity, defaultSportIds: readonly number[]): Equipment {
  return {
    id: item.id,
    user_id: item.userId,
    label: item.label,
    description: item.description,
    equipment_type: presentType(type),
    is_active: item.isActive,
    default_for_sport_ids: [...defaultSportIds],
    creation_date: toHttpDate(item.createdAt),
    total_distance: type.label === 'Racket' ? null : Number(item.totalDistance.toFixed(3)),
    total_duration_in_hours: hours(item.totalMoving),
    visibility: item.visibility,
    workouts_count: item.totalWorkouts,
    wear_limit_distance: item.wearLimitDistance,
    wear_limit_hours: item.wearLimitHours,
    worn: item.isActive && pastLimit(wearOf(item, item)),
  }
}

/** Items in the answer's shape, with their types and default sports (a few queries whatever their number). */
export async function presentItems(equipment: EquipmentRepository, items: readonly EquipmentEntity[]): Promise<Equipment[]> {
  if (items.length === 0) return []
  const types = new Map((await equipment.types()).map((type) => [type.id, type]))
  const defaults = await equipment.defaultSportIds(items.map((item) => item.id))
  return items.flatMap((item) => {
    const type = types.get(item.equipmentTypeId)
    return type ? [presentEquipment(item, type, defaults.get(item.id) ?? [])] : []
  })
}

/**
 * The items a workout of `sport` may have, from the ids a client sent (the reference's
 * `handle_pieces_of_equipment`): the caller's own, active unless the workout had them already, of
 * a type that fits the sport, one per type except up to 5 Misc. Checked in the order sent.
 */
export async function checkWorkoutItems(
  equipment: EquipmentRepository,
  userId: number,
  sport: Pick<SportEntity, 'label'>,
  ids: readonly string[],
  already: readonly string[] = [],
): Promise<EquipmentEntity[]> {
  const unique = [...new Set(ids)]
  const found = new Map((await equipment.byIds(userId, unique)).map((item) => [item.id, item]))
  const types = new Map((await equipment.types()).map((type) => [type.id, type]))
  const seenTypes = new Set<number>()
  let misc = 0
  const items: EquipmentEntity[] = []
  for (const id of unique) {
    const item = found.get(id)
    if (!item) throw new AppError('equipment_id_not_found', { params: { id } })
    if (!item.isActive && !already.includes(id)) throw new AppError('equipment_id_inactive', { params: { id } })
    const typeLabel = types.get(item.equipmentTypeId)?.label ?? ''
    if (typeLabel === MISC) {
      misc += 1
      if (misc > MISC_EQUIPMENT_MAX) throw new AppError('equipment_misc_limit')
    } else {
      if (!typeFitsSport(typeLabel, sport.label)) throw new AppError('equipment_id_invalid_for_sport', { params: { id, sport: sport.label } })
      if (seenTypes.has(item.equipmentTypeId)) throw new AppError('equipment_one_per_type')
      seenTypes.add(item.equipmentTypeId)
    }
    items.push(item)
  }
  return items
}

/** The fields of an item's edit that the reference reads. */
export const EDITABLE_FIELDS = [
  'label',
  'description',
  'equipment_type_id',
  'is_active',
  'default_for_sport_ids',
  'visibility',
  'wear_limit_distance',
  'wear_limit_hours',
] as const

/** The edit's known fields; none at all, or only unknown ones, are the reference's two refusals. */
export function knownFields(body: z.output<typeof updateEquipmentBody>): Partial<Pick<z.output<typeof updateEquipmentBody>, (typeof EDITABLE_FIELDS)[number]>> {
  if (Object.keys(body).length === 0) throw new AppError('equipment_no_data')
  const known = Object.fromEntries(EDITABLE_FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]))
  if (Object.keys(known).length === 0) throw new AppError('equipment_no_valid_parameters')
  return known
}

/** A new item, active and with no workouts yet. */
export function newItem(
  fields: Pick<EquipmentEntity, 'userId' | 'label' | 'description' | 'equipmentTypeId' | 'createdAt' | 'visibility' | 'wearLimitDistance' | 'wearLimitHours'>,
): EquipmentEntity {
  return Object.assign(new EquipmentEntity(), { id: shortId(), ...fields, isActive: true, totalDistance: 0, totalDuration: 0, totalMoving: 0, totalWorkouts: 0 })
}
