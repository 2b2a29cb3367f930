import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChartDataResponse, PersonalBestsResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { realFile, upload } from '../../test/workouts'

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
})
