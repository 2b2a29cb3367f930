import type { EntityManager } from 'typeorm'
import { typeFitsSport } from '../../../src/domain/equipment'
import { SPORTS } from '../../../src/domain/sports'
import { equipmentRepository } from '../../db/repositories/equipment.repository'
import { newItem } from './equipment-rules'
import type { ExportGear } from './strava-gear'

/** An export's gear as the importing user's items: by label, each item's id and type label. */
export type GearIndex = ReadonlyMap<string, { id: string; type: string }>

/**
 * Makes the export's gear the user's items: an item with the same label is the same gear (a second
 * import links to it, never a copy); gear of a type an administrator disabled is left out.
 */
export async function createExportGear(manager: EntityManager, userId: number, gear: readonly ExportGear[], now: Date): Promise<GearIndex> {
  const equipment = equipmentRepository(manager)
  const types = await equipment.types()
  const index = new Map<string, { id: string; type: string }>()
  for (const piece of gear) {
    if (index.has(piece.label)) continue
    const existing = await equipment.byLabel(userId, piece.label)
    if (existing) {
      index.set(piece.label, { id: existing.id, type: types.find((type) => type.id === existing.equipmentTypeId)?.label ?? '' })
      continue
    }
    const type = types.find((candidate) => candidate.label === piece.type && candidate.isActive)
    if (!type) continue
    const item = newItem({ userId, label: piece.label, description: piece.description, equipmentTypeId: type.id, createdAt: now, visibility: 'private', wearLimitDistance: null, wearLimitHours: null })
    await equipment.insert(item)
    index.set(piece.label, { id: item.id, type: type.label })
  }
  return index
}

/**
 * The equipment of an export's activity: with gear in the export, the activity's own when it goes
 * with the sport, else none (as the export says); without, `fallback` (the upload's choice, or
 * each sport's defaults when undefined).
 */
export function exportGearIds(index: GearIndex, gear: string | undefined, sportId: number, fallback: readonly string[] | undefined): readonly string[] | undefined {
  if (index.size === 0) return fallback
  const item = gear === undefined ? undefined : index.get(gear)
  const sport = SPORTS.find((candidate) => candidate.id === sportId)
  return item && sport && typeFitsSport(item.type, sport.label) ? [item.id] : []
}
