import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { analyseTrack, type MotionFigures, type TrackAnalysis } from '../../../src/domain/analysis'
import { isAppError } from '../../../src/errors/app-error'
import { withClimbThreshold } from '../../test/climb-threshold'
import { importGpxFile } from './gpx-importer'

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/gpx/', import.meta.url))

interface ExpectedFigures {
  duration_s?: number
  moving_s?: number
  pauses_s?: number
  distance_km?: number | null
  ave_speed_kmh?: number | null
  max_speed_kmh?: number | null
  min_alt_m?: number | null
  max_alt_m?: number | null
  ascent_m?: number | null
  descent_m?: number | null
  workout_date?: string
  bounds?: number[]
}

interface ExpectedFile {
  workout?: ExpectedFigures
  segments?: ExpectedFigures[] | number
  title?: string | null
  chart?: { points: number; last_distance_km: number; last_duration_s: number; last_speed_kmh: number }
  error?: string
  error_or_import?: string
}

const expectedFiles: Record<string, ExpectedFile> = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8'))

/** Asserts `actual` equals `expected` at the precision of `decimals` (half a unit of the last place). */
function expectAt(actual: number | null, expected: number | null | undefined, decimals: number, label: string): void {
  if (expected === undefined) return
  if (expected === null) {
    expect(actual, label).toBeNull()
    return
  }
  expect(actual, label).not.toBeNull()
  expect(Math.abs((actual ?? Number.NaN) - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    0.5 * 10 ** -decimals + 1e-9,
  )
}

/** Checks one object of expected.json against our figures. A `null` speed/distance means "not given". */
function expectFigures(actual: MotionFigures, reference: ExpectedFigures, label: string): void {
  const expected = withClimbThreshold(reference)
  if (expected.duration_s !== undefined) expect(actual.durationS, `${label} duration`).toBe(expected.duration_s)
  if (expected.moving_s !== undefined) expect(actual.movingS, `${label} moving`).toBe(expected.moving_s)
  if (expected.pauses_s !== undefined) expect(actual.pausesS, `${label} pauses`).toBe(expected.pauses_s)
  if (expected.distance_km !== null) expectAt(actual.distanceKm, expected.distance_km, 3, `${label} distance`)
  if (expected.ave_speed_kmh !== null) expectAt(actual.aveSpeedKmh, expected.ave_speed_kmh, 2, `${label} ave speed`)
  if (expected.max_speed_kmh !== null) expectAt(actual.maxSpeedKmh, expected.max_speed_kmh, 2, `${label} max speed`)
  // In the microseconds entry every elevation is null although the file has elevations: there
  // null means "not given", which only happens together with a null distance.
  const elevationGiven = expected.distance_km !== null
  if (elevationGiven) {
    expectAt(actual.minAltM, expected.min_alt_m, 1, `${label} min alt`)
    expectAt(actual.maxAltM, expected.max_alt_m, 1, `${label} max alt`)
    expectAt(actual.ascentM, expected.ascent_m, 1, `${label} ascent`)
    expectAt(actual.descentM, expected.descent_m, 1, `${label} descent`)
  }
  if (expected.workout_date !== undefined) {
    expect(new Date(actual.startTime ?? Number.NaN).toISOString().replace('.000Z', 'Z'), `${label} date`).toBe(
      expected.workout_date,
    )
  }
  if (expected.bounds !== undefined) expect(actual.bounds, `${label} bounds`).toEqual(expected.bounds)
}

async function analyseFixture(name: string): Promise<TrackAnalysis> {
  return analyseTrack((await importGpxFile(join(fixtures, `${name}.gpx`))).track, { stoppedSpeedThresholdKmh: 1 })
}

async function errorOf(name: string): Promise<unknown> {
  return importGpxFile(join(fixtures, `${name}.gpx`)).then(
    ({ track }) => analyseTrack(track, { stoppedSpeedThresholdKmh: 1 }),
  ).then(
    () => null,
    (error: unknown) => error,
  )
}

const figureEntries = Object.entries(expectedFiles).filter(([name, entry]) => entry.workout && name !== 'no_gpx_workout')

describe('GPX fixtures reproduce expected.json', () => {
  it('covers every fixture file', () => {
    const files = readdirSync(fixtures)
      .filter((file) => file.endsWith('.gpx'))
      .map((file) => file.replace(/\.gpx$/, ''))
    expect(files.length).toBe(19)
    for (const file of files) expect(Object.keys(expectedFiles), file).toContain(file)
  })

  it.each(figureEntries)('%s', async (name, entry) => {
    const analysis = await analyseFixture(name)
    if (entry.workout) expectFigures(analysis.workout, entry.workout, `${name} workout`)
    if (typeof entry.segments === 'number') {
      expect(analysis.segments).toHaveLength(entry.segments)
    } else if (entry.segments) {
      expect(analysis.segments).toHaveLength(entry.segments.length)
      entry.segments.forEach((segment, index) => {
        const actual = analysis.segments[index]
        if (!actual) throw new Error(`${name}: missing segment ${index}`)
        expectFigures(actual, segment, `${name} segment ${index}`)
      })
    }
    if (entry.chart) {
      const { series } = analysis
      const last = series.size - 1
      expect(series.size).toBe(entry.chart.points)
      expectAt((series.distanceM[last] ?? 0) / 1000, entry.chart.last_distance_km, 2, 'chart distance')
      expect(series.elapsedS[last]).toBe(entry.chart.last_duration_s)
      expectAt(series.speedKmh[last] ?? 0, entry.chart.last_speed_kmh, 2, 'chart speed')
    }
  })

  it('reads the track name (title) or none', async () => {
    const named = (await importGpxFile(join(fixtures, 'gpx_file.gpx'))).track
    const unnamed = (await importGpxFile(join(fixtures, 'gpx_file_wo_name.gpx'))).track
    expect(named.name).toBe(expectedFiles.gpx_file?.title)
    expect(unnamed.name).toBe(expectedFiles.gpx_file_wo_name?.title)
  })

  it('matches the reference per-point distances of the stored points (to the centimetre)', async () => {
    const withEle = await analyseFixture('gpx_file')
    const withoutEle = await analyseFixture('gpx_file_without_elevation')
    const threeSegments = await analyseFixture('gpx_file_with_3_segments')
    expect(withEle.series.distanceM[24]).toBeCloseTo(320.12787035769946, 2)
    expect(withoutEle.series.distanceM[24]).toBeCloseTo(317.15294405358054, 2)
    const seg = threeSegments.series
    // Segment-relative last distances: 17.55 m, 12.60 m, 24.83 m; speeds 9.43, 4.23, 4.05 km/h.
    expect(seg.distanceM[2]).toBeCloseTo(17.551714568218248, 2)
    expect((seg.distanceM[5] ?? 0) - (seg.distanceM[3] ?? 0)).toBeCloseTo(12.598402521897194, 2)
    expect((seg.distanceM[8] ?? 0) - (seg.distanceM[6] ?? 0)).toBeCloseTo(24.83101225255615, 2)
    expect([seg.speedKmh[2], seg.speedKmh[5], seg.speedKmh[8]].map((v) => Number((v ?? 0).toFixed(2)))).toEqual([
      9.43, 4.23, 4.05,
    ])
    // The first point of each segment has the speed of the segment's first step, as in the
    // reference's chart (0.6.x); its later "raw speed" max (9.43 here) counted those points as 0.
    const firstStepKmh = (start: number) =>
      (((seg.distanceM[start + 1] ?? 0) - (seg.distanceM[start] ?? 0)) / (((seg.time[start + 1] ?? 0) - (seg.time[start] ?? 0)) / 1000)) * 3.6
    for (const start of [0, 3, 6]) expect(seg.speedKmh[start]).toBeCloseTo(firstStepKmh(start), 6)
  })

  it('gives a catalogued error for the files that cannot become a workout', async () => {
    const codes = await Promise.all(
      ['gpx_file_wo_track', 'gpx_file_invalid_xml', 'gpx_file_without_time', 'gpx_file_with_duplicated_segments'].map(
        async (name) => {
          const error = await errorOf(name)
          return isAppError(error) ? error.code : String(error)
        },
      ),
    )
    // gpx_file_invalid_xml is cut off after its track's name: with no complete point before the cut, it is invalid XML.
    expect(codes).toEqual(['track_no_track', 'track_xml_invalid', 'track_no_timestamps', 'track_segments_overlap'])
  })

  it('reads heart rate, cadence and power from the Garmin extensions', async () => {
    const tpx = await analyseFixture('gpx_file_with_gpxtpx_extensions')
    const power = await analyseFixture('gpx_file_with_gpxtpx_extensions_and_power')
    expect(Array.from(tpx.series.heartRate ?? []).slice(0, 2)).toEqual([92, 87])
    expect(Array.from(tpx.series.cadence ?? []).slice(0, 2)).toEqual([0, 50])
    expect(Array.from(power.series.power ?? []).slice(0, 2)).toEqual([0, 305])
    expect(power.series.temperature).toBeNull()
    // Same geometry as gpx_file, so the same figures.
    const plain = await analyseFixture('gpx_file')
    expect(tpx.workout).toEqual(plain.workout)
    expect(power.workout).toEqual(plain.workout)
  })
})
