import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StatsBySportResponse, StatsByTimeResponse } from '../../../src/contracts'
import { periodKey, type TimeFrame } from '../../../src/domain/statistics'
import { createZoneClock, formatLocalDay } from '../../../src/domain/zoned-time'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

describe('statistics API', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const manual = (token: string, workout_date: string, sport_id: number, duration: number, distance: number, extra = {}) =>
    t.api('POST', 'workouts/no_gpx', { token, body: { sport_id, duration, distance, workout_date, ...extra } })
  const byTime = (query: string, token = sam.token) => t.api<StatsByTimeResponse>('GET', `stats/sam/by_time${query}`, { token })

  it('buckets per week from Sunday or Monday, month and year, per sport (reference figures)', async () => {
    await manual(sam.token, '2018-03-28 10:00', 1, 6000, 8, { ascent: 40, descent: 20 })
    await manual(sam.token, '2018-03-29 10:00', 2, 6000, 12, { ascent: 0, descent: 0 })
    const weekm = await byTime('?time=weekm')
    expect(weekm.body).toEqual({
      status: 'success',
      data: {
        statistics: {
          '2018-03-26': {
            '1': { average_speed: 4.8, nb_workouts: 1, total_ascent: 40, total_descent: 20, total_distance: 8, total_duration: 6000 },
            '2': { average_speed: 7.2, nb_workouts: 1, total_ascent: 0, total_descent: 0, total_distance: 12, total_duration: 6000 },
          },
        },
      },
    })
    expect(Object.keys((await byTime('?time=week')).body.data.statistics)).toEqual(['2018-03-25'])
    expect(Object.keys((await byTime('?time=month')).body.data.statistics)).toEqual(['2018-03'])
    expect(Object.keys((await byTime('')).body.data.statistics)).toEqual(['2018'])
  })

  it('totals a file’s moving time, not its duration, and averages its average speed, not its top speed (reference figures)', async () => {
    // The reference tracker's gpx_file_with_segments: 250 s with a 15 s pause, 235 s moving, 0.3 km, 4.59 km/h on
    // average, 5.25 km/h at most (tests/fixtures/gpx/expected.json).
    expect((await upload(t, sam.token, 'gpx_file_with_segments.gpx', await fixture('gpx/gpx_file_with_segments.gpx'), { sport_id: 1 }, { respondAsync: false })).status).toBe(201)
    const expected = { nb_workouts: 1, total_duration: 235, total_distance: 0.3, average_speed: 4.59 }
    expect((await byTime('?time=month')).body.data.statistics).toEqual({ '2018-03': { '1': expect.objectContaining(expected) } })
    const bySport = await t.api<StatsBySportResponse>('GET', 'stats/sam/by_sport', { token: sam.token })
    expect(bySport.body.data.statistics).toEqual({ '1': expect.objectContaining(expected) })
  })

  it('reads days in the user time zone, for buckets and for from/to', async () => {
    // 00:30 on 1 April in Paris is still 31 March in UTC.
    await manual(sam.token, '2018-04-01 00:30', 1, 3600, 10)
    expect(Object.keys((await byTime('?time=month')).body.data.statistics)).toEqual(['2018-04'])
    expect((await byTime('?time=month&from=2018-04-01&to=2018-04-01')).body.data.statistics['2018-04']?.['1']?.nb_workouts).toBe(1)
    expect((await byTime('?time=month&from=2018-03-01&to=2018-03-31')).body.data.statistics).toEqual({})
  })

  it('agrees with the period rules for workouts all around the year, across clock changes', async () => {
    await t.api('POST', 'auth/profile/edit/preferences', {
      token: sam.token,
      body: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'America/New_York', weekm: false },
    })
    const clock = createZoneClock('America/New_York')
    const instants: number[] = []
    let state = 7
    for (let i = 0; i < 40; i += 1) {
      state = (state * 48_271) % 2_147_483_647
      const instant = Date.UTC(2023, 0, 1) + (state % (730 * 24)) * 3_600_000 + 59 * 60_000
      instants.push(instant)
      const local = clock.local(instant)
      const text = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')} ${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`
      expect((await manual(sam.token, text, 1 + (i % 2), 600, 1)).status).toBe(201)
    }
    for (const frame of ['week', 'weekm', 'month', 'year'] as TimeFrame[]) {
      const expected: Record<string, number> = {}
      for (const instant of instants) {
        const key = periodKey(clock.local(instant), frame)
        expected[key] = (expected[key] ?? 0) + 1
      }
      const counted = async (ranges: string[]) => {
        const counts: Record<string, number> = {}
        for (const range of ranges) {
          for (const [key, sports] of Object.entries((await byTime(`?time=${frame}${range}`)).body.data.statistics)) {
            counts[key] = (counts[key] ?? 0) + Object.values(sports).reduce((sum, totals) => sum + totals.nb_workouts, 0)
          }
        }
        return counts
      }
      // All time (offsets from the rows' dates), and two bounded years (offsets from the bounds).
      expect(await counted([''])).toEqual(expected)
      expect(await counted(['&from=2022-12-31&to=2023-12-31', '&from=2024-01-01&to=2025-01-01'])).toEqual(expected)
    }
  })

  it('totals each local period as the period rules do, whichever way the periods are bounded', async () => {
    // Paris, workouts around clock changes and month ends over 2022–2024, then one in 1990 and one
    // in 2031: the first answer finds the dates, the next ones reuse them and must notice the
    // workouts added outside; weeks over 41 years take more than one statement's worth of periods.
    const clock = createZoneClock('Europe/Paris')
    const added: { instant: number; sport: number; duration: number; distance: number; ascent: number }[] = []
    const add = async (instant: number, i: number) => {
      const local = clock.local(instant)
      const text = `${formatLocalDay(local)} ${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`
      const workout = { instant, sport: 1 + (i % 3), duration: 600 + (i % 7) * 300, distance: 1 + (i % 11) * 1.125, ascent: (i % 5) * 10.5 }
      const answer = await manual(sam.token, text, workout.sport, workout.duration, workout.distance, { ascent: workout.ascent, descent: 0 })
      expect(answer.status).toBe(201)
      added.push(workout)
    }
    let state = 11
    for (let i = 0; i < 60; i += 1) {
      state = (state * 48_271) % 2_147_483_647
      // Within six hours of a local month end, or anywhere in the three years.
      const monthEnd = Date.UTC(2022, (state % 36) + 1, 1) - 3_600_000 + ((state >> 8) % 720) * 60_000 - 6 * 3_600_000
      await add(i % 2 === 0 ? monthEnd : Date.UTC(2022, 0, 1) + (state % (1095 * 24)) * 3_600_000 + 17 * 60_000, i)
    }
    const expected = (frame: TimeFrame) => {
      const statistics: Record<string, Record<string, { nb_workouts: number; total_duration: number; total_distance: number; total_ascent: number }>> = {}
      for (const workout of [...added].sort((a, b) => a.instant - b.instant)) {
        const period = (statistics[periodKey(clock.local(workout.instant), frame)] ??= {})
        const totals = (period[String(workout.sport)] ??= { nb_workouts: 0, total_duration: 0, total_distance: 0, total_ascent: 0 })
        totals.nb_workouts += 1
        totals.total_duration += workout.duration
        totals.total_distance = Number((totals.total_distance + workout.distance).toFixed(3))
        totals.total_ascent = Number((totals.total_ascent + workout.ascent).toFixed(2))
      }
      return statistics
    }
    const answered = async (frame: TimeFrame, range = '') => {
      const { statistics } = (await byTime(`?time=${frame}${range}`)).body.data
      return Object.fromEntries(
        Object.entries(statistics).map(([period, sports]) => [
          period,
          Object.fromEntries(
            Object.entries(sports).map(([sport, { nb_workouts, total_duration, total_distance, total_ascent }]) => [
              sport,
              { nb_workouts, total_duration, total_distance, total_ascent },
            ]),
          ),
        ]),
      )
    }
    const frames: TimeFrame[] = ['week', 'weekm', 'month', 'year']
    for (const frame of frames) {
      expect(await answered(frame)).toEqual(expected(frame))
      expect(await answered(frame)).toEqual(expected(frame))
      expect({ ...(await answered(frame, '&from=2022-01-01&to=2022-12-31')), ...(await answered(frame, '&from=2023-01-01&to=2024-12-31')) }).toEqual(expected(frame))
    }
    // Years first: weeks (too many periods for the known dates) would read the new dates for them.
    const yearsFirst = [...frames].reverse()
    await add(Date.UTC(1990, 2, 25, 0, 30), 100)
    for (const frame of yearsFirst) expect(await answered(frame)).toEqual(expected(frame))
    await add(Date.UTC(2031, 9, 26, 0, 30), 101)
    for (const frame of yearsFirst) expect(await answered(frame)).toEqual(expected(frame))
  })

  it('groups by the offset in force at each workout, on both sides of the clock changes within a bounded range', async () => {
    // Paris: +1 h in winter, +2 h in summer. Each pair sits half an hour either side of a month's end.
    for (const date of ['2024-06-30 23:30', '2024-07-01 00:30', '2024-11-30 23:30', '2024-12-01 00:30']) {
      expect((await manual(sam.token, date, 1, 600, 1)).status).toBe(201)
    }
    const months = async (query: string) =>
      Object.fromEntries(Object.entries((await byTime(`?time=month${query}`)).body.data.statistics).map(([key, sports]) => [key, sports['1']?.nb_workouts]))
    const expected = { '2024-06': 1, '2024-07': 1, '2024-11': 1, '2024-12': 1 }
    expect(await months('')).toEqual(expected)
    expect(await months('&from=2024-01-01&to=2024-12-31')).toEqual(expected)
    expect(await months('&from=2024-06-01&to=2025-05-31')).toEqual(expected)
  })

  it('filters by sport and totals by sport', async () => {
    await manual(sam.token, '2020-01-01 10:00', 1, 3600, 30)
    await manual(sam.token, '2020-06-01 10:00', 1, 3600, 20)
    await manual(sam.token, '2020-06-02 10:00', 5, 3600, 10)
    expect(Object.keys((await byTime('?sport_id=5')).body.data.statistics['2020'] ?? {})).toEqual(['5'])
    const bySport = await t.api<StatsBySportResponse>('GET', 'stats/sam/by_sport', { token: sam.token })
    expect(bySport.body.status).toBe('success')
    expect(bySport.body.data.statistics).toEqual({
      '1': { nb_workouts: 2, total_distance: 50, total_duration: 7200, total_ascent: 0, total_descent: 0, average_speed: 25 },
      '5': { nb_workouts: 1, total_distance: 10, total_duration: 3600, total_ascent: 0, total_descent: 0, average_speed: 10 },
    })
  })

  it('answers empty statistics without workouts', async () => {
    expect((await byTime('?time=week')).body).toEqual({ status: 'success', data: { statistics: {} } })
  })

  it('lets only the user and administrators read them', async () => {
    expect((await byTime('', admin.token)).status).toBe(200)
    expect(await t.api('GET', 'stats/owner/by_time', { token: sam.token })).toMatchObject({ status: 403, body: { message: 'you do not have permissions' } })
    expect(await t.api('GET', 'stats/nobody/by_sport', { token: admin.token })).toMatchObject({ status: 404, body: { message: 'user does not exist' } })
  })

  it('answers an unknown period as the reference tracker does', async () => {
    expect(await byTime('?time=day')).toMatchObject({
      status: 400,
      body: { status: 'fail', message: 'Invalid time period.', code: 'stats_time_period_invalid' },
    })
  })

  it.each(['?from=2020-13-01', '?to=yesterday', '?sport_id=x'])('answers 400 for %s', async (query) => {
    expect(await byTime(query)).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
  })

  it('refuses a range longer than 50 years with its own 400, and accepts 50 years or an open end', async () => {
    await manual(sam.token, '2018-06-01 10:00', 1, 3600, 10)
    for (const query of ['?time=week&from=0001-01-01&to=9999-12-31', '?time=week&from=1970-01-01&to=2021-01-01']) {
      expect(await byTime(query)).toMatchObject({
        status: 400,
        body: { status: 'error', message: 'the statistics range must not exceed 50 years' },
      })
    }
    expect((await byTime('?time=week&from=1970-01-01&to=2019-12-31')).body.data.statistics['2018-05-27']?.['1']?.nb_workouts).toBe(1)
    // An open end reaches back to year 1: only the years holding workouts are read for offsets.
    expect((await byTime('?time=week&from=0001-01-01')).body.data.statistics['2018-05-27']?.['1']?.nb_workouts).toBe(1)
  })

  it('refuses a range one day over 50 × 366 days, and accepts one of exactly that many', async () => {
    await manual(sam.token, '2018-06-01 10:00', 1, 3600, 10)
    // 2000-01-01 to 2050-02-06, both days included: 18,300 days (by hand), both ends in Paris' winter time.
    expect((await byTime('?time=year&from=2000-01-01&to=2050-02-06')).body.data.statistics['2018']?.['1']?.nb_workouts).toBe(1)
    expect(await byTime('?time=year&from=2000-01-01&to=2050-02-07')).toMatchObject({ status: 400, body: { message: 'the statistics range must not exceed 50 years' } })
    // Without a start the range is open, not counted from 1970: a 2080 end is no refusal.
    expect((await byTime('?time=year&to=2080-01-01')).body.data.statistics['2018']?.['1']?.nb_workouts).toBe(1)
  })

  it('are one’s own under any case of one’s name, for a user who is not an administrator', async () => {
    await manual(sam.token, '2018-06-01 10:00', 1, 3600, 10)
    const own = await t.api<StatsBySportResponse>('GET', 'stats/SAM/by_sport', { token: sam.token })
    expect(own.status).toBe(200)
    expect(own.body.data.statistics['1']?.nb_workouts).toBe(1)
  })

  it('answers 404 for an unknown sport', async () => {
    expect(await byTime('?sport_id=99')).toMatchObject({ status: 404, body: { message: 'sport does not exist' } })
  })
})
