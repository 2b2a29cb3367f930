import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EquipmentsResponse, EquipmentStatsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'

const RUNNING = 5

describe('equipment statistics per month', () => {
  let t: TestServer
  let sam: Account
  let owner: Account
  beforeAll(async () => {
    ;({ t, owner, sam } = await startWithOwnerAndSam())
    const zone = await t.api('POST', 'auth/profile/edit/preferences', {
      token: sam.token,
      body: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false },
    })
    expect(zone.status).toBe(200)
  })
  afterAll(() => t.close())

  it("sums each month's distance, moving time and workouts of the item, months in the owner's time zone", async () => {
    const created = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus', equipment_type_id: 1 } })
    const shoes = created.body.data.equipments[0]?.id ?? ''
    const other = (await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Trail', equipment_type_id: 1 } })).body.data.equipments[0]?.id ?? ''
    // Dates as typed, on Paris's wall clock: 31 May 23:30 is 21:30 UTC, still May; 1 June 00:30 is 31 May 22:30 UTC, June.
    const runs = [
      { date: '2024-05-02 08:00', km: 10.2, s: 3600, item: shoes },
      { date: '2024-05-31 23:30', km: 5.35, s: 1800, item: shoes },
      { date: '2024-06-01 00:30', km: 7, s: 2520, item: shoes },
      { date: '2024-06-15 18:00', km: 21.1, s: 7300, item: shoes },
      { date: '2024-08-03 07:00', km: 3.3, s: 1200, item: shoes },
      { date: '2024-06-20 07:00', km: 99, s: 9999, item: other },
    ]
    for (const run of runs) {
      const answer = await t.api('POST', 'workouts/no_gpx', {
        token: sam.token,
        body: { sport_id: RUNNING, workout_date: run.date, distance: run.km, duration: run.s, equipment_ids: [run.item] },
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    }
    // The expected figures: the runs above with these shoes, by the month their typed date names.
    const expected = new Map<string, { km: number; s: number; count: number }>()
    for (const run of runs.filter((candidate) => candidate.item === shoes)) {
      const month = run.date.slice(0, 7)
      const sum = expected.get(month) ?? { km: 0, s: 0, count: 0 }
      expected.set(month, { km: sum.km + run.km, s: sum.s + run.s, count: sum.count + 1 })
    }

    const stats = await t.api<EquipmentStatsResponse>('GET', `equipments/${shoes}/stats`, { token: sam.token })
    expect(stats.status).toBe(200)
    expect(stats.body.data.months.map((month) => month.month)).toEqual(['2024-05', '2024-06', '2024-08'])
    for (const month of stats.body.data.months) {
      const sum = expected.get(month.month)
      expect(month.total_distance).toBeCloseTo(sum?.km ?? NaN, 3)
      expect(month.total_duration_in_hours).toBe(Math.round((sum?.s ?? NaN) / 360) / 10)
      expect(month.workouts_count).toBe(sum?.count)
    }
    // The months add up to the item's total.
    const item = (await t.api<EquipmentsResponse>('GET', `equipments/${shoes}`, { token: sam.token })).body.data.equipments[0]
    expect(stats.body.data.months.reduce((total, month) => total + month.total_distance, 0)).toBeCloseTo(item?.total_distance ?? NaN, 3)
  })

  it('answers an item without workouts with no month, and another user, even an administrator, with 404', async () => {
    const created = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Spare', equipment_type_id: 1 } })
    const id = created.body.data.equipments[0]?.id ?? ''
    expect((await t.api<EquipmentStatsResponse>('GET', `equipments/${id}/stats`, { token: sam.token })).body).toEqual({ status: 'success', data: { months: [] } })
    expect((await t.api('GET', `equipments/${id}/stats`, { token: owner.token })).status).toBe(404)
    expect((await t.api('GET', 'equipments/nope/stats', { token: sam.token })).status).toBe(404)
  })
})
