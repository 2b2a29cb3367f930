/** How a sport's speeds read for a user: as a speed (distance per hour) or as a pace (time per distance). */
export const SPEED_DISPLAYS = ['speed', 'pace'] as const
export type SpeedDisplay = (typeof SPEED_DISPLAYS)[number]

/** The specification's default: every sport shows speeds until the user asks for pace. */
export const DEFAULT_SPEED_DISPLAY: SpeedDisplay = 'speed'

/**
 * Pace in seconds per distance unit of a speed in that unit per hour (km/h → s/km, mi/h → s/mi).
 * @returns null when standing still (no pace exists)
 */
export function paceOfSpeed(speedPerHour: number): number | null {
  return speedPerHour > 0 && Number.isFinite(speedPerHour) ? 3600 / speedPerHour : null
}

/** Speed per hour of a pace in seconds per distance unit: the inverse of {@link paceOfSpeed}. */
export function speedOfPace(secondsPerUnit: number): number {
  return 3600 / secondsPerUnit
}

/**
 * Pace of a distance covered in a time, seconds per unit of that distance.
 * @returns null without distance
 */
export function paceOf(distance: number, seconds: number): number | null {
  return distance > 0 ? seconds / distance : null
}

/**
 * A pace as runners write it: `m:ss` (`4:05`), `h:mm:ss` from an hour on (a steep hike), whole
 * seconds rounded so 4:59.6 reads `5:00`, never `4:60`.
 */
export function formatPace(secondsPerUnit: number): string {
  const total = Math.max(0, Math.round(secondsPerUnit))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}
