import { MISC_EQUIPMENT_MAX, type Equipment } from '../../../src/contracts'
import type { SportEntity, WorkoutEntity } from '../../db/entities'
import { shareWork, type Repositories } from '../../db/repositories'
import { MISC, typeFitsSport } from '../../../src/domain/equipment'
import { checkWorkoutItems, presentItems } from './equipment-rules'

// The workouts' writes call these in their own transaction, so an item's totals change with its
// workouts or not at all: no trigger, background job or later request can leave them stale.

/** Recomputes these items' totals once per write (once per batch of an archive's files). */
function refreshTotals(repositories: Repositories, userId: number, itemIds: readonly string[]): Promise<void> {
  return shareWork(repositories, `equipment totals ${userId}`, itemIds, (shared, batches) => shared.equipment.refreshTotals(batches.flat()))
}

/**
 * Gives new workouts their equipment: the items sent (checked against each workout's sport), or
 * when none were sent each sport's active defaults (`[]`: none).
 */
export async function equipNewWorkouts(repositories: Repositories, userId: number, workouts: readonly WorkoutEntity[], ids: readonly string[] | undefined): Promise<void> {
  const equipment = repositories.equipment
  /** The items sent, checked against the sport (none for an unknown sport). */
  const itemsSent = async (sportId: number, sent: readonly string[]) => {
    const sport = await repositories.sports.byId(sportId)
    return sport ? checkWorkoutItems(equipment, userId, sport, sent) : []
  }
  const used: string[] = []
  for (const sportId of new Set(workouts.map((workout) => workout.sportId))) {
    // The sport's defaults need no read of the sport (only a sport that exists has any).
    const items = ids === undefined ? await equipment.activeDefaultsFor(userId, sportId) : await itemsSent(sportId, ids)
    if (items.length === 0) continue
    const itemIds = items.map((item) => item.id)
    await equipment.setItemsOfWorkouts(
      workouts.filter((workout) => workout.sportId === sportId).map((workout) => workout.id),
      itemIds,
    )
    used.push(...itemIds)
  }
  if (used.length > 0) await refreshTotals(repositories, userId, used)
}

/**
 * After a workout's edit (saved in the same transaction): the items sent replace its own (an item
 * it had may stay though retired); none sent keeps them, checked again against a new sport. The
 * totals of every item it had or has follow its new figures.
 */
export async function equipEditedWorkout(
  repositories: Repositories,
  workout: Pick<WorkoutEntity, 'id' | 'userId'>,
  sport: Pick<SportEntity, 'label'>,
  change: { ids: readonly string[] | undefined; sportChanged: boolean },
): Promise<void> {
  const equipment = repositories.equipment
  const before = await equipment.idsOfWorkout(workout.id)
  let after = before
  if (change.ids !== undefined) {
    after = (await checkWorkoutItems(equipment, workout.userId, sport, change.ids, before)).map((item) => item.id)
    await equipment.setItemsOfWorkouts([workout.id], after)
  } else if (change.sportChanged) await checkWorkoutItems(equipment, workout.userId, sport, before, before)
  await refreshTotals(repositories, workout.userId, [...before, ...after])
}

/** Runs a workout's deletion, then takes it out of its items' totals (same transaction). */
export async function keepingTotals<T>(repositories: Repositories, workout: Pick<WorkoutEntity, 'id' | 'userId'>, work: () => Promise<T>): Promise<T> {
  const itemIds = await repositories.equipment.idsOfWorkout(workout.id)
  const result = await work()
  await refreshTotals(repositories, workout.userId, itemIds)
  return result
}

/** The equipment of each workout, in the answer's shape. */
export async function equipmentOfWorkouts(repositories: Repositories, workoutIds: readonly string[]): Promise<Map<string, Equipment[]>> {
  const equipment = repositories.equipment
  const byWorkout = await equipment.ofWorkouts(workoutIds)
  const presented = new Map((await presentItems(equipment, [...new Set([...byWorkout.values()].flat())])).map((item) => [item.id, item]))
  return new Map([...byWorkout].map(([workoutId, items]) => [workoutId, items.flatMap((item) => presented.get(item.id) ?? [])]))
}

/**
 * Links an export's gear to a workout (new or already there: a re-imported activity), beside the
 * items it has: an item it has, of a type it has already (up to 5 Misc) or that does not go with
 * its sport is left out; an export links retired items too. The items' totals follow in the same
 * transaction.
 */
export async function linkExportGear(repositories: Repositories, workout: Pick<WorkoutEntity, 'id' | 'userId'>, itemIds: readonly string[]): Promise<void> {
  const equipment = repositories.equipment
  const stored = await repositories.workouts.ofUser(workout.id, workout.userId)
  const sport = stored ? await repositories.sports.byId(stored.sportId) : null
  if (!sport || itemIds.length === 0) return
  const types = new Map((await equipment.types()).map((type) => [type.id, type.label]))
  const linked = (await equipment.ofWorkouts([workout.id])).get(workout.id) ?? []
  const added: string[] = []
  for (const item of await equipment.byIds(workout.userId, itemIds)) {
    const type = types.get(item.equipmentTypeId) ?? ''
    const sameType = linked.filter((other) => other.equipmentTypeId === item.equipmentTypeId).length
    if (linked.some((other) => other.id === item.id) || !typeFitsSport(type, sport.label)) continue
    if (sameType >= (type === MISC ? MISC_EQUIPMENT_MAX : 1)) continue
    linked.push(item)
    added.push(item.id)
  }
  if (added.length === 0) return
  await equipment.setItemsOfWorkouts([workout.id], linked.map((item) => item.id))
  await refreshTotals(repositories, workout.userId, added)
}
