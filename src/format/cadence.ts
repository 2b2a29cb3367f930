import { isOnFoot, isSwimming } from '../domain/pace'
import { SPORT_ID } from '../domain/sports'

/**
 * A file's cadence counts one leg's cycles a minute (FIT's cadence, TCX's RunCadence, GPX's cad): a pedal's turns,
 * or on foot one foot's strides. Runners, walkers and hikers count both feet's steps, as Garmin's and Strava's apps
 * show them.
 */
const STEPS_PER_STRIDE = 2

/** How a sport's cadence reads: steps a minute on foot, strokes a minute in the water, revolutions a minute otherwise. */
export type CadenceUnit = 'spm' | 'strokes' | 'rpm'

export function cadenceUnitOf(sportId: number): CadenceUnit {
  if (isOnFoot(sportId)) return 'spm'
  return isSwimming(sportId) || sportId === SPORT_ID.rowing ? 'strokes' : 'rpm'
}

/** A stored cadence (cycles a minute) in `unit`. */
export function cadenceIn(cycles: number, unit: CadenceUnit): number {
  return unit === 'spm' ? cycles * STEPS_PER_STRIDE : cycles
}
