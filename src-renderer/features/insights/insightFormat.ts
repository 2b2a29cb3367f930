import { formatPace, paceOf, type PaceUnit } from '../../../src/domain/pace'

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
