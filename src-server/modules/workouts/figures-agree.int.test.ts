import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataResponse, MapLineResponse, PersonalBestsResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { realFile, seconds, upload } from '../../test/workouts'

/**
 * The 172 km ride of the issue, through the API: its best 5 km showed 62.7 km/h and became an
 * all-time personal best while the workout's top speed read 58.1 km/h, and its chart's speed ran
 * above that top speed.
 */
describe('what the workout page shows of a real ride agrees with its figures', () => {
  let t: TestServer
  let sam: Account
  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterAll(() => t.close())

  it('best efforts, personal bests and the chart stay at or below the top speed; the chart ends at the distance', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'ride.fit', await realFile('fit/ride-6783622686.fit'), { sport_id: 1 })
    expect(answer.status).toBe(201)
    const id = answer.body.data.workouts[0]?.id ?? ''
    const workout = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: sam.token })).body.data.workouts[0]
    const top = workout?.max_speed ?? 0
    expect(top).toBeGreaterThan(50)
    const efforts = (workout?.best_efforts ?? []).flatMap((effort) => (effort.kind === 'distance' ? [effort] : []))
    expect(efforts.map((effort) => effort.target)).toEqual([5000, 10_000, 20_000, 40_000, 100_000])
    for (const effort of efforts) expect(effort.ave_speed).toBeLessThanOrEqual(top)

    const bests = (await t.api<PersonalBestsResponse>('GET', 'records/personal_bests', { token: sam.token })).body.data.personal_bests
    for (const best of bests.filter((entry) => entry.kind === 'distance')) {
      expect(((best.target / 1000) * 3600) / best.all_time.value).toBeLessThanOrEqual(top + 0.01)
    }

    const chart = (await t.api<ChartDataResponse>('GET', `workouts/${id}/chart_data`, { token: sam.token })).body.data.chart_data
    expect(Math.max(...chart.map((point) => point.speed ?? Number.NaN))).toBeLessThanOrEqual(top)
    expect(chart.at(-1)?.distance).toBe(workout?.distance)
    // Each of the 14 segments has a chart (segment 12, a few seconds, had no point in the
    // downsampled chart and answered 404), within that segment's own top speed.
    expect(workout?.segments).toHaveLength(14)
    for (const segment of workout?.segments ?? []) {
      const own = await t.api<ChartDataResponse>('GET', `workouts/${id}/chart_data/segment/${segment.segment_id + 1}`, { token: sam.token })
      expect(own.status).toBe(200)
      expect(Math.max(...own.body.data.chart_data.map((point) => point.speed ?? Number.NaN))).toBeLessThanOrEqual(segment.max_speed ?? 0)
    }
  }, 120_000)

  it('a stretch the file holds twice is drawn once: neither the map line nor the chart goes back over it', async () => {
    // tcx-parser's fenix 5 Plus run: its first lap writes its <Track> twice (same times, same places).
    // Its first <Activity> alone (the second is the same outing written without the copy).
    const text = (await realFile('tcx/w24-fenix5plus-two-activities-many-laps.tcx')).toString()
    const first = text.replace(/<\/Activity>[\s\S]*<\/Activity>/, '</Activity>')
    // The places the file holds, in its order, each time and place once.
    const written = [...first.matchAll(/<Time>([^<]+)<\/Time>\s*<Position>\s*<LatitudeDegrees>([^<]+)<\/LatitudeDegrees>\s*<LongitudeDegrees>([^<]+)</g)]
    const places = [...new Map(written.map(([, time, lat, lon]) => [`${time} ${lat} ${lon}`, [Number(lat), Number(lon)] as const])).values()]
    expect([written.length, places.length]).toEqual([254, 165])

    const answer = await upload<WorkoutsResponse>(t, sam.token, 'replayed.tcx', Buffer.from(first), { sport_id: 1 })
    expect(answer.status).toBe(201)
    const workout = answer.body.data.workouts[0]
    // The figures the copy never changed: its positions once, its laps one line, 2.001 km (its counter
    // 2,000.8 m, laps 2,000.0 m), over 667 s.
    expect(workout?.distance).toBe(2.001)
    expect(seconds(workout?.duration ?? '')).toBe(667)

    // Every place once, in the file's order: the chart has each (165 points, none without a time).
    const chart = (await t.api<ChartDataResponse>('GET', `workouts/${workout?.id}/chart_data`, { token: sam.token })).body.data.chart_data
    const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals
    expect(chart.map((point) => [point.latitude, point.longitude])).toEqual(places.map(([lat, lon]) => [round(lat, 6), round(lon, 6)]))
    expect(chart.every((point, k) => point.duration !== null && (k === 0 || point.duration >= (chart[k - 1]?.duration ?? Infinity)))).toBe(true)
    expect(chart.at(-1)?.distance).toBe(workout?.distance)

    // The map line's points follow the file's places forward, never back to a lap's start: one line, as
    // its two laps are one recording (3 s apart, the first lap's timer running to the second's start).
    const lines = (await t.api<MapLineResponse>('GET', `workouts/${workout?.id}/map_line`, { token: sam.token })).body.data.lines
    const order = places.map(([lat, lon]) => `${round(lat, 5)} ${round(lon, 5)}`)
    expect(lines).toHaveLength(1)
    for (const line of lines) {
      const at = line.map(([lat, lon]) => order.indexOf(`${lat} ${lon}`))
      expect(at.every((index, k) => index >= 0 && (k === 0 || index > (at[k - 1] ?? Infinity)))).toBe(true)
    }
  }, 120_000)
})
