import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentsResponse, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'

const SHOES = 1
const RUNNING = 5

// Inputs a hostile or careless client may send: someone else's item, ids that are not items,
// oversized texts and lists. Each gets its catalogued answer and changes nothing.
describe('equipment under attack', () => {
  let t: TestServer
  let owner: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const item = async (token: string, body: Record<string, unknown>): Promise<Equipment> => {
    const [created] = (await t.api<EquipmentsResponse>('POST', 'equipments', { token, body })).body.data.equipments
    if (!created) throw new Error('no item')
    return created
  }
  const run = (token: string, body: Record<string, unknown> = {}) =>
    t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token, body: { sport_id: RUNNING, duration: 3600, distance: 10, workout_date: '2024-05-15 08:00', ...body } })
  const list = (token: string, query: string) => t.api<WorkoutsListResponse>('GET', `workouts?${query}`, { token })

  it("never lets one user see, use, count or change another user's item", async () => {
    const theirs = await item(owner.token, { label: 'Owner shoes', equipment_type_id: SHOES, default_for_sport_ids: [RUNNING] })
    const ownerRun = (await run(owner.token)).body.data.workouts[0]
    expect(ownerRun?.equipments.map((piece) => piece.id)).toEqual([theirs.id])
    const samRun = (await run(sam.token, { equipment_ids: [] })).body.data.workouts[0]

    // Filtering by it lists none of the owner's workouts (and none of sam's).
    expect((await list(sam.token, `equipment_id=${theirs.id}`)).body.data.workouts).toEqual([])
    // Not attachable on an edit, refreshable, editable or deletable by sam.
    expect(await t.api('PATCH', `workouts/${samRun?.id}`, { token: sam.token, body: { equipment_ids: [theirs.id] } })).toMatchObject({
      status: 400,
      body: { message: `equipment with id ${theirs.id} does not exist` },
    })
    for (const [method, path] of [
      ['GET', `equipments/${theirs.id}`],
      ['POST', `equipments/${theirs.id}/refresh`],
      ['PATCH', `equipments/${theirs.id}`],
      ['DELETE', `equipments/${theirs.id}?force`],
    ] as const) {
      expect(await t.api(method, path, { token: sam.token, body: method === 'PATCH' ? { label: 'mine now' } : undefined }), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { status: 'not found' },
      })
    }
    // The owner's item and its total are untouched.
    const [kept] = (await t.api<EquipmentsResponse>('GET', `equipments/${theirs.id}`, { token: owner.token })).body.data.equipments
    expect(kept).toMatchObject({ label: 'Owner shoes', workouts_count: 1, total_distance: 10 })
  })

  it('answers a workout id, an overlong id or a path trick where an item id goes with "not found"', async () => {
    const workout = (await run(sam.token)).body.data.workouts[0]
    for (const id of [workout?.id, 'x'.repeat(5000), '..%2F..%2Fusers', '%00']) {
      expect(await t.api('GET', `equipments/${id}`, { token: sam.token }), String(id).slice(0, 20)).toMatchObject({ status: 404 })
    }
    // In the list's filter, an overlong id is refused, not run as a query.
    expect(await list(sam.token, `equipment_id=${'x'.repeat(31)}`)).toMatchObject({ status: 400 })
    expect((await list(sam.token, 'equipment_id=unknown')).body.data.workouts).toEqual([])
  })

  it('refuses oversized or empty texts on an edit, keeping the item as it was', async () => {
    const shoes = await item(sam.token, { label: 'Pegasus', equipment_type_id: SHOES, description: 'road' })
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'd'.repeat(201) }, 'description exceeds 200 characters'],
      [{ label: 'l'.repeat(51) }, 'label exceeds 50 characters'],
      // Characters, as the reference counts them (Python), not UTF-16 units: 51 emoji are over.
      [{ label: '👟'.repeat(51) }, 'label exceeds 50 characters'],
      [{ label: '   ' }, "the 'label' and 'equipment_type_id' parameters must be provided"],
      [{ default_for_sport_ids: 'running' }, 'invalid payload'],
    ]
    for (const [body, message] of cases) {
      expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body }), message).toMatchObject({ status: 400, body: { message } })
    }
    const [kept] = (await t.api<EquipmentsResponse>('GET', `equipments/${shoes.id}`, { token: sam.token })).body.data.equipments
    expect(kept).toMatchObject({ label: 'Pegasus', description: 'road', default_for_sport_ids: [] })
    expect(await t.api('PATCH', `equipments/${shoes.id}`, { token: sam.token, body: { label: '👟'.repeat(50) } })).toMatchObject({ status: 200 })
  })

  it('refuses 5,000 unknown equipment ids with the first one named, creates nothing, and keeps answering', async () => {
    const ids = Array.from({ length: 5000 }, (_, index) => `id${index}`)
    expect(await run(sam.token, { equipment_ids: ids })).toMatchObject({ status: 400, body: { message: 'equipment with id id0 does not exist' } })
    expect((await list(sam.token, '')).body.data.workouts).toEqual([])
    expect((await run(sam.token)).status).toBe(201)
  })
})
