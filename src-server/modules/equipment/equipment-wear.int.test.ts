import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ComponentsResponse, Equipment, EquipmentComponent, EquipmentsResponse, WornResponse, WorkoutsResponse } from '../../../src/contracts'
import { openDatabase } from '../../db/open-database'
import { equipmentRepository } from '../../db/repositories/equipment.repository'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import type { TestServer } from '../../test/test-server'

const RUNNING = 5
const CYCLING = 1
const SHOES = 1
const BIKE = 2

const refused = (code: string, status = 400) => ({ status, body: expect.objectContaining({ code }) })

// Expected totals are the sums of the figures these tests send, by the rule stated in each test
// (a component counts its bike's workouts dated from its fitting, included, to its removal, excluded).
describe('equipment wear: limits, components, replacement', () => {
  let t: TestServer
  let sam: Account
  let kim: Account
  beforeAll(async () => {
    let owner: Account
    ;({ t, owner, sam } = await startWithOwnerAndSam())
    kim = await registerUser(t, 'kim', { activate: owner })
  })
  afterAll(() => t.close())

  const item = async (body: Record<string, unknown>): Promise<Equipment> => {
    const answer = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [created] = answer.body.data.equipments
    if (!created) throw new Error('no item')
    return created
  }
  const workout = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return String(answer.body.data.workouts[0]?.id)
  }
  const componentsOf = async (bikeId: string): Promise<EquipmentComponent[]> =>
    (await t.api<ComponentsResponse>('GET', `equipments/${bikeId}/components`, { token: sam.token })).body.data.components
  const worn = async (): Promise<WornResponse['data']['worn']> => (await t.api<WornResponse>('GET', 'equipment-wear', { token: sam.token })).body.data.worn

  it('an item with a distance limit is worn once its workouts reach it, and only while in use', async () => {
    const shoes = await item({ label: 'Pegasus 40', equipment_type_id: SHOES, wear_limit_distance: 10 })
    expect(shoes).toMatchObject({ wear_limit_distance: 10, wear_limit_hours: null, worn: false })
    await workout({ sport_id: RUNNING, distance: 6, duration: 1800, workout_date: '2024-05-01 08:00', equipment_ids: [shoes.id] })
    expect((await worn()).map((entry) => entry.equipment_id)).not.toContain(shoes.id)
    await workout({ sport_id: RUNNING, distance: 5, duration: 1500, workout_date: '2024-05-02 08:00', equipment_ids: [shoes.id] })
    expect(await worn()).toContainEqual({
      equipment_id: shoes.id,
      equipment_label: 'Pegasus 40',
      component_id: null,
      component_label: null,
      total_distance: 11,
      total_duration_in_hours: 0.9,
      wear_limit_distance: 10,
      wear_limit_hours: null,
    })
    const edit = (body: Record<string, unknown>) => t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, { token: sam.token, body })
    // An hour limit alone (55 minutes of moving time < 1 h) is not reached; at 0.9 h it is.
    expect((await edit({ wear_limit_distance: null, wear_limit_hours: 1 })).body.data.equipments[0]?.worn).toBe(false)
    expect((await edit({ wear_limit_hours: 0.9 })).body.data.equipments[0]?.worn).toBe(true)
    // Retired, it is no longer due: its history stays.
    const retired = (await edit({ is_active: false })).body.data.equipments[0]
    expect(retired).toMatchObject({ worn: false, workouts_count: 2, total_distance: 11 })
    expect((await worn()).map((entry) => entry.equipment_id)).not.toContain(shoes.id)
  })

  it('a component counts its bike’s workouts between fitting and removal; its replacement starts at zero', async () => {
    const bike = await item({ label: 'Road bike', equipment_type_id: BIKE })
    const january = await workout({ sport_id: CYCLING, distance: 20, duration: 3600, workout_date: '2024-01-05 09:00', equipment_ids: [bike.id] })
    await workout({ sport_id: CYCLING, distance: 30, duration: 3600, workout_date: '2024-02-05 09:00', equipment_ids: [bike.id] })
    await workout({ sport_id: CYCLING, distance: 40, duration: 7200, workout_date: '2024-03-05 09:00', equipment_ids: [bike.id] })
    // A ride without the bike does not count for its chain.
    await workout({ sport_id: CYCLING, distance: 99, duration: 3600, workout_date: '2024-02-10 09:00', equipment_ids: [] })

    const fitted = await t.api<ComponentsResponse>('POST', `equipments/${bike.id}/components`, {
      token: sam.token,
      body: { label: 'Chain', fitted_at: '2024-02-01T00:00:00Z', wear_limit_distance: 50 },
    })
    expect(fitted.status, JSON.stringify(fitted.body)).toBe(201)
    const [chain] = fitted.body.data.components
    expect(chain).toMatchObject({ label: 'Chain', total_distance: 70, workouts_count: 2, total_duration_in_hours: 3, worn: true, removed_at: null })
    expect(await worn()).toContainEqual(expect.objectContaining({ equipment_id: bike.id, component_id: chain?.id, component_label: 'Chain', total_distance: 70 }))

    const replaced = await t.api<ComponentsResponse>('POST', `equipments/${bike.id}/components/${chain?.id}/retire`, {
      token: sam.token,
      body: { date: '2024-03-01T00:00:00Z', replace: true },
    })
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201)
    const [old, fresh] = replaced.body.data.components
    expect(old).toMatchObject({ id: chain?.id, total_distance: 30, workouts_count: 1, removed_at: 'Fri, 01 Mar 2024 00:00:00 GMT', worn: false })
    expect(fresh).toMatchObject({ label: 'Chain', fitted_at: 'Fri, 01 Mar 2024 00:00:00 GMT', removed_at: null, total_distance: 40, workouts_count: 1, wear_limit_distance: 50, worn: false })

    // A workout moved into the new chain's time counts for it from the same request.
    const moved = await t.api('PATCH', `workouts/${january}`, { token: sam.token, body: { workout_date: '2024-03-10 09:00' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const afterMove = await componentsOf(bike.id)
    expect(afterMove.map((component) => [component.total_distance, component.workouts_count])).toEqual([
      [30, 1],
      [60, 2],
    ])
    expect(afterMove[1]?.worn).toBe(true)
    // Refresh recomputes the bike and its components: it finds nothing to change.
    expect((await t.api('POST', `equipments/${bike.id}/refresh`, { token: sam.token })).status).toBe(200)
    expect(await componentsOf(bike.id)).toEqual(afterMove)

    // A deleted workout leaves the totals of the component it counted for.
    expect((await t.api('DELETE', `workouts/${january}`, { token: sam.token })).status).toBe(204)
    expect((await componentsOf(bike.id)).map((component) => component.total_distance)).toEqual([30, 40])
    const [stored] = (await t.api<EquipmentsResponse>('GET', `equipments/${bike.id}`, { token: sam.token })).body.data.equipments
    expect(stored).toMatchObject({ total_distance: 70, workouts_count: 2 })
  })

  it('a component may be retired at its own fitting date: it then counts no workout, its replacement all of them', async () => {
    const bike = await item({ label: 'Track bike', equipment_type_id: BIKE })
    await workout({ sport_id: CYCLING, distance: 25, duration: 3600, workout_date: '2024-05-01 09:00', equipment_ids: [bike.id] })
    const fitted = await t.api<ComponentsResponse>('POST', `equipments/${bike.id}/components`, { token: sam.token, body: { label: 'Saddle', fitted_at: '2024-05-01T00:00:00Z' } })
    const [saddle] = fitted.body.data.components
    expect(saddle).toMatchObject({ total_distance: 25, workouts_count: 1 })
    const replaced = await t.api<ComponentsResponse>('POST', `equipments/${bike.id}/components/${saddle?.id}/retire`, {
      token: sam.token,
      body: { date: '2024-05-01T00:00:00Z', replace: true },
    })
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201)
    expect(replaced.body.status).toBe('created')
    // Both now share a fitting date, so the list's order between them is not the rule: each is found by its id.
    const old = replaced.body.data.components.find((component) => component.id === saddle?.id)
    const fresh = replaced.body.data.components.find((component) => component.id !== saddle?.id)
    expect(replaced.body.data.components).toHaveLength(2)
    expect(old).toMatchObject({ fitted_at: 'Wed, 01 May 2024 00:00:00 GMT', removed_at: 'Wed, 01 May 2024 00:00:00 GMT', total_distance: 0, workouts_count: 0 })
    expect(fresh).toMatchObject({ label: 'Saddle', fitted_at: 'Wed, 01 May 2024 00:00:00 GMT', removed_at: null, total_distance: 25, workouts_count: 1 })
  })

  it('lists a worn component under its own bike only, and not once retired; a component’s edit changes only what it names', async () => {
    const commuter = await item({ label: 'Commuter', equipment_type_id: BIKE })
    // A second active bike: the tyres must not be listed under it.
    await item({ label: 'Spare bike', equipment_type_id: BIKE })
    await workout({ sport_id: CYCLING, distance: 30, duration: 3600, workout_date: '2024-07-01 09:00', equipment_ids: [commuter.id] })
    const fitted = await t.api<ComponentsResponse>('POST', `equipments/${commuter.id}/components`, {
      token: sam.token,
      body: { label: 'Tyres', fitted_at: '2024-06-01T00:00:00Z', wear_limit_distance: 20, wear_limit_hours: 5 },
    })
    expect(fitted.body).toMatchObject({ status: 'created', data: { components: [{ label: 'Tyres', wear_limit_distance: 20, wear_limit_hours: 5, total_distance: 30, worn: true }] } })
    const tyres = String(fitted.body.data.components[0]?.id)
    const wornTyres = async () => (await worn()).filter((entry) => entry.component_id === tyres)
    const entry = { equipment_id: commuter.id, equipment_label: 'Commuter', component_id: tyres, component_label: 'Tyres', total_distance: 30, total_duration_in_hours: 1 }
    expect(await wornTyres()).toEqual([{ ...entry, wear_limit_distance: 20, wear_limit_hours: 5 }])
    expect((await t.api<WornResponse>('GET', 'equipment-wear', { token: sam.token })).body.status).toBe('success')

    const edit = (body: Record<string, unknown>, id = tyres) => t.api<ComponentsResponse>('PATCH', `equipments/${commuter.id}/components/${id}`, { token: sam.token, body })
    const renamed = await edit({ label: 'Winter tyres' })
    expect(renamed.body).toMatchObject({ status: 'success', data: { components: [{ id: tyres, label: 'Winter tyres', wear_limit_distance: 20, wear_limit_hours: 5 }] } })
    // 1 h of 5 is not reached once the distance limit goes; 30 km of 25 is.
    expect((await edit({ wear_limit_distance: null })).body.data.components[0]).toMatchObject({ label: 'Winter tyres', wear_limit_distance: null, wear_limit_hours: 5, worn: false })
    expect((await edit({ wear_limit_distance: 25, wear_limit_hours: null })).body.data.components[0]).toMatchObject({ label: 'Winter tyres', wear_limit_distance: 25, wear_limit_hours: null, worn: true })
    expect(await edit({ label: 'Tubes' }, 'nope')).toMatchObject(refused('equipment_component_not_found', 404))

    // Retired (no replacement), its 30 km stay past its limit but it is no longer due.
    const retired = await t.api<ComponentsResponse>('POST', `equipments/${commuter.id}/components/${tyres}/retire`, { token: sam.token, body: { date: '2024-08-01T00:00:00Z' } })
    expect(retired.body).toMatchObject({ status: 'success', data: { components: [{ id: tyres, total_distance: 30, removed_at: 'Thu, 01 Aug 2024 00:00:00 GMT' }] } })
    expect(await wornTyres()).toEqual([])
    expect((await t.api<ComponentsResponse>('GET', `equipments/${commuter.id}/components`, { token: sam.token })).body.status).toBe('success')
  })

  it('refuses invalid wear input with its catalogued error and stores nothing', async () => {
    const shoes = await item({ label: 'Trail shoes', equipment_type_id: SHOES })
    const bike = await item({ label: 'Gravel bike', equipment_type_id: BIKE })
    const post = (path: string, body: unknown, token = sam.token) => t.api('POST', path, { token, body })
    for (const limit of [-1, 0, 'far', 2_000_000]) {
      expect(await post('equipments', { label: `Shoes ${String(limit)}`, equipment_type_id: SHOES, wear_limit_distance: limit })).toMatchObject(
        refused('equipment_wear_limit_invalid'),
      )
      expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { wear_limit_hours: limit } })).toMatchObject(refused('equipment_wear_limit_invalid'))
    }
    expect(await post(`equipments/${shoes.id}/components`, { label: 'Laces' })).toMatchObject(refused('equipment_components_bike_only'))
    expect(await post(`equipments/${bike.id}/components`, { label: '' })).toMatchObject(refused('equipment_component_label_invalid'))
    expect(await post(`equipments/${bike.id}/components`, { label: 'x'.repeat(51) })).toMatchObject(refused('equipment_component_label_invalid'))
    expect(await post(`equipments/${bike.id}/components`, { label: 'Tyres', fitted_at: 'last spring' })).toMatchObject(refused('equipment_component_date_invalid'))
    expect(await post(`equipments/${bike.id}/components`, { label: 'Tyres' }, kim.token)).toMatchObject(refused('equipment_not_found', 404))
    expect(await componentsOf(bike.id)).toEqual([])

    expect((await post(`equipments/${bike.id}/components`, { label: 'Tyres', fitted_at: '2024-04-01T00:00:00Z' })).status).toBe(201)
    const [fittedTyres] = await componentsOf(bike.id)
    const retire = (body: unknown, id = String(fittedTyres?.id)) => post(`equipments/${bike.id}/components/${id}/retire`, body)
    expect(await retire({ date: '2024-03-31T23:59:59Z' })).toMatchObject(refused('equipment_component_date_before_fitting'))
    expect(await retire({}, 'nope')).toMatchObject(refused('equipment_component_not_found', 404))
    expect(await t.api('PATCH', `equipments/${bike.id}/components/${fittedTyres?.id}`, { token: sam.token, body: {} })).toMatchObject(
      refused('equipment_no_valid_parameters'),
    )
    expect((await retire({ date: '2024-06-01T00:00:00Z' })).status).toBe(200)
    expect(await retire({ date: '2024-07-01T00:00:00Z', replace: true })).toMatchObject(refused('equipment_component_retired'))
    // The failed calls fitted nothing: one removed set of tyres only.
    expect((await componentsOf(bike.id)).map((component) => component.removed_at)).toEqual(['Sat, 01 Jun 2024 00:00:00 GMT'])
  })
})

describe('default equipment per sport, as the sport preferences set it', () => {
  let t: TestServer
  let sam: Account
  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterAll(() => t.close())

  it('replaces the sport’s defaults with the items chosen, which new workouts of the sport then get; invalid choices change nothing', async () => {
    const create = async (body: Record<string, unknown>) => String((await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body })).body.data.equipments[0]?.id)
    const shoes = await create({ label: 'Old shoes', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const newShoes = await create({ label: 'New shoes', equipment_type_id: SHOES })
    const watch = await create({ label: 'Watch', equipment_type_id: 10 })
    const bike = await create({ label: 'Bike', equipment_type_id: BIKE })
    const set = (sportId: number | string, ids: unknown) => t.api<EquipmentsResponse>('PATCH', `equipment-defaults/${sportId}`, { token: sam.token, body: { equipment_ids: ids } })
    const defaults = async () =>
      Object.fromEntries((await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })).body.data.equipments.map((item) => [item.label, item.default_for_sport_ids]))

    const answer = await set(RUNNING, [newShoes, watch])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await defaults()).toEqual({ 'Old shoes': [], 'New shoes': [RUNNING], Watch: [RUNNING], Bike: [] })
    const run = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: RUNNING, distance: 5, duration: 1500, workout_date: '2024-06-01 07:00' } })
    expect(run.body.data.workouts[0]?.equipments.map((item) => item.label)).toEqual(['New shoes', 'Watch'])

    // The limits of a workout's equipment: a bike does not go running, one pair of shoes at a time, the caller's own active items.
    expect(await set(RUNNING, [bike])).toMatchObject(refused('equipment_id_invalid_for_sport'))
    expect(await set(RUNNING, [shoes, newShoes])).toMatchObject(refused('equipment_one_per_type'))
    expect(await set(RUNNING, ['nope'])).toMatchObject(refused('equipment_id_not_found'))
    expect(await set(RUNNING, 'all')).toMatchObject(refused('equipment_ids_invalid'))
    expect(await set(999, [])).toMatchObject(refused('sport_not_found', 404))
    expect(await set('running', [])).toMatchObject(refused('sport_not_found', 404))
    expect(await defaults()).toEqual({ 'Old shoes': [], 'New shoes': [RUNNING], Watch: [RUNNING], Bike: [] })

    expect((await set(RUNNING, [])).status).toBe(200)
    expect(await defaults()).toEqual({ 'Old shoes': [], 'New shoes': [], Watch: [], Bike: [] })
  })
})

describe('upgrading to equipment wear', () => {
  it('keeps existing items and their links, with no limit, and a component fitted later counts their workouts', async () => {
    const { dir, layout, old } = await databaseBefore('EquipmentWear1795795381058', 'waymark-wear-')
    await old.query(
      `INSERT INTO equipment (id, user_id, label, equipment_type_id, created_at, total_distance, total_duration, total_moving, total_workouts)
       VALUES ('bike1', 1, 'Old bike', 2, '2019-06-01 00:00:00.000', 1, 60, 60, 1)`,
    )
    await old.query(`INSERT INTO workout_equipment (workout_id, equipment_id) VALUES ('w1', 'bike1')`)
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-27T00:00:00Z'))
    try {
      expect(await db.query(`SELECT id, total_distance, total_workouts, wear_limit_distance, wear_limit_hours FROM equipment`)).toEqual([
        { id: 'bike1', total_distance: 1, total_workouts: 1, wear_limit_distance: null, wear_limit_hours: null },
      ])
      // w1 (1 km on 2020-01-01, stored before this migration) falls in the chain's time.
      const repository = equipmentRepository(db.manager)
      await repository.insertComponent('c1', 'bike1', new Date('2019-12-31T00:00:00Z'), { label: 'Chain', wearLimitDistance: null, wearLimitHours: null })
      await repository.insertComponent('c2', 'bike1', new Date('2020-01-02T00:00:00Z'), { label: 'Tyres', wearLimitDistance: null, wearLimitHours: null })
      expect((await repository.componentsOf(['bike1'])).map(({ id, totalDistance, totalWorkouts }) => ({ id, totalDistance, totalWorkouts }))).toEqual([
        { id: 'c1', totalDistance: 1, totalWorkouts: 1 },
        { id: 'c2', totalDistance: 0, totalWorkouts: 0 },
      ])
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
