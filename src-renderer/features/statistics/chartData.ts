import type { SportStatistics } from '../../../src/contracts'
import { FEET_PER_METRE, MILES_PER_KM } from '../../format/units'

/** The measures of spec §2; the last three only in full statistics. */
export const BASIC_MEASURES = ['total_distance', 'total_duration', 'nb_workouts'] as const
export const FULL_MEASURES = [...BASIC_MEASURES, 'average_speed', 'total_ascent', 'total_descent'] as const
export type Measure = (typeof FULL_MEASURES)[number]

/** Most y-axis ticks the chart draws (spec §9). */
const MAX_Y_TICKS = 6

/** The unit of a measure in the viewer's system, as a `common.UNITS` key (null: a count or a duration). */
export function measureUnit(measure: Measure, imperial: boolean): 'km' | 'mi' | 'm' | 'ft' | 'km/h' | 'mi/h' | null {
  switch (measure) {
    case 'total_distance':
      return imperial ? 'mi' : 'km'
    case 'average_speed':
      return imperial ? 'mi/h' : 'km/h'
    case 'total_ascent':
    case 'total_descent':
      return imperial ? 'ft' : 'm'
    case 'total_duration':
    case 'nb_workouts':
      return null
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** One measure of one sport's totals, converted to the viewer's unit and rounded to 2 decimals. */
export function measureValue(stats: SportStatistics, measure: Measure, imperial: boolean): number {
  const raw = stats[measure]
  switch (measure) {
    case 'total_distance':
    case 'average_speed':
      return round2(imperial ? raw * MILES_PER_KM : raw)
    case 'total_ascent':
    case 'total_descent':
      return round2(imperial ? raw * FEET_PER_METRE : raw)
    case 'total_duration':
    case 'nb_workouts':
      return raw
  }
}

/** The data key of a sport's bars. */
export const seriesKey = (sportId: number | string) => `sport_${sportId}`

export type ChartRow = { period: string; label: string } & Record<string, number | string>

/**
 * One row per period (empty periods included, so the axis keeps its rhythm) with one value per
 * sport, and the sports that appear anywhere in the window.
 */
export function buildChartRows(
  statistics: Record<string, Record<string, SportStatistics>>,
  keys: readonly string[],
  measure: Measure,
  imperial: boolean,
  labelOf: (key: string) => string,
): { rows: ChartRow[]; sportIds: number[] } {
  const sportIds = new Set<number>()
  for (const key of keys) for (const id of Object.keys(statistics[key] ?? {})) sportIds.add(Number(id))
  const sorted = [...sportIds].sort((a, b) => a - b)
  const rows = keys.map((key) => {
    const row: ChartRow = { period: key, label: labelOf(key) }
    for (const id of sorted) {
      const stats = statistics[key]?.[String(id)]
      row[seriesKey(id)] = stats ? measureValue(stats, measure, imperial) : 0
    }
    return row
  })
  return { rows, sportIds: sorted }
}

/** The highest bar: the sum of a period's sports when stacked, else its largest value. */
export function highestValue(rows: readonly ChartRow[], sportIds: readonly number[], stacked: boolean): number {
  let highest = 0
  for (const row of rows) {
    const values = sportIds.map((id) => Number(row[seriesKey(id)] ?? 0))
    const value = stacked ? values.reduce((sum, v) => sum + v, 0) : Math.max(0, ...values)
    highest = Math.max(highest, value)
  }
  return highest
}

/** Round steps for durations: minutes, quarter hours, hours, days. */
const DURATION_STEPS = [60, 300, 600, 900, 1800, 3600, 7200, 3 * 3600, 6 * 3600, 12 * 3600, 86_400, 2 * 86_400, 7 * 86_400]

function niceStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const scaled = rough / magnitude
  const nice = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : 10
  return nice * magnitude
}

/**
 * Y-axis ticks from 0 up to at least `max`, at most {@link MAX_Y_TICKS}, on round steps (whole
 * numbers for counts, round clock values for durations).
 */
export function yTicks(max: number, measure: Measure): number[] {
  if (!(max > 0)) return [0]
  const rough = max / (MAX_Y_TICKS - 1)
  let step: number
  if (measure === 'total_duration') {
    step = DURATION_STEPS.find((candidate) => candidate >= rough) ?? Math.ceil(rough / 86_400) * 86_400
  } else {
    step = niceStep(rough)
    if (measure === 'nb_workouts') step = Math.max(1, Math.ceil(step))
  }
  const ticks: number[] = []
  for (let value = 0; ticks.length < MAX_Y_TICKS; value += step) {
    ticks.push(round2(value))
    if (value >= max) break
  }
  return ticks
}
