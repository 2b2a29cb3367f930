import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentsResponse, ImportTaskResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { rides, seconds, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

const RUNNING = 5
const CYCLING = 1

/** A small seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

describe('equipment totals', () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const item = async (body: Record<string, unknown>): Promise<Equipment> => {
    const [created] = (await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body })).body.data.equipments
    if (!created) throw new Error('no item')
    return created
  }

  /** Every item's stored totals against a recomputation from the workouts the API lists with it. */
  async function expectTotalsAgree(): Promise<void> {
    const items = (await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })).body.data.equipments
    for (const piece of items) {
      const workouts = (await t.api<WorkoutsListResponse>('GET', `workouts?equipment_id=${piece.id}&per_page=100`, { token: sam.token })).body.data.workouts
      const distance = workouts.reduce((sum, workout) => sum + (workout.distance ?? 0), 0)
      const moving = workouts.reduce((sum, workout) => sum + seconds(workout.moving ?? '0:00:00'), 0)
      expect({ label: piece.label, count: piece.workouts_count, hours: piece.total_duration_in_hours }).toEqual({
        label: piece.label,
        count: workouts.length,
        hours: Math.round(moving / 360) / 10,
      })
      expect(piece.total_distance).toBeCloseTo(distance, 3)
      // Refresh recomputes: it must find nothing to change.
      const refreshed = (await t.api<EquipmentsResponse>('POST', `equipments/${piece.id}/refresh`, { token: sam.token })).body.data.equipments[0]
      expect(refreshed).toEqual(piece)
    }
  }

  it('agree with a recomputation after random sequences of creates, edits (distance, sport, equipment) and deletes', async () => {
    const shoes = await item({ label: 'Shoes A', equipment_type_id: 1, default_for_sport_ids: [RUNNING] })
    const shoesB = await item({ label: 'Shoes B', equipment_type_id: 1 })
    const bike = await item({ label: 'Bike', equipment_type_id: 2, default_for_sport_ids: [CYCLING] })
    const misc = await item({ label: 'Watch', equipment_type_id: 10, default_for_sport_ids: [RUNNING, CYCLING] })
    // Items that fit each sport (one per type), as a client may send them.
    const fitting: Record<number, string[][]> = {
      [RUNNING]: [[], [shoes.id], [shoesB.id, misc.id], [misc.id]],
      [CYCLING]: [[], [bike.id], [bike.id, misc.id], [shoesB.id]],
    }
    for (const seed of [1, 2, 3]) {
      const next = random(seed)
      const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T
      const workouts: Workout[] = []
      for (let step = 0; step < 14; step += 1) {
        const action = workouts.length === 0 ? 'create' : pick(['create', 'create', 'edit', 'edit', 'delete'] as const)
        const sport = pick([RUNNING, CYCLING])
        if (action === 'create') {
          const ids = next() < 0.4 ? undefined : pick(fitting[sport] ?? [])
          const answer = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
            token: sam.token,
            body: {
              sport_id: sport,
              distance: Math.round(next() * 40_000) / 1000,
              duration: 600 + Math.floor(next() * 7200),
              workout_date: `2024-0${1 + (step % 9)}-1${seed} 0${step % 10}:00`,
              ...(ids === undefined ? {} : { equipment_ids: ids }),
            },
          })
          expect(answer.status).toBe(201)
          const [created] = answer.body.data.workouts
          if (created) workouts.push(created)
        } else {
          const index = Math.floor(next() * workouts.length)
          const target = workouts[index]
          if (!target) continue
          if (action === 'delete') {
            expect((await t.api('DELETE', `workouts/${target.id}`, { token: sam.token })).status).toBe(204)
            workouts.splice(index, 1)
          } else {
            const body: Record<string, unknown> = { distance: Math.round(next() * 40_000) / 1000 }
            // A new sport comes with items that fit it (the old ones may not).
            if (next() < 0.5) Object.assign(body, { sport_id: sport, equipment_ids: pick(fitting[sport] ?? []) })
            const answer = await t.api<WorkoutsResponse>('PATCH', `workouts/${target.id}`, { token: sam.token, body })
            expect(answer.status).toBe(200)
          }
        }
      }
      await expectTotalsAgree()
    }
  })

  it('count the workouts of an archive import (each sport default applied)', async () => {
    const bike = await item({ label: 'Bike', equipment_type_id: 2, default_for_sport_ids: [CYCLING] })
    const started = await upload<ImportTaskResponse>(t, sam.token, 'rides.zip', buildZip(await rides(3)), { sport_id: CYCLING })
    const task = await waitForImport(t, sam.token, started.body.data.task.id)
    expect(task.status).toBe('done')
    const listed = (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=10', { token: sam.token })).body.data.workouts
    expect(listed).toHaveLength(3)
    const [stored] = (await t.api<EquipmentsResponse>('GET', `equipments/${bike.id}`, { token: sam.token })).body.data.equipments
    expect(stored?.workouts_count).toBe(3)
    expect(stored?.total_distance).toBeCloseTo(listed.reduce((sum, workout) => sum + (workout.distance ?? 0), 0), 3)
    await expectTotalsAgree()
  })
})
