import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentsResponse, EquipmentTypesResponse, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

// Expected texts and ids are the reference tracker's (research §4), not read back from our code.
const SHOES = 1
const BIKE = 2
const RACKET = 8
const MISC = 10
const RUNNING = 5
const CYCLING = 1
const HIKING = 3
const ROWING = 11

describe('equipment', () => {
  let t: TestServer
  let owner: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const create = (body: Record<string, unknown>, token = sam.token) => t.api<EquipmentsResponse>('POST', 'equipments', { token, body })
  const item = async (body: Record<string, unknown>, token = sam.token): Promise<Equipment> => {
    const answer = await create(body, token)
    expect(answer.status).toBe(201)
    const [created] = answer.body.data.equipments
    if (!created) throw new Error('no item')
    return created
  }
  const get = async (id: string): Promise<Equipment | undefined> => (await t.api<EquipmentsResponse>('GET', `equipments/${id}`, { token: sam.token })).body.data.equipments[0]
  const manual = (body: Record<string, unknown>) =>
    t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: RUNNING, duration: 3600, distance: 10, workout_date: '2024-05-15 14:05', ...body } })
  const error = (message: string, status = 400) => ({ status, body: expect.objectContaining({ message }) })

  it('lists the 11 seeded types with their reference ids; administrators see which are used and may disable one', async () => {
    const types = await t.api<EquipmentTypesResponse>('GET', 'equipment-types', { token: sam.token })
    expect(types.body.status).toBe('success')
    expect(types.body.data.equipment_types).toEqual(
      ['Shoes', 'Bike', 'Bike Trainer', 'Kayak_Boat', 'Skis', 'Snowshoes', 'Board', 'Racket', 'Paddle', 'Misc', 'Skates'].map((label, index) => ({
        id: index + 1,
        label,
        is_active: true,
      })),
    )
    await item({ label: 'Pegasus', equipment_type_id: SHOES })
    const asAdmin = await t.api<EquipmentTypesResponse>('GET', 'equipment-types', { token: owner.token })
    expect(asAdmin.body.data.equipment_types.slice(0, 2)).toEqual([
      { id: 1, label: 'Shoes', is_active: true, has_equipments: true },
      { id: 2, label: 'Bike', is_active: true, has_equipments: false },
    ])
    expect((await t.api('GET', 'equipment-types/2', { token: sam.token })).body).toEqual({ status: 'success', data: { equipment_types: [{ id: 2, label: 'Bike', is_active: true }] } })
    expect(await t.api('GET', 'equipment-types/99', { token: sam.token })).toMatchObject({ status: 404 })
    expect(await t.api('PATCH', 'equipment-types/2', { token: sam.token, body: { is_active: false } })).toMatchObject(error('you do not have permissions', 403))
    expect(await t.api('PATCH', 'equipment-types/2', { token: owner.token, body: { is_active: 'no' } })).toMatchObject(error('invalid payload'))
    expect(await t.api('PATCH', 'equipment-types/99', { token: owner.token, body: { is_active: false } })).toMatchObject({ status: 404 })
    expect((await t.api<EquipmentTypesResponse>('PATCH', 'equipment-types/2', { token: owner.token, body: { is_active: false } })).body).toMatchObject({
      status: 'success',
      data: { equipment_types: [{ id: 2, is_active: false }] },
    })
    expect(await create({ label: 'Ox', equipment_type_id: BIKE })).toMatchObject(error('equipment type is inactive'))
    expect(await t.api('GET', 'equipment-types', { token: '' })).toMatchObject({ status: 401 })
  })

  it('creates an item in the reference shape, ignoring is_active, and answers it to its owner only', async () => {
    const answer = await create({ label: 'Pegasus 40', equipment_type_id: SHOES, description: 'road shoes', default_for_sport_ids: [RUNNING], is_active: false })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      status: 'created',
      data: {
        equipments: [
          {
            id: expect.stringMatching(/^[2-9A-HJ-NP-Za-km-z]{22}$/),
            user_id: expect.any(Number),
            label: 'Pegasus 40',
            description: 'road shoes',
            equipment_type: { id: 1, label: 'Shoes', is_active: true },
            is_active: true,
            default_for_sport_ids: [RUNNING],
            creation_date: expect.stringMatching(/ GMT$/),
            total_distance: 0,
            total_duration_in_hours: 0,
            visibility: 'private',
            workouts_count: 0,
            // Ours: no wear limit unless its owner sets one.
            wear_limit_distance: null,
            wear_limit_hours: null,
            worn: false,
          },
        ],
      },
    })
    const id = answer.body.data.equipments[0]?.id ?? ''
    expect(await t.api('GET', `equipments/${id}`, { token: owner.token })).toMatchObject({ status: 404, body: { status: 'not found' } })
    expect((await t.api<EquipmentsResponse>('GET', 'equipments', { token: owner.token })).body.data.equipments).toEqual([])
    expect(await t.api('PATCH', `equipments/${id}`, { token: owner.token, body: { label: 'mine' } })).toMatchObject({ status: 404 })
    expect(await t.api('DELETE', `equipments/${id}`, { token: owner.token })).toMatchObject({ status: 404 })
    expect((await t.api<EquipmentsResponse>('GET', `equipments/${id}`, { token: sam.token })).body).toMatchObject({ status: 'success', data: { equipments: [{ label: 'Pegasus 40' }] } })
  })

  it.each([
    [{ equipment_type_id: SHOES }, "the 'label' and 'equipment_type_id' parameters must be provided"],
    [{ label: 'x' }, "the 'label' and 'equipment_type_id' parameters must be provided"],
    [{ label: 'x'.repeat(51), equipment_type_id: SHOES }, 'label exceeds 50 characters'],
    [{ label: 'x', equipment_type_id: 99 }, 'invalid equipment type id'],
    [{ label: 'x', equipment_type_id: SHOES, visibility: 'friends' }, 'invalid visibility'],
    [{ label: 'x', equipment_type_id: SHOES, default_for_sport_ids: [99] }, 'sport (id 99) does not exist'],
    [{ label: 'x', equipment_type_id: SHOES, default_for_sport_ids: [ROWING] }, "invalid sport 'Rowing' for equipment type 'Shoes'"],
  ])('refuses the item %j: %s', async (body, message) => {
    expect(await create(body)).toMatchObject(error(message))
    expect((await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })).body.data.equipments).toEqual([])
  })

  it('keeps labels unique per user, lists by type in creation order, and edits every field', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES })
    expect(await create({ label: 'Pegasus', equipment_type_id: BIKE })).toMatchObject(error('equipment already exists with the same label'))
    await item({ label: 'Pegasus', equipment_type_id: SHOES }, owner.token)
    const bike = await item({ label: 'Ox', equipment_type_id: BIKE, visibility: 'public' })
    expect(bike.visibility).toBe('public')
    const listed = await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })
    expect(listed.body.status).toBe('success')
    expect(listed.body.data.equipments.map((e) => e.label)).toEqual(['Pegasus', 'Ox'])
    expect((await t.api<EquipmentsResponse>('GET', `equipments?equipment_type_id=${BIKE}`, { token: sam.token })).body.data.equipments.map((e) => e.id)).toEqual([bike.id])
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { label: 'Ox' } })).toMatchObject(error('equipment already exists with the same label'))
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: {} })).toMatchObject(error('no request data was supplied'))
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { colour: 'red' } })).toMatchObject(error('no valid parameters supplied'))
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { label: 'y'.repeat(51) } })).toMatchObject(error('label exceeds 50 characters'))
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { visibility: 'all' } })).toMatchObject(error('invalid visibility'))
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { equipment_type_id: 42 } })).toMatchObject(error('invalid equipment type id'))
    const edited = await t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, {
      token: sam.token,
      body: { label: 'Pegasus 41', description: 'trail', visibility: 'followers_only', default_for_sport_ids: [RUNNING, HIKING], is_active: true },
    })
    expect(edited.body.data.equipments[0]).toMatchObject({ label: 'Pegasus 41', description: 'trail', visibility: 'followers_only', default_for_sport_ids: [HIKING, RUNNING] })
    // Retiring it takes it off the sports' defaults.
    expect((await t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { is_active: false } })).body.data.equipments[0]).toMatchObject({
      is_active: false,
      default_for_sport_ids: [],
    })
  })

  it('sets the defaults an edit sends (with a new type too), keeps them through an edit that sends none, and deletes an unused item without force', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const edit = async (body: Record<string, unknown>) => {
      const answer = await t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, { token: sam.token, body })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data.equipments[0]
    }
    // Its own label sent again (a form sends every field) is no clash with itself.
    expect(await edit({ label: 'Pegasus', description: 'daily' })).toMatchObject({ label: 'Pegasus', description: 'daily', default_for_sport_ids: [RUNNING] })
    expect(await edit({ default_for_sport_ids: [HIKING] })).toMatchObject({ default_for_sport_ids: [HIKING] })
    // A new type with defaults sent gets those, not the old ones that would still fit it (Misc fits Hiking).
    expect(await edit({ equipment_type_id: MISC, default_for_sport_ids: [ROWING] })).toMatchObject({ equipment_type: { id: MISC }, default_for_sport_ids: [ROWING] })
    // No workout uses it: no force needed.
    expect((await t.api('DELETE', `equipments/${shoes.id}`, { token: sam.token })).status).toBe(204)
    expect(await t.api('GET', `equipments/${shoes.id}`, { token: sam.token })).toMatchObject({ status: 404 })
  })

  it('gives a sport one default per type (a new one replaces it) and up to 5 Misc', async () => {
    const first = await item({ label: 'A', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const second = await item({ label: 'B', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    expect((await get(first.id))?.default_for_sport_ids).toEqual([])
    expect((await get(second.id))?.default_for_sport_ids).toEqual([RUNNING])
    for (const n of [1, 2, 3, 4, 5]) await item({ label: `misc ${n}`, equipment_type_id: MISC, default_for_sport_ids: [RUNNING] })
    expect(await create({ label: 'misc 6', equipment_type_id: MISC, default_for_sport_ids: [RUNNING] })).toMatchObject(
      error('a maximum of 5 pieces of Misc equipment can be added'),
    )
    // Misc fits any sport; a racket's distance is not counted.
    expect((await item({ label: 'misc rowing', equipment_type_id: MISC, default_for_sport_ids: [ROWING] })).default_for_sport_ids).toEqual([ROWING])
    expect((await item({ label: 'Racket', equipment_type_id: RACKET })).total_distance).toBeNull()
  })

  it('applies the sport defaults when a workout is created without equipment_ids, none with [], and filters the list', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const spare = await item({ label: 'Spare', equipment_type_id: MISC, default_for_sport_ids: [RUNNING] })
    await item({ label: 'Retired', equipment_type_id: MISC, default_for_sport_ids: [RUNNING] }).then((retired) =>
      t.api('PATCH', `equipments/${retired.id}`, { token: sam.token, body: { is_active: false } }),
    )
    const withDefaults = (await manual({})).body.data.workouts[0]
    expect(withDefaults?.equipments.map((e) => e.id)).toEqual([shoes.id, spare.id])
    const without = (await manual({ equipment_ids: [], workout_date: '2024-05-16 10:00' })).body.data.workouts[0]
    expect(without?.equipments).toEqual([])
    // Another sport's defaults are not applied.
    const ride = (await manual({ sport_id: CYCLING, workout_date: '2024-05-17 10:00' })).body.data.workouts[0]
    expect(ride?.equipments).toEqual([])
    const list = (query: string) => t.api<WorkoutsListResponse>('GET', `workouts?${query}`, { token: sam.token })
    expect((await list(`equipment_id=${shoes.id}`)).body.data.workouts.map((w) => w.id)).toEqual([withDefaults?.id])
    expect(new Set((await list('equipment_id=none')).body.data.workouts.map((w) => w.id))).toEqual(new Set([without?.id, ride?.id]))
    // Lists carry equipment only when asked.
    expect((await list(`equipment_id=${shoes.id}`)).body.data.workouts[0]?.equipments).toEqual([])
    expect((await list(`equipment_id=${shoes.id}&return_equipments=true`)).body.data.workouts[0]?.equipments.map((e) => e.label)).toEqual(['Pegasus', 'Spare'])
    expect((await t.api<WorkoutsResponse>('GET', `workouts/${withDefaults?.id}`, { token: sam.token })).body.data.workouts[0]?.equipments.map((e) => e.label)).toEqual([
      'Pegasus',
      'Spare',
    ])
  })

  it('refuses equipment_ids that break the reference rules, creating nothing', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES })
    const other = await item({ label: 'Other shoes', equipment_type_id: SHOES })
    const bike = await item({ label: 'Ox', equipment_type_id: BIKE })
    const retired = await item({ label: 'Old', equipment_type_id: SHOES })
    await t.api('PATCH', `equipments/${retired.id}`, { token: sam.token, body: { is_active: false } })
    const owners = await item({ label: 'Owner shoes', equipment_type_id: SHOES }, owner.token)
    const miscs = []
    for (const n of [1, 2, 3, 4, 5, 6]) miscs.push((await item({ label: `m${n}`, equipment_type_id: MISC })).id)
    const cases: [unknown, string][] = [
      ['abc', 'equipment_ids must be an array of strings'],
      [[1], 'equipment_ids must be an array of strings'],
      [[shoes.id, other.id], 'only one piece of equipment per type can be provided'],
      [miscs, 'a maximum of 5 pieces of Misc equipment can be added'],
      [[bike.id], `invalid equipment id ${bike.id} for sport Running`],
      [[retired.id], `equipment with id ${retired.id} is inactive`],
      [[owners.id], `equipment with id ${owners.id} does not exist`],
      [['unknown'], 'equipment with id unknown does not exist'],
    ]
    for (const [ids, message] of cases) expect(await manual({ equipment_ids: ids })).toMatchObject(error(message))
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.data.workouts).toEqual([])
    expect((await get(shoes.id))?.workouts_count).toBe(0)
    expect(((await manual({ equipment_ids: [shoes.id, ...miscs.slice(0, 5)] })).body.data.workouts[0]?.equipments ?? []).length).toBe(6)
  })

  it('edits the equipment of a workout: replaced, kept when omitted (checked against a new sport), a retired item it had may stay', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES })
    const bike = await item({ label: 'Ox', equipment_type_id: BIKE })
    const workout = (await manual({ equipment_ids: [shoes.id] })).body.data.workouts[0]
    const patch = (body: Record<string, unknown>) => t.api<WorkoutsResponse>('PATCH', `workouts/${workout?.id}`, { token: sam.token, body })
    await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { is_active: false } })
    expect((await patch({ title: 'kept', equipment_ids: [shoes.id] })).body.data.workouts[0]?.equipments.map((e) => e.id)).toEqual([shoes.id])
    expect((await patch({ title: 'still' })).body.data.workouts[0]?.equipments.map((e) => e.id)).toEqual([shoes.id])
    expect(await patch({ sport_id: ROWING })).toMatchObject(error(`invalid equipment id ${shoes.id} for sport Rowing`))
    expect(await patch({ equipment_ids: [bike.id] })).toMatchObject(error(`invalid equipment id ${bike.id} for sport Running`))
    expect((await patch({ sport_id: CYCLING, equipment_ids: [bike.id] })).body.data.workouts[0]?.equipments.map((e) => e.id)).toEqual([bike.id])
    expect(await get(shoes.id)).toMatchObject({ workouts_count: 0, total_distance: 0 })
    expect(await get(bike.id)).toMatchObject({ workouts_count: 1, total_distance: 10, total_duration_in_hours: 1 })
    // Once taken off, a retired item cannot come back.
    expect(await patch({ sport_id: RUNNING, equipment_ids: [shoes.id] })).toMatchObject(error(`equipment with id ${shoes.id} is inactive`))
    expect((await patch({ equipment_ids: [] })).body.data.workouts[0]?.equipments).toEqual([])
    expect(await get(bike.id)).toMatchObject({ workouts_count: 0, total_distance: 0 })
  })

  it('keeps totals with workout creates, edits and deletes; refresh finds nothing to change; delete needs force while used', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const a = (await manual({ distance: 12.5, duration: 4500 })).body.data.workouts[0]
    await manual({ distance: 8, duration: 2700, workout_date: '2024-05-16 08:00' })
    expect(await get(shoes.id)).toMatchObject({ workouts_count: 2, total_distance: 20.5, total_duration_in_hours: 2 })
    await t.api('PATCH', `workouts/${a?.id}`, { token: sam.token, body: { distance: 20, duration: 7200 } })
    expect(await get(shoes.id)).toMatchObject({ workouts_count: 2, total_distance: 28, total_duration_in_hours: 2.8 })
    const refreshed = await t.api<EquipmentsResponse>('POST', `equipments/${shoes.id}/refresh`, { token: sam.token })
    expect(refreshed.body.data.equipments[0]).toEqual(await get(shoes.id))
    expect(await t.api('DELETE', `equipments/${shoes.id}`, { token: sam.token })).toMatchObject(
      error(
        `Cannot delete equipment that has associated workouts. Equipment id ${shoes.id} has 2 associated workout(s). (Provide argument 'force' as a query parameter to override this check)`,
        403,
      ),
    )
    await t.api('DELETE', `workouts/${a?.id}`, { token: sam.token })
    expect(await get(shoes.id)).toMatchObject({ workouts_count: 1, total_distance: 8, total_duration_in_hours: 0.8 })
    // One workout is enough to hold the item.
    expect(await t.api('DELETE', `equipments/${shoes.id}`, { token: sam.token })).toMatchObject({ status: 403, body: expect.objectContaining({ message: expect.stringContaining('has 1 associated workout(s)') }) })
    expect((await t.api('DELETE', `equipments/${shoes.id}?force`, { token: sam.token })).status).toBe(204)
    expect(await t.api('GET', `equipments/${shoes.id}`, { token: sam.token })).toMatchObject({ status: 404 })
    // The workout stays, without the item.
    const [left] = (await t.api<WorkoutsListResponse>('GET', 'workouts?return_equipments=true', { token: sam.token })).body.data.workouts
    expect(left).toMatchObject({ distance: 8, equipments: [] })
  })

  it('lets an item of a type disabled since keep its type through an edit, and refuses that type to other items', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES })
    expect((await t.api('PATCH', 'equipment-types/1', { token: owner.token, body: { is_active: false } })).status).toBe(200)
    const renamed = await t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { label: 'Pegasus 40' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.equipments[0]).toMatchObject({ label: 'Pegasus 40', equipment_type: { id: SHOES } })
    const bike = await item({ label: 'Ox', equipment_type_id: BIKE })
    expect(await t.api('PATCH', `equipments/${bike.id}`, { token: sam.token, body: { equipment_type_id: SHOES } })).toMatchObject(error('equipment type is inactive'))
  })

  it('keeps an item on its workouts when its type becomes Misc (Misc fits any sport), and takes it off them when it becomes another type', async () => {
    const shoes = await item({ label: 'Pegasus', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const run = (await manual({ equipment_ids: [shoes.id] })).body.data.workouts[0]
    const retype = async (typeId: number) => (await t.api<EquipmentsResponse>('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { equipment_type_id: typeId } })).body.data.equipments[0]
    const runEquipment = async () => (await t.api<WorkoutsResponse>('GET', `workouts/${run?.id}`, { token: sam.token })).body.data.workouts[0]?.equipments.map((e) => e.id)
    expect(await retype(MISC)).toMatchObject({ equipment_type: { id: MISC }, workouts_count: 1, total_distance: 10, total_duration_in_hours: 1, default_for_sport_ids: [RUNNING] })
    expect(await runEquipment()).toEqual([shoes.id])
    // A bike does not go running: its links and totals go, and so does its Running default.
    expect(await retype(BIKE)).toMatchObject({ equipment_type: { id: BIKE }, workouts_count: 0, total_distance: 0, total_duration_in_hours: 0, default_for_sport_ids: [] })
    expect(await runEquipment()).toEqual([])
  })

  it('takes equipment_ids on a file upload, counts its distance, and refuses a bad id keeping nothing', async () => {
    const bike = await item({ label: 'Ox', equipment_type_id: BIKE })
    const gpx = await fixture('gpx/gpx_file.gpx')
    expect(await upload(t, sam.token, 'ride.gpx', gpx, { sport_id: CYCLING, equipment_ids: [bike.id, bike.id.slice(1) + 'x'] })).toMatchObject({ status: 400 })
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.data.workouts).toEqual([])
    expect(await upload(t, sam.token, 'ride.gpx', gpx, { sport_id: CYCLING, equipment_ids: 'x' })).toMatchObject(error('equipment_ids must be an array of strings'))
    const uploaded = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', gpx, { sport_id: CYCLING, equipment_ids: [bike.id] })
    expect(uploaded.status).toBe(201)
    const [workout] = uploaded.body.data.workouts
    expect(workout?.equipments.map((e) => e.id)).toEqual([bike.id])
    expect(await get(bike.id)).toMatchObject({ workouts_count: 1, total_distance: workout?.distance })
    // A new sport re-analyses the file; the bike's totals follow its figures.
    await t.api('PATCH', `workouts/${workout?.id}`, { token: sam.token, body: { sport_id: 4 } })
    const reanalysed = (await t.api<WorkoutsResponse>('GET', `workouts/${workout?.id}`, { token: sam.token })).body.data.workouts[0]
    expect(await get(bike.id)).toMatchObject({ workouts_count: 1, total_distance: reanalysed?.distance })
  })
})
