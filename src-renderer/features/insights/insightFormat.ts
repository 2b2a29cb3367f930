import type { WorkoutPart } from '../../../src/contracts'
import { formatPace, PACE_UNIT_M, paceOf, type PaceUnit } from '../../../src/domain/pace'

/** Translation key of a best effort's name (`insights.BEST_EFFORTS.<key>`); targets are metres or seconds. */
export function effortKey(kind: 'distance' | 'power', target: number): string {
  if (kind === 'power') return `DURATION_${target}`
  const names: Record<number, string> = {
    400: 'D400M',
    1000: 'D1K',
    1609.344: 'DMILE',
    5000: 'D5K',
    10000: 'D10K',
    20000: 'D20K',
    21097.5: 'DHALF',
    40000: 'D40K',
    42195: 'DMARATHON',
    100000: 'D100K',
  }
  return names[target] ?? 'D1K'
}

/** Pace (`m:ss` per km, mile, 100 m or 100 yd) of a distance covered in a moving time, or null without distance. */
export function paceText(distanceKm: number, movingS: number, unit: PaceUnit): string | null {
  const pace = paceOf(distanceKm * 1000, movingS, unit)
  return pace === null ? null : formatPace(pace)
}

/**
 * Splits as they were cut: every split but the last covers exactly its unit. The API writes
 * distances to the metre (the reference tracker's km with 3 decimals), so 100 yd (91.44 m) comes
 * back as 91 m, and a pace from that distance would read 0.5 % slow (1:32 for 91.4 s).
 */
export function exactSplits(parts: readonly WorkoutPart[], unit: PaceUnit): WorkoutPart[] {
  return parts.map((part, index) => (index < parts.length - 1 ? { ...part, distance: PACE_UNIT_M[unit] / 1000 } : part))
}
