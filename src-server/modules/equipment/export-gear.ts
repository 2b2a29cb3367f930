import { MISC_EQUIPMENT_MAX } from '../../../src/contracts'
import { MISC, typeFitsSport } from '../../../src/domain/equipment'
import { SPORTS } from '../../../src/domain/sports'
import type { Repositories } from '../../db/repositories'
import { newItem } from './equipment-rules'
import type { ExportGear } from './strava-gear'

/** An export's gear as the importing user's items: by label, each item's id, type label and whether it is active. */
export type GearIndex = ReadonlyMap<string, { id: string; type: string; active: boolean }>

/**
 * Makes the export's gear the user's items: an item with the same label is the same gear (a second
 * import links to it, never a copy, and leaves it as the user made it); gear of a type an
 * administrator disabled is left out. A new item is the default for the export's sports that go
 * with its type and have no default of that type yet (up to 5 Misc).
 */
export async function createExportGear(repositories: Repositories, userId: number, gear: readonly ExportGear[], now: Date): Promise<GearIndex> {
  const equipment = repositories.equipment
  const types = await equipment.types()
  const index = new Map<string, { id: string; type: string; active: boolean }>()
  // Each new item a millisecond after the one before: PostgreSQL lists a user's items by creation
  // time, so they keep the export's order there too (SQLite lists them by insertion).
  let created = 0
  for (const piece of gear) {
    if (index.has(piece.label)) continue
    const existing = await equipment.byLabel(userId, piece.label)
    if (existing) {
      index.set(piece.label, { id: existing.id, type: types.find((type) => type.id === existing.equipmentTypeId)?.label ?? '', active: existing.isActive })
      continue
    }
    const type = types.find((candidate) => candidate.label === piece.type && candidate.isActive)
    if (!type) continue
    const item = newItem({ userId, label: piece.label, description: piece.description, equipmentTypeId: type.id, createdAt: new Date(now.getTime() + created++), visibility: piece.visibility ?? 'private', wearLimitDistance: null, wearLimitHours: null })
    item.isActive = piece.isActive ?? true
    await equipment.insert(item)
    index.set(piece.label, { id: item.id, type: type.label, active: item.isActive })
    const sportIds = piece.defaultSportIds.filter((sportId) => typeFitsSport(type.label, SPORTS.find((sport) => sport.id === sportId)?.label ?? ''))
    if (!item.isActive || sportIds.length === 0) continue
    const taken = await equipment.defaultsCount(userId, item.id, type.id, sportIds)
    await equipment.setDefaultSports(item.id, sportIds.filter((sportId) => (taken.get(sportId) ?? 0) < (type.label === MISC ? MISC_EQUIPMENT_MAX : 1)))
  }
  return index
}

/**
 * The equipment a new workout of an export gets when it is created: with the export's gear lists
 * read (`listed`), the activity's own active items that go with the sport (one per type, 5 Misc),
 * else none, as the export says; without, `fallback` (the upload's choice, or each sport's
 * defaults when undefined). Its retired items are linked after (see `linkExportGear`).
 */
export function exportGearIds(index: GearIndex, listed: boolean, gear: readonly string[] | undefined, sportId: number, fallback: readonly string[] | undefined): readonly string[] | undefined {
  if (!listed) return fallback
  const sport = SPORTS.find((candidate) => candidate.id === sportId)
  const perType = new Map<string, number>()
  const ids: string[] = []
  for (const label of gear ?? []) {
    const item = index.get(label)
    if (!item?.active || !sport || !typeFitsSport(item.type, sport.label)) continue
    const count = (perType.get(item.type) ?? 0) + 1
    if (count > (item.type === MISC ? MISC_EQUIPMENT_MAX : 1)) continue
    perType.set(item.type, count)
    ids.push(item.id)
  }
  return ids
}

/** The ids of an activity's retired items, which a new workout's own checks refuse and `linkExportGear` links. */
export function retiredGearIds(index: GearIndex, gear: readonly string[] | undefined): string[] {
  return (gear ?? []).flatMap((label) => {
    const item = index.get(label)
    return item && !item.active ? [item.id] : []
  })
}
