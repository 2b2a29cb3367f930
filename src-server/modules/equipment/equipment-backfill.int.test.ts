import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentBackfilledResponse, EquipmentBackfillResponse, EquipmentBackfillUndoneResponse, EquipmentsResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'

const CYCLING = 1
const MOUNTAIN_BIKING = 4
const RUNNING = 5
const BIKE = 2
const SHOES = 1

/**
 * An item added after the workouts it was used for: offered for the earlier workouts of its
 * default sports that have no item of its type, between two days of the owner's time zone.
 */
describe('equipment added to earlier workouts', () => {
  let t: TestServer
  let sam: Account
  let kim: Account
  /** Sam's typed-in workouts by name (Europe/Paris, the default time zone). */
  const workouts: Record<string, string> = {}

  const add = async (name: string, sport_id: number, workout_date: string, distance: number, duration: number, equipment_ids: string[] = []) => {
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id, workout_date, distance, duration, equipment_ids } })
    expect(created.status).toBe(201)
    workouts[name] = created.body.data.workouts[0]?.id ?? ''
  }
  const item = async (body: Record<string, unknown>): Promise<Equipment> => {
    const created = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body })
    expect(created.status).toBe(201)
    const [piece] = created.body.data.equipments
    if (!piece) throw new Error('no item')
    return piece
  }
  const preview = async (id: string, query = '', token = sam.token) => t.api<EquipmentBackfillResponse>('GET', `equipments/${id}/backfill${query}`, { token })
  const apply = async (id: string, body: Record<string, unknown> = {}, token = sam.token) => t.api<EquipmentBackfilledResponse>('POST', `equipments/${id}/backfill`, { token, body })
  const undo = async (id: string, backfillId: string, token = sam.token) => t.api<EquipmentBackfillUndoneResponse>('DELETE', `equipments/${id}/backfill/${backfillId}`, { token })
  const itemsOf = async (name: string) =>
    ((await t.api<WorkoutsResponse>('GET', `workouts/${workouts[name] ?? ''}`, { token: sam.token })).body.data.workouts[0]?.equipments ?? []).map((piece) => piece.label).sort()

  beforeAll(async () => {
    const started = await startWithOwnerAndSam()
    t = started.t
    sam = started.sam
    kim = await registerUser(t, 'kim', { activate: started.owner })
    const oldBike = await item({ label: 'Old bike', equipment_type_id: BIKE })
    const shoes = await item({ label: 'Trail shoes', equipment_type_id: SHOES })
    // Rides imported before any bike was entered, one already on the old bike, one mountain-bike ride, runs.
    await add('march ride', CYCLING, '2024-03-02 09:00', 40, 5400)
    await add('april ride', CYCLING, '2024-04-30 23:30', 25.5, 3600)
    await add('may ride', CYCLING, '2024-05-01 00:30', 30, 4000)
    await add('old bike ride', CYCLING, '2024-04-10 10:00', 60, 7200, [oldBike.id])
    await add('mtb ride', MOUNTAIN_BIKING, '2024-04-12 10:00', 18, 5000)
    await add('run', RUNNING, '2024-04-15 07:00', 10, 3000, [shoes.id])
  }, 60_000)
  afterAll(() => t.close())

  it('counts the earlier workouts of the item’s sports without an item of its type, within the days asked in the owner’s time zone', async () => {
    const bike = await item({ label: 'Road bike', equipment_type_id: BIKE, default_for_sport_ids: [CYCLING] })
    // March, April (the 30th at 23:30 in Paris) and May; not the ride on the old bike, the mountain-bike ride or the run.
    expect((await preview(bike.id)).body).toEqual({
      status: 'success',
      data: { workouts_count: 3, first_workout_date: 'Sat, 02 Mar 2024 08:00:00 GMT', last_workout_date: 'Tue, 30 Apr 2024 22:30:00 GMT' },
    })
    // Days are whole days of Paris: the 30th ends at midnight there (22:00 UTC), so the ride of May 1st at 00:30 is not in April.
    expect((await preview(bike.id, '?from=2024-04-01&to=2024-04-30')).body.data).toEqual({
      workouts_count: 1,
      first_workout_date: 'Tue, 30 Apr 2024 21:30:00 GMT',
      last_workout_date: 'Tue, 30 Apr 2024 21:30:00 GMT',
    })
    expect((await preview(bike.id, '?from=2024-05-01')).body.data.workouts_count).toBe(1)
    expect((await preview(bike.id, '?to=2023-12-31')).body.data).toEqual({ workouts_count: 0, first_workout_date: null, last_workout_date: null })
    // An item that is no sport's default is offered for nothing.
    const spare = await item({ label: 'Spare bike', equipment_type_id: BIKE })
    expect((await preview(spare.id)).body.data.workouts_count).toBe(0)
    await t.api('DELETE', `equipments/${spare.id}`, { token: sam.token })
    await t.api('DELETE', `equipments/${bike.id}`, { token: sam.token })
  })

  it('adds the item to them, its totals follow, and nothing else changes; a second time adds none', async () => {
    const bike = await item({ label: 'Gravel bike', equipment_type_id: BIKE, default_for_sport_ids: [CYCLING, MOUNTAIN_BIKING] })
    expect((await preview(bike.id, '?from=2024-04-01')).body.data.workouts_count).toBe(3)
    const added = await apply(bike.id, { from: '2024-04-01' })
    expect(added.status).toBe(200)
    // April 30th 25.5 km in 1 h, May 1st 30 km in 4,000 s, the mountain-bike ride 18 km in 5,000 s: 73.5 km, 12,600 s = 3.5 h.
    expect(added.body.data.workouts_count).toBe(3)
    expect(added.body.data.equipments[0]).toMatchObject({ id: bike.id, workouts_count: 3, total_distance: 73.5, total_duration_in_hours: 3.5 })
    expect(await itemsOf('april ride')).toEqual(['Gravel bike'])
    expect(await itemsOf('may ride')).toEqual(['Gravel bike'])
    expect(await itemsOf('mtb ride')).toEqual(['Gravel bike'])
    expect(await itemsOf('march ride')).toEqual([])
    expect(await itemsOf('old bike ride')).toEqual(['Old bike'])
    expect(await itemsOf('run')).toEqual(['Trail shoes'])
    // The item as listed agrees with a recomputation from its workouts.
    const refreshed = await t.api<EquipmentsResponse>('POST', `equipments/${bike.id}/refresh`, { token: sam.token })
    expect(refreshed.body.data.equipments[0]).toEqual(added.body.data.equipments[0])
    const again = await apply(bike.id, { from: '2024-04-01' })
    expect(again.body.data).toMatchObject({ workouts_count: 0, equipments: [{ workouts_count: 3, total_distance: 73.5 }] })
    expect((await preview(bike.id)).body.data.workouts_count).toBe(1)
  })

  it('undoes an applied offer: the item leaves the workouts it added it to, not those set by hand, and its totals follow', async () => {
    // Rides of the summer with no bike yet; the one of September was entered with the bike by hand.
    await add('june ride', CYCLING, '2024-06-10 09:00', 20, 3600)
    await add('july ride', CYCLING, '2024-07-10 09:00', 35, 5400)
    const touring = await item({ label: 'Touring bike', equipment_type_id: BIKE, default_for_sport_ids: [CYCLING] })
    await add('september ride', CYCLING, '2024-09-10 09:00', 50, 7200, [touring.id])
    const applied = await apply(touring.id, { from: '2024-03-01' })
    // March (the one ride left without a bike by the offers above), June and July.
    expect(applied.body.data.workouts_count).toBe(3)
    expect(await itemsOf('march ride')).toEqual(['Touring bike'])
    // Since then June's equipment was saved by hand with the bike kept: that choice is the user's now.
    expect((await t.api('PATCH', `workouts/${workouts['june ride'] ?? ''}`, { token: sam.token, body: { equipment_ids: [touring.id] } })).status).toBe(200)
    // Another user cannot undo it, and learns nothing of the item.
    expect(await undo(touring.id, applied.body.data.backfill_id, kim.token)).toMatchObject({ status: 404, body: { code: 'equipment_not_found' } })
    // Nor is it undone through another item of hers: the offer is the touring bike's.
    const spare = await item({ label: 'Spare bike', equipment_type_id: BIKE })
    expect((await undo(spare.id, applied.body.data.backfill_id)).body.data.workouts_count).toBe(0)
    expect(await itemsOf('march ride')).toEqual(['Touring bike'])
    const undone = await undo(touring.id, applied.body.data.backfill_id)
    expect(undone.status).toBe(200)
    expect(undone.body.data.workouts_count).toBe(2)
    expect(await itemsOf('march ride')).toEqual([])
    expect(await itemsOf('july ride')).toEqual([])
    expect(await itemsOf('june ride')).toEqual(['Touring bike'])
    expect(await itemsOf('september ride')).toEqual(['Touring bike'])
    // June 20 km in 3,600 s and September 50 km in 7,200 s: 70 km, 3 h; as a recomputation from its workouts gives them.
    expect(undone.body.data.equipments[0]).toMatchObject({ id: touring.id, workouts_count: 2, total_distance: 70, total_duration_in_hours: 3 })
    const refreshed = await t.api<EquipmentsResponse>('POST', `equipments/${touring.id}/refresh`, { token: sam.token })
    expect(refreshed.body.data.equipments[0]).toEqual(undone.body.data.equipments[0])
    // A second undo, or an offer that never was, removes nothing; the workouts are offered again.
    expect((await undo(touring.id, applied.body.data.backfill_id)).body.data).toMatchObject({ workouts_count: 0, equipments: [{ workouts_count: 2, total_distance: 70 }] })
    expect((await undo(touring.id, 'no-such-offer')).body.data.workouts_count).toBe(0)
    expect((await preview(touring.id, '?from=2024-03-01')).body.data.workouts_count).toBe(2)
  })

  it('refuses a retired item, another user’s and bad days with their catalogued errors, adding nothing', async () => {
    const retired = await item({ label: 'Retired bike', equipment_type_id: BIKE, default_for_sport_ids: [CYCLING] })
    expect((await t.api('PATCH', `equipments/${retired.id}`, { token: sam.token, body: { is_active: false } })).status).toBe(200)
    expect(await apply(retired.id)).toMatchObject({ status: 400, body: { code: 'equipment_id_inactive' } })
    expect(await itemsOf('march ride')).toEqual([])
    for (const answer of [await preview(retired.id, '', kim.token), await apply(retired.id, {}, kim.token)]) expect(answer).toMatchObject({ status: 404, body: { code: 'equipment_not_found' } })
    for (const answer of [await preview(retired.id, '?from=2024-13-01'), await apply(retired.id, { to: 'yesterday' }), await apply(retired.id, { sport_ids: [RUNNING] })])
      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_payload' } })
    expect((await t.api<EquipmentsResponse>('GET', `equipments/${retired.id}`, { token: sam.token })).body.data.equipments[0]?.workouts_count).toBe(0)
  })
  it('takes a day from its first instant to the next day’s first, excluded, in the owner’s time zone', async () => {
    // Kim's own rides and bike, so Sam's counts above stay as they are: one at the first instant of June 1st in Paris,
    // one a minute before June 3rd and one at its first instant.
    for (const workout_date of ['2024-06-01 00:00', '2024-06-02 23:59', '2024-06-03 00:00']) {
      const created = await t.api('POST', 'workouts/no_gpx', { token: kim.token, body: { sport_id: CYCLING, workout_date, distance: 10, duration: 1800 } })
      expect(created.status).toBe(201)
    }
    // A ride with an item of another type (shoes) still has no bike.
    const shoes = await t.api<EquipmentsResponse>('POST', 'equipments', { token: kim.token, body: { label: 'Kim’s shoes', equipment_type_id: SHOES } })
    const withShoes = { sport_id: CYCLING, workout_date: '2024-06-02 12:00', distance: 10, duration: 1800, equipment_ids: [shoes.body.data.equipments[0]?.id] }
    expect((await t.api('POST', 'workouts/no_gpx', { token: kim.token, body: withShoes })).status).toBe(201)
    const created = await t.api<EquipmentsResponse>('POST', 'equipments', { token: kim.token, body: { label: 'Kim’s bike', equipment_type_id: BIKE, default_for_sport_ids: [CYCLING] } })
    const id = created.body.data.equipments[0]?.id ?? ''
    expect((await preview(id, '?from=2024-06-01&to=2024-06-02', kim.token)).body.data).toEqual({
      workouts_count: 3,
      first_workout_date: 'Fri, 31 May 2024 22:00:00 GMT',
      last_workout_date: 'Sun, 02 Jun 2024 21:59:00 GMT',
    })
    expect((await preview(id, '?from=2024-06-03', kim.token)).body.data.workouts_count).toBe(1)
    expect((await preview(id, '?to=2024-05-31', kim.token)).body.data.workouts_count).toBe(0)
    const added = await apply(id, { from: '2024-06-01', to: '2024-06-02' }, kim.token)
    expect(added.body.data).toMatchObject({ workouts_count: 3, equipments: [{ workouts_count: 3, total_distance: 30 }] })
  })
})
