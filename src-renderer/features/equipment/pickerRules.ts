import { MISC_EQUIPMENT_MAX, type Equipment } from '../../../src/contracts'
import { MISC, typeFitsSport } from '../../../src/domain/equipment'

type Item = Pick<Equipment, 'id' | 'equipment_type'>

/** The items that may go with a sport (the server's rule); all of them while the sport is unknown. */
export function itemsForSport<T extends Item>(items: readonly T[], sportLabel: string | undefined): T[] {
  return sportLabel === undefined ? [...items] : items.filter((item) => typeFitsSport(item.equipment_type.label, sportLabel))
}

/** The chosen ids that still go with a new sport; ids of unknown items are left for the server to judge. */
export function keptForSport(items: readonly Item[], ids: readonly string[], sportLabel: string | undefined): string[] {
  const known = new Map(items.map((item) => [item.id, item]))
  const fitting = new Set(itemsForSport(items, sportLabel).map((item) => item.id))
  return ids.filter((id) => !known.has(id) || fitting.has(id))
}

/**
 * A user's new choice, made valid: an item added where one of its type was chosen replaces it (one
 * per type); a Misc item added past the limit is not taken.
 */
export function withNewPick(items: readonly Item[], previous: readonly string[], next: readonly string[]): string[] {
  const typeOf = new Map(items.map((item) => [item.id, item.equipment_type.label]))
  const added = next.filter((id) => !previous.includes(id))
  const kept = next.filter((id) => previous.includes(id))
  let misc = kept.filter((id) => typeOf.get(id) === MISC).length
  const taken = added.filter((id) => typeOf.get(id) !== MISC || (misc += 1) <= MISC_EQUIPMENT_MAX)
  // Oldest first: a later pick of a type replaces the items of that type before it.
  const chosen = [...kept, ...taken]
  const replaced = (id: string) => {
    const type = typeOf.get(id)
    return type !== undefined && type !== MISC && chosen.slice(chosen.indexOf(id) + 1).some((other) => typeOf.get(other) === type)
  }
  return next.filter((id) => chosen.includes(id) && !replaced(id))
}
