import { describe, expect, it } from 'vitest'
import { analyseForStorage, type ChartPoint } from '../../src/domain/analysis'
import { joinActivities } from '../../src/domain/track'
import { importGpxString } from '../importers/gpx/gpx-importer'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { chartJson, chartPoints } from './stored-chart'

/** The stored chart of a GPX document, as the import computes it. */
function chartOf(gpx: string): ChartPoint[] {
  return analyseForStorage(joinActivities({ format: 'gpx', activities: [importGpxString(gpx)], warnings: [] }), {}).chart
}

/** Each point as JSON: the same fields in the same order with the same numbers, or not. */
const asText = (points: readonly ChartPoint[]) => points.map((point) => JSON.stringify(point))

describe('stored chart', () => {
  // Downsampled (5,000 points), with heart rate and cadence and stops.
  const ride = chartOf(rideToGpx(syntheticRide(5_000, { stopEvery: 600 })))
  // Two segments, points without elevation, time or position (nulls), no sensors.
  const sparse = chartOf(`<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>
    <trkseg><trkpt lat="45.1" lon="6.05"><ele>400</ele><time>2024-05-01T08:00:00Z</time></trkpt>
    <trkpt lat="45.1001" lon="6.0501"><time>2024-05-01T08:00:05Z</time></trkpt>
    <trkpt lat="45.1002" lon="6.0502"><ele>401.5</ele></trkpt>
    <trkpt lat="45.1003" lon="6.0503"><ele>402</ele><time>2024-05-01T08:00:15Z</time></trkpt></trkseg>
    <trkseg><trkpt lat="45.2" lon="6.1"><ele>380.25</ele><time>2024-05-01T09:00:00Z</time></trkpt>
    <trkpt lat="45.2001" lon="6.1001"><ele>381</ele><time>2024-05-01T09:00:04Z</time></trkpt></trkseg></trk></gpx>`)

  it('reads back every point as it was: same fields, same order, same numbers, nulls kept', () => {
    expect(ride.length).toBeGreaterThan(1000)
    expect(ride[0]).toHaveProperty('heartRate')
    expect(sparse.some((point) => point.elevationM === null) && sparse.some((point) => point.time === null)).toBe(true)
    for (const chart of [ride, sparse, []]) expect(asText(chartPoints(chartJson(chart)))).toEqual(asText(chart))
  })

  it('reads charts stored before (an array of points) as they are', () => {
    for (const chart of [ride, sparse]) expect(asText(chartPoints(JSON.stringify(chart)))).toEqual(asText(chart))
  })

  it('is well under half the text of an object per point', () => {
    expect(chartJson(ride).length).toBeLessThan(JSON.stringify(ride).length / 2)
  })
})
