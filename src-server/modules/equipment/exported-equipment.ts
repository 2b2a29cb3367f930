import { z } from 'zod'
import { EQUIPMENT_DESCRIPTION_MAX, EQUIPMENT_LABEL_MAX, MISC_EQUIPMENT_MAX } from '../../../src/contracts'
import { MISC, TYPE_WITH_COMPONENTS, typeFitsSport } from '../../../src/domain/equipment'
import { SPORTS } from '../../../src/domain/sports'
import { VISIBILITY_LEVELS } from '../../../src/domain/visibility'
import { shortId } from '../../lib/short-id'
import type { Repositories } from '../../db/repositories'
import { newItem } from './equipment-rules'

// A user export's equipment (see `backup/user-export-format.ts`): items are named by their label,
// unique per user, so a second import finds the items of the first and links to them.

const instant = z.iso.datetime()
const label = z.string().trim().min(1).max(EQUIPMENT_LABEL_MAX)
/** km or hours of moving time; null: none. */
const limit = z.number().positive().max(1_000_000).nullable()

/** One item of a user export: its type by label, its totals left to the workouts that carry it. */
export const exportedItemSchema = z.object({
  label,
  description: z.string().max(EQUIPMENT_DESCRIPTION_MAX).nullable(),
  type: z.string().min(1).max(50),
  isActive: z.boolean(),
  visibility: z.enum(VISIBILITY_LEVELS),
  createdAt: instant,
  wearLimitDistance: limit,
  wearLimitHours: limit,
  defaultForSportIds: z.array(z.number().int().positive()),
  components: z.array(z.object({ label, fittedAt: instant, removedAt: instant.nullable(), wearLimitDistance: limit, wearLimitHours: limit })),
})
type ExportedItem = z.infer<typeof exportedItemSchema>

/** A workout of an export as far as its equipment goes. */
interface ExportedWorkoutGear {
  id: string
  sportId: number
  equipment?: string[] | undefined
}

/** A user's items as an export writes them, and the labels of each workout's items. */
export async function exportEquipment(repositories: Repositories, userId: number, workoutIds: readonly string[]): Promise<{ items: ExportedItem[]; byWorkout: Map<string, string[]> }> {
  const equipment = repositories.equipment
  const owned = await equipment.ofUser(userId)
  const types = new Map((await equipment.types()).map((type) => [type.id, type.label]))
  const defaults = await equipment.defaultSportIds(owned.map((item) => item.id))
  const components = await equipment.componentsOf(owned.map((item) => item.id))
  const items = owned.map(
    (item): ExportedItem => ({
      label: item.label,
      description: item.description,
      type: types.get(item.equipmentTypeId) ?? '',
      isActive: item.isActive,
      visibility: item.visibility,
      createdAt: item.createdAt.toISOString(),
      wearLimitDistance: item.wearLimitDistance,
      wearLimitHours: item.wearLimitHours,
      defaultForSportIds: defaults.get(item.id) ?? [],
      components: components
        .filter((component) => component.equipmentId === item.id)
        .map((component) => ({
          label: component.label,
          fittedAt: component.fittedAt.toISOString(),
          removedAt: component.removedAt?.toISOString() ?? null,
          wearLimitDistance: component.wearLimitDistance,
          wearLimitHours: component.wearLimitHours,
        })),
    }),
  )
  const byWorkout = new Map([...(await equipment.ofWorkouts(workoutIds))].map(([workoutId, linked]) => [workoutId, linked.map((item) => item.label)]))
  return { items, byWorkout }
}

/**
 * Why an export's equipment cannot be imported into the user's account (`userId` null: a new
 * account), or null when it can: checked before anything is written, so an import never stops
 * half way. The rules are the API's: a label once, a known and enabled type, components on bikes,
 * default sports that fit, and each workout's items named, fitting its sport, one per type but 5 Misc.
 */
export async function equipmentRefusal(repositories: Repositories, userId: number | null, items: readonly ExportedItem[], workouts: readonly ExportedWorkoutGear[]): Promise<string | null> {
  const equipment = repositories.equipment
  const types = await equipment.types()
  const byLabel = new Map<string, ExportedItem>()
  for (const item of items) {
    const where = `equipment "${item.label}"`
    if (byLabel.has(item.label)) return `${where} is listed twice`
    byLabel.set(item.label, item)
    const type = types.find((candidate) => candidate.label === item.type)
    if (!type) return `${where} is of type "${item.type}", unknown here`
    const existing = userId === null ? null : await equipment.byLabel(userId, item.label)
    if (existing && existing.equipmentTypeId !== type.id) return `${where} is of another type in the account than in the export (${item.type})`
    if (!existing && !type.isActive) return `${where} is of type ${item.type}, which an administrator disabled here`
    if (item.components.length > 0 && item.type !== TYPE_WITH_COMPONENTS) return `${where} has components but is not a bike`
    if (item.components.some((component) => component.removedAt !== null && Date.parse(component.removedAt) < Date.parse(component.fittedAt))) return `${where} has a component removed before it was fitted`
    for (const sportId of item.defaultForSportIds) {
      const sport = SPORTS.find((candidate) => candidate.id === sportId)
      if (!sport || !typeFitsSport(item.type, sport.label)) return `${where} is a default for sport ${sportId}, which does not go with ${item.type}`
    }
  }
  for (const workout of workouts) {
    const sport = SPORTS.find((candidate) => candidate.id === workout.sportId)
    const perType = new Map<string, number>()
    for (const name of new Set(workout.equipment ?? [])) {
      const where = `workout ${workout.id}`
      const item = byLabel.get(name)
      if (!item) return `${where} names equipment "${name}", which the export does not list`
      if (!sport || !typeFitsSport(item.type, sport.label)) return `${where} has "${name}" (${item.type}), which does not go with its sport`
      const count = (perType.get(item.type) ?? 0) + 1
      if (count > (item.type === MISC ? MISC_EQUIPMENT_MAX : 1)) return `${where} has more than ${item.type === MISC ? MISC_EQUIPMENT_MAX : 1} ${item.type}`
      perType.set(item.type, count)
    }
  }
  return null
}

/**
 * Creates the export's items the user does not have (an item of the same label is the same item
 * and is left as it is), with their components and, where the sport has no default of the type
 * yet, their default sports. Checked first by {@link equipmentRefusal}.
 * @returns the user's item id of each exported label
 */
export async function restoreEquipment(repositories: Repositories, userId: number, items: readonly ExportedItem[]): Promise<Map<string, string>> {
  const equipment = repositories.equipment
  const types = await equipment.types()
  const ids = new Map<string, string>()
  for (const exported of items) {
    const existing = await equipment.byLabel(userId, exported.label)
    const type = types.find((candidate) => candidate.label === exported.type)
    if (existing || !type) {
      if (existing) ids.set(exported.label, existing.id)
      continue
    }
    const item = newItem({
      userId,
      label: exported.label,
      description: exported.description,
      equipmentTypeId: type.id,
      createdAt: new Date(exported.createdAt),
      visibility: exported.visibility,
      wearLimitDistance: exported.wearLimitDistance,
      wearLimitHours: exported.wearLimitHours,
    })
    item.isActive = exported.isActive
    await equipment.insert(item)
    ids.set(exported.label, item.id)
    for (const component of exported.components) {
      const id = shortId()
      await equipment.insertComponent(id, item.id, new Date(component.fittedAt), component)
      if (component.removedAt !== null) await equipment.removeComponent(item.id, id, new Date(component.removedAt))
    }
    if (!item.isActive) continue
    const taken = await equipment.defaultsCount(userId, item.id, type.id, exported.defaultForSportIds)
    const free = exported.defaultForSportIds.filter((sportId) => (taken.get(sportId) ?? 0) < (type.label === MISC ? MISC_EQUIPMENT_MAX : 1))
    await equipment.setDefaultSports(item.id, free)
  }
  return ids
}
