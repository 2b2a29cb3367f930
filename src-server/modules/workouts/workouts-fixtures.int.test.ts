import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataResponse, Workout, WorkoutFigures, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { recordsWithClimbThreshold, withClimbThreshold } from '../../test/climb-threshold'
import { fixture, seconds, upload } from '../../test/workouts'

/** Reference figures; a field left out is not asserted by the reference. */
interface ExpectedFigures {
  duration_s?: number | null
  moving_s?: number | null
  pauses_s?: number | null
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

interface ExpectedFixture {
  workout?: ExpectedFigures
  /** The segments' figures, or only their number. */
  segments?: ExpectedFigures[] | number
  title?: string | null
  records?: Record<string, number>
  chart?: { points?: number; last_distance_km?: number; last_duration_s?: number }
  error?: string
}

/**
 * Compares API figures with the reference at the precision the reference shows. For a workout a
 * null altitude means "no elevation data"; inside segments the reference uses null for "not
 * asserted", so `nullMeansMissing` is false there.
 */
function expectFigures(actual: WorkoutFigures, reference: ExpectedFigures, nullMeansMissing: boolean): void {
  const expected = withClimbThreshold(reference)
  const durations = [
    [actual.duration, expected.duration_s],
    [actual.moving, expected.moving_s],
    [actual.pauses, expected.pauses_s],
  ] as const
  for (const [value, reference] of durations) if (reference != null) expect(value === null ? null : seconds(value)).toBe(reference)
  const measures = [
    [actual.distance, expected.distance_km, 2],
    [actual.ave_speed, expected.ave_speed_kmh, 2],
    [actual.max_speed, expected.max_speed_kmh, 2],
    [actual.min_alt, expected.min_alt_m, 1],
    [actual.max_alt, expected.max_alt_m, 1],
    [actual.ascent, expected.ascent_m, 1],
    [actual.descent, expected.descent_m, 1],
  ] as const
  for (const [value, reference, digits] of measures) {
    if (reference === undefined) continue
    if (reference === null) {
      if (nullMeansMissing) expect(value).toBeNull()
    } else expect(value).toBeCloseTo(reference, digits)
  }
}

const expectations = JSON.parse((await fixture('gpx/expected.json')).toString()) as Record<string, ExpectedFixture>
const withFigures = Object.entries(expectations).filter(([name, value]) => !name.startsWith('_') && value.workout && name !== 'no_gpx_workout')
const withErrors = Object.entries(expectations).filter(([, value]) => value.error !== undefined)

describe('the reference GPX fixtures uploaded through the API', () => {
  let t: TestServer
  let owner: Account
  beforeAll(async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
  })
  afterAll(() => t.close())

  it.each(withFigures)('%s gives the reference figures', async (name, expected) => {
    // A user of its own per fixture: several fixtures are the same ride and would be duplicates.
    const user = await registerUser(t, `u_${name.slice(0, 26)}`, { activate: owner })
    const answer = await upload<WorkoutsResponse>(t, user.token, `${name}.gpx`, await fixture(`gpx/${name}.gpx`))
    expect(answer.status).toBe(201)
    expect(answer.body.status).toBe('created')
    const workout = answer.body.data.workouts[0] as Workout
    const reference = expected.workout as ExpectedFigures
    expectFigures(workout, reference, true)
    if (reference.workout_date) expect(new Date(workout.workout_date).toISOString()).toBe(new Date(reference.workout_date).toISOString())
    if (reference.bounds) workout.bounds.forEach((value, i) => expect(value).toBeCloseTo(reference.bounds?.[i] ?? NaN, 5))
    const segments = expected.segments
    if (typeof segments === 'number') expect(workout.segments).toHaveLength(segments)
    else if (segments) {
      expect(workout.segments).toHaveLength(segments.length)
      workout.segments.forEach((segment, i) => expectFigures(segment, segments[i] ?? {}, false))
    }
    if (expected.title) expect(workout.title).toBe(expected.title)
    // Without a track name the title is the part of the day and the sport (the file starts 12:44 UTC:
    // the afternoon in the test user's zone), without a clock time that a zone change would contradict.
    if (expected.title === null) expect(workout.title).toBe('Afternoon ride')

    if (expected.records) {
      const records = Object.fromEntries(workout.records.map((record) => [record.record_type, record.value]))
      const { LD_s: longest, ...others } = recordsWithClimbThreshold(expected.records)
      for (const [type, value] of Object.entries(others)) expect(records[type]).toBeCloseTo(value, 2)
      if (!('HA' in others)) expect(records.HA).toBeUndefined()
      if (longest !== undefined) expect(seconds(String(records.LD))).toBe(longest)
    }
    if (expected.chart) {
      const chart = await t.api<ChartDataResponse>('GET', `workouts/${workout.id}/chart_data`, { token: user.token })
      const points = chart.body.data.chart_data
      if (expected.chart.points !== undefined) expect(points).toHaveLength(expected.chart.points)
      const last = points.at(-1)
      if (expected.chart.last_distance_km !== undefined) expect(last?.distance).toBeCloseTo(expected.chart.last_distance_km, 2)
      if (expected.chart.last_duration_s !== undefined) expect(last?.duration).toBe(expected.chart.last_duration_s)
    }
  })

  it.each(withErrors)('%s is refused with a clear reason and leaves nothing behind', async (name) => {
    const before = (await t.api<{ data: { workouts: Workout[] } }>('GET', 'workouts', { token: owner.token })).body.data.workouts.length
    const answer = await upload(t, owner.token, `${name}.gpx`, await fixture(`gpx/${name}.gpx`))
    expect(answer.status).toBe(400)
    expect(answer.body.status).toBe('error')
    expect(String(answer.body.message)).toMatch(/\w{6,}/)
    expect((await t.api<{ data: { workouts: Workout[] } }>('GET', 'workouts', { token: owner.token })).body.data.workouts).toHaveLength(before)
    expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
  })

  it('reads the heart rate, cadence and power of the Garmin extensions', async () => {
    const user = await registerUser(t, 'sensors', { activate: owner })
    const answer = await upload<WorkoutsResponse>(t, user.token, 'power.gpx', await fixture('gpx/gpx_file_with_gpxtpx_extensions_and_power.gpx'))
    const workout = answer.body.data.workouts[0] as Workout
    expect(workout).toMatchObject({ has_heart_rate: true, has_cadence: true, has_power: true, file_format: 'gpx' })
    const chart = await t.api<ChartDataResponse>('GET', `workouts/${workout.id}/chart_data`, { token: user.token })
    expect(chart.body.data.chart_data[0]).toMatchObject({ hr: expect.any(Number), cadence: expect.any(Number), power: expect.any(Number) })
  })
})
