import { FOOT_EFFORT_DISTANCES_M } from '../../../src/domain/insights/best-efforts'
import { effortDistancesFor } from '../../../src/domain/insights/sport-efforts'
import { formatDuration } from '../../components/formatDuration'
import { MILES_PER_KM } from '../../format/units'

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

/** True for running and walking sports: their parts read as a pace rather than a speed. */
export function readsAsPace(sportLabel: string | undefined): boolean {
  return sportLabel !== undefined && effortDistancesFor(sportLabel) === FOOT_EFFORT_DISTANCES_M
}

/**
 * Pace (`m:ss` per km or mile) of a distance covered in a moving time, or null without
 * distance. Hours show when a unit takes an hour or more (a slow hike).
 */
export function formatPace(distanceKm: number, movingS: number, imperial: boolean): string | null {
  const units = imperial ? distanceKm * MILES_PER_KM : distanceKm
  if (!(units > 0)) return null
  const text = formatDuration(movingS / units)
  return text.startsWith('00:') ? text.slice(3) : text
}
