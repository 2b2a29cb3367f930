import { SPORT_ID } from '../sports'

/** How a sport's speeds read for a user: as a speed (distance per hour) or as a pace (time per distance). */
export const SPEED_DISPLAYS = ['speed', 'pace'] as const
export type SpeedDisplay = (typeof SPEED_DISPLAYS)[number]


/** Metres of the distance a pace counts: a kilometre or a mile on land, 100 m or 100 yd (91.44 m) in the water. */
export const PACE_UNIT_M = { km: 1000, mi: 1609.344, '100m': 100, '100yd': 91.44 } as const

/** The distance a pace is given per. */
export type PaceUnit = keyof typeof PACE_UNIT_M

const SWIMMING_SPORTS: ReadonlySet<number> = new Set([SPORT_ID.swimmingPool, SPORT_ID.swimmingOpenWater])

const FOOT_SPORTS: ReadonlySet<number> = new Set([SPORT_ID.running, SPORT_ID.trail, SPORT_ID.walking, SPORT_ID.hiking, SPORT_ID.snowshoes])

/** Sports whose people think in time per distance: on foot and in the water (issue 33). */
const PACE_SPORTS: ReadonlySet<number> = new Set([...FOOT_SPORTS, ...SWIMMING_SPORTS])

/** Running, trail, walking, hiking and snowshoes: cadence counts steps, not a pedal's turns. */
export function isOnFoot(sportId: number): boolean {
  return FOOT_SPORTS.has(sportId)
}

/**
 * How a sport's speeds read for a user who never chose: runners, walkers, hikers and swimmers
 * count pace, as their watches and peers' apps do; everyone else a speed.
 */
function defaultSpeedDisplay(sportId: number): SpeedDisplay {
  return PACE_SPORTS.has(sportId) ? 'pace' : 'speed'
}

/** A user's choice for a sport (null: never chosen) or else the sport's default. */
export function speedDisplayOf(sportId: number, choice: SpeedDisplay | null | undefined): SpeedDisplay {
  return choice ?? defaultSpeedDisplay(sportId)
}

/** Pool and open-water swimming: paces per 100 m or 100 yd, distances in metres or yards. */
export function isSwimming(sportId: number): boolean {
  return SWIMMING_SPORTS.has(sportId)
}

/**
 * The pace unit of a sport for a viewer: swimmers count per 100 m (100 yd in imperial units), as
 * pool clocks and training plans do; every other sport per km or per mile.
 */
export function paceUnitFor(sportId: number, imperial: boolean): PaceUnit {
  if (isSwimming(sportId)) return imperial ? '100yd' : '100m'
  return imperial ? 'mi' : 'km'
}

/**
 * Pace in seconds per `unit` of a speed in km/h (10 km/h → 360 s/km, 36 s/100 m).
 * @returns null when standing still (no pace exists)
 */
export function paceOfSpeed(kmh: number, unit: PaceUnit): number | null {
  return kmh > 0 && Number.isFinite(kmh) ? (3.6 * PACE_UNIT_M[unit]) / kmh : null
}

/** Speed in km/h of a pace in seconds per `unit`: the inverse of {@link paceOfSpeed}. */
export function speedOfPace(seconds: number, unit: PaceUnit): number {
  return (3.6 * PACE_UNIT_M[unit]) / seconds
}

/**
 * Pace of `metres` covered in `seconds`, in seconds per `unit`.
 * @returns null without distance
 */
export function paceOf(metres: number, seconds: number, unit: PaceUnit): number | null {
  return metres > 0 ? (seconds * PACE_UNIT_M[unit]) / metres : null
}

/**
 * A pace as runners and swimmers write it: `m:ss` (`4:05`), `h:mm:ss` from an hour on (a steep
 * hike), whole seconds rounded so 4:59.6 reads `5:00`, never `4:60`.
 */
export function formatPace(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}
