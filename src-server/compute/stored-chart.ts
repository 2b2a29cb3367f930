import type { ChartPoint } from '../../src/domain/analysis'

type Field = keyof ChartPoint

/**
 * The fields of a chart point, in the order `chartSeries` sets them (sensors only when present);
 * a field added to `ChartPoint` does not compile until it is listed here.
 */
const FIELDS = Object.keys({
  segment: 0,
  distanceKm: 0,
  elapsedS: 0,
  time: 0,
  speedKmh: 0,
  elevationM: 0,
  lat: 0,
  lon: 0,
  heartRate: 0,
  cadence: 0,
  power: 0,
  temperature: 0,
} satisfies Record<Field, 0>) as Field[]

/** A chart as stored since version 2: one array per field (a point's values at its index). */
type ChartColumns = { readonly v: 2 } & Partial<Record<Field, readonly (number | null)[]>>

/**
 * The JSON text a workout's chart series is stored as (gzipped in `workout_track.chart`): one
 * array per field instead of an object per point, the same numbers. Field names written once
 * rather than 2,000 times make the text ~40% as long, so writing and gzipping it take about
 * half the time (the largest fixed cost of importing a small file).
 */
export function chartJson(points: readonly ChartPoint[]): string {
  const first = points[0]
  const columns: Record<string, unknown> = { v: 2 }
  for (const field of FIELDS) {
    // Every point of a chart has the same fields: the first one says which.
    if (first === undefined || !(field in first)) continue
    const values = new Array<number | null>(points.length)
    for (let i = 0; i < points.length; i++) values[i] = (points[i] as Partial<Record<Field, number | null>>)[field] ?? null
    columns[field] = values
  }
  return JSON.stringify(columns)
}

/** The chart points of stored JSON text: version 2 (see {@link chartJson}) or the earlier array of points. */
export function chartPoints(json: string): ChartPoint[] {
  const stored = JSON.parse(json) as ChartPoint[] | ChartColumns
  if (Array.isArray(stored)) return stored
  const present = FIELDS.filter((field) => stored[field] !== undefined)
  const size = stored.segment?.length ?? 0
  const points: ChartPoint[] = []
  for (let i = 0; i < size; i++) {
    const point: Record<string, number | null> = {}
    for (const field of present) point[field] = stored[field]?.[i] ?? null
    points.push(point as unknown as ChartPoint)
  }
  return points
}
