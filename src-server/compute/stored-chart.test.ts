import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { analyseForStorage, chartPointsOf, type ChartColumns, type ChartPoint } from '../../src/domain/analysis'
import { joinActivities } from '../../src/domain/track'
import { importGpxString } from '../importers/gpx/gpx-importer'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { chartPoints, packChart } from './stored-chart'

/** The stored chart of a GPX document, as the import computes it. */
function chartOf(gpx: string): ChartColumns {
  return analyseForStorage(joinActivities({ format: 'gpx', activities: [importGpxString(gpx)], warnings: [] }), {}).chart
}

/** Each point as JSON: the same fields in the same order with the same numbers, or not. */
const asText = (points: readonly ChartPoint[]) => points.map((point) => JSON.stringify(point))

/** Version 2 as earlier imports stored it: gzipped JSON, one array per field (written here independently). */
function storedV2(points: readonly ChartPoint[]): Buffer {
  const columns: Record<string, unknown> = { v: 2 }
  for (const field of Object.keys(points[0] ?? {})) columns[field] = points.map((point) => (point as unknown as Record<string, number | null>)[field] ?? null)
  return gzipSync(JSON.stringify(columns))
}

describe('stored chart', () => {
  // Downsampled (5,000 points), with heart rate and cadence and stops.
  const ride = chartOf(rideToGpx(syntheticRide(5_000, { stopEvery: 600 })))
  // Two segments, points without elevation, time or position (nulls), no sensors.
  const sparse = chartOf(`<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>
    <trkseg><trkpt lat="45.1" lon="6.05"><ele>400</ele><time>2024-05-01T08:00:00Z</time></trkpt>
    <trkpt lat="45.1001" lon="6.0501"><time>2024-05-01T08:00:05Z</time></trkpt>
    <trkpt lat="45.1002" lon="6.0502"><ele>401.5</ele></trkpt>
    <trkpt lat="45.1003" lon="6.0503"><ele>402</ele><time>2024-05-01T08:00:15Z</time></trkpt></trkseg>
    <trkseg><trkpt lat="45.2" lon="-6.1"><ele>-380.25</ele><time>2024-05-01T09:00:00Z</time></trkpt>
    <trkpt lat="-45.2001" lon="6.1001"><ele>381</ele><time>2024-05-01T09:00:04Z</time></trkpt></trkseg></trk></gpx>`)
  const ridePoints = chartPointsOf(ride)
  const sparsePoints = chartPointsOf(sparse)

  it('reads back every point as it was: same fields, same order, same numbers, nulls kept', () => {
    expect(ride.size).toBeGreaterThan(1000)
    expect(ridePoints[0]).toHaveProperty('heartRate')
    expect(sparsePoints.some((point) => point.elevationM === null) && sparsePoints.some((point) => point.time === null)).toBe(true)
    expect(new Set(sparsePoints.map((point) => point.segment))).toEqual(new Set([0, 1]))
    for (const chart of [ride, sparse, { size: 0, columns: {} }]) expect(asText(chartPoints(packChart(chart)))).toEqual(asText(chartPointsOf(chart)))
  })

  it('keeps numbers that are not of the rounding it expects, and extreme ones, exactly', () => {
    const column = (values: readonly number[] | undefined, changes: Record<number, number>) => {
      const changed = (values ?? []).slice(0, 50)
      for (const [index, value] of Object.entries(changes)) changed[Number(index)] = value
      return changed
    }
    const { columns } = ride
    const odd: ChartColumns = {
      size: 50,
      columns: {
        ...Object.fromEntries(Object.entries(columns).map(([field, values]) => [field, values.slice(0, 50)])),
        distanceKm: column(columns.distanceKm, { 7: 0.1 + 0.2 }),
        speedKmh: column(columns.speedKmh, { 9: Math.PI }),
        time: column(columns.time, { 3: 8.64e15, 4: -8.64e15 }),
        lat: column(columns.lat, { 11: -90 }),
        lon: column(columns.lon, { 11: 180 }),
      },
    }
    expect(asText(chartPoints(packChart(odd)))).toEqual(asText(chartPointsOf(odd)))
  })

  it('reads charts stored before (gzipped JSON: an array of points, or one array per field) as they are', () => {
    for (const chart of [ridePoints, sparsePoints]) {
      expect(asText(chartPoints(gzipSync(JSON.stringify(chart))))).toEqual(asText(chart))
      expect(asText(chartPoints(storedV2(chart)))).toEqual(asText(chart))
    }
  })

  it('is smaller than the gzipped JSON stored before', () => {
    expect(packChart(ride).length).toBeLessThan(storedV2(ridePoints).length)
  })
})
