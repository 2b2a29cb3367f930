import { isSwimming } from '../pace'
import { CYCLING_EFFORT_DISTANCES_M, FOOT_EFFORT_DISTANCES_M } from './best-efforts'

/** Sports whose best efforts are the running distances (on foot). */
const FOOT_SPORTS = new Set(['Running', 'Trail', 'Walking', 'Hiking'])

/**
 * The best-effort distances shown for a sport (by its English label): the running distances for
 * running and walking sports, the cycling ones for any cycling or biking sport (so sports added
 * later, such as indoor cycling, are covered), none otherwise.
 */
export function effortDistancesFor(sportLabel: string): readonly number[] {
  if (FOOT_SPORTS.has(sportLabel)) return FOOT_EFFORT_DISTANCES_M
  if (/cycling|biking/i.test(sportLabel)) return CYCLING_EFFORT_DISTANCES_M
  return []
}

/**
 * The insight options of a sport's analysis: its best-effort distances, and for swims splits per
 * 100 m and 100 yd (swimmers count per pool length multiple; a km split is 40 lengths).
 */
export function insightOptionsFor(sport: { id: number; label: string }): { effortDistancesM: readonly number[]; swimSplits: boolean } {
  return { effortDistancesM: effortDistancesFor(sport.label), swimSplits: isSwimming(sport.id) }
}
