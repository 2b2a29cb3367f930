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
