import { z } from 'zod'
import { EQUIPMENT_DESCRIPTION_MAX, EQUIPMENT_LABEL_MAX } from '../../../src/contracts'
import { EQUIPMENT_TYPE_LABELS } from '../../../src/domain/equipment'
import { VISIBILITY_LEVELS } from '../../../src/domain/visibility'
import { gearLabel, type ExportGear } from './strava-gear'

/**
 * The reference tracker's (FitTrackee) equipment in its user-data export (`fittrackee/users/
 * export_data.py`: `user_equipments_data.json` holds `Equipment.serialize(current_user=owner)` of each
 * item; each workout of `user_workouts_data.json` lists its items the same way under `equipments`).
 * Items are named by their label, unique per user there as here, which links the workouts to them.
 * Pure (it runs in the metadata thread).
 */
export const FITTRACKEE_EQUIPMENT_FILE = 'user_equipments_data.json'

/** The fields we keep of one item; its totals are left to the workouts that carry it. */
const itemSchema = z.object({
  label: z.string().trim().min(1).max(EQUIPMENT_LABEL_MAX),
  description: z.string().max(EQUIPMENT_DESCRIPTION_MAX).nullish(),
  equipment_type: z.object({ label: z.enum(EQUIPMENT_TYPE_LABELS) }),
  is_active: z.boolean(),
  default_for_sport_ids: z.array(z.number().int().positive()).max(100).default([]),
  // Before 1.0 items had no visibility (they were private).
  visibility: z.enum(VISIBILITY_LEVELS).default('private'),
})

/**
 * The items of `user_equipments_data.json`, or null when the file is not a list of items as the
 * reference writes them or names an item twice: the whole file is then refused, never half read.
 */
export function fitTrackeeGear(json: unknown): ExportGear[] | null {
  const parsed = z.array(itemSchema).safeParse(json)
  if (!parsed.success) return null
  const gear = parsed.data.map(
    (item): ExportGear => ({
      type: item.equipment_type.label,
      label: gearLabel(item.label),
      description: item.description?.trim() || null,
      defaultSportIds: [...new Set(item.default_for_sport_ids)],
      isActive: item.is_active,
      visibility: item.visibility,
    }),
  )
  return new Set(gear.map((item) => item.label)).size === gear.length ? gear : null
}

/** The labels of a workout's `equipments` (objects with a `label`; anything else names nothing). */
export function fitTrackeeWorkoutGear(equipments: unknown): string[] {
  if (!Array.isArray(equipments)) return []
  const labels = equipments.flatMap((item: unknown) => {
    const label = typeof item === 'object' && item !== null ? (item as { label?: unknown }).label : undefined
    return typeof label === 'string' && gearLabel(label) !== '' ? [gearLabel(label)] : []
  })
  return [...new Set(labels)]
}
