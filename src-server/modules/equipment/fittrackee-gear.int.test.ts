import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentsResponse, ImportTask, Workout, WorkoutsListResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { errorCatalogue } from '../../../src/errors'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { importArchive, realFile } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

// The reference tracker's user-data export, in the shape it writes (SamR1/FitTrackee v1.0.7,
// 6efe82665c0a):
// - `fittrackee/users/export_data.py` L80-84: `user_equipments_data.json` is each item's
//   `Equipment.serialize(current_user=owner)`; L43-59: each workout's `get_workout_data(owner,
//   additional_data=True, light=False)` plus `sport_label`, `gpx` and `original_file` (file names);
//   L88: `json.dumps(..., default=str)`, so dates are `2018-03-13 12:44:45+00:00`, durations `1:00:00`;
//   L110-139: the archive's member names (each workout's file as `workout_files/<original_file>`).
// - `fittrackee/equipments/models.py` L142-182: an item's keys (`equipment_type` an object with its
//   label; `default_for_sport_ids`; totals the tracker kept, which we recompute from the workouts).
// - `fittrackee/workouts/models.py` L589-593: a workout's `equipments` are its items serialized the same way.
// Sport ids are the reference's, which are ours (5 Running, 1 Cycling (Sport), 3 Hiking).
const TYPES = { Shoes: 1, Bike: 2, Misc: 10 } as const
const item = (id: string, label: string, type: keyof typeof TYPES, extra: { is_active?: boolean; default_for_sport_ids?: number[]; visibility?: string; description?: string | null } = {}) => ({
  label,
  is_active: extra.is_active ?? true,
  equipment_type: { id: TYPES[type], label: type, is_active: true },
  id,
  user_id: 1,
  description: extra.description ?? null,
  default_for_sport_ids: extra.default_for_sport_ids ?? [],
  creation_date: '2024-03-21 06:08:06.123456+00:00',
  // What the reference had counted: ignored, our totals come from the workouts imported.
  total_distance: 999.0,
  total_duration_in_hours: 99.9,
  visibility: extra.visibility ?? 'private',
  workouts_count: 42,
})
const PEGASUS = item('kDGxuVhxAqhVdwVrnQD8fJ', 'Pegasus 40', 'Shoes', { default_for_sport_ids: [5], description: 'daily trainer' })
const OLD = item('9ZxbFXqRtoP2kyH5YyzDMP', 'Old trainers', 'Shoes', { is_active: false })
const STRAP = item('Lx3vWkPG6gz8yS4vQ2bqaN', 'Heart strap', 'Misc', { default_for_sport_ids: [5, 1] })
const OX = item('bGQ3rH8tUvgnMvT9Aj5q2X', 'Ox', 'Bike', { default_for_sport_ids: [1, 5], visibility: 'followers_only' })

const workout = (id: string, sportId: number, sportLabel: string, title: string, figures: { date: string; duration?: string; distance?: number; gpx?: string }, equipments: unknown[]) => ({
  id,
  sport_id: sportId,
  workout_date: figures.date,
  workout_visibility: 'private',
  source: null,
  title,
  moving: figures.duration ?? null,
  distance: figures.distance ?? null,
  duration: figures.duration ?? null,
  records: [],
  analysis_visibility: 'private',
  map_visibility: 'private',
  equipments,
  creation_date: '2024-04-01 08:00:00.000000+00:00',
  modification_date: null,
  pauses: null,
  segments: [],
  with_geometry: false,
  weather_start: null,
  weather_end: null,
  notes: null,
  description: null,
  likes_count: 0,
  liked: false,
  original_file: figures.gpx ?? null,
  sport_label: sportLabel,
  gpx: figures.gpx ?? null,
})
const WORKOUTS = [
  workout('Aa1', 5, 'Running', 'Tempo run', { date: '2024-04-02 06:30:00+00:00', duration: '1:00:00', distance: 10.5 }, [PEGASUS, STRAP]),
  workout('Aa2', 5, 'Running', 'Last run in the old pair', { date: '2024-04-03 06:30:00+00:00', duration: '0:30:00', distance: 5.0 }, [OLD]),
  workout('Aa3', 1, 'Cycling (Sport)', 'Long ride', { date: '2024-04-06 07:00:00+00:00', duration: '2:00:00', distance: 60.25 }, [OX, STRAP]),
  workout('Aa4', 3, 'Hiking', 'Lake walk', { date: '2024-04-07 09:00:00+00:00', gpx: 'x7Hj2_lake.gpx' }, []),
]

async function referenceExport(equipments: unknown = [PEGASUS, OLD, STRAP, OX]): Promise<Buffer> {
  return buildZip([
    { name: 'user_data.json', data: JSON.stringify({ username: 'sam' }) },
    { name: 'user_workouts_data.json', data: JSON.stringify(WORKOUTS, null, 4) },
    { name: 'user_equipments_data.json', data: typeof equipments === 'string' ? equipments : JSON.stringify(equipments, null, 4) },
    { name: 'user_comments_data.json', data: '[]' },
    { name: 'workout_files/x7Hj2_lake.gpx', data: await realFile('gpx/fittrackee-e2e.gpx'), deflate: true },
  ])
}

describe("equipment from the reference tracker's export", () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const importExport = async (archive: Buffer): Promise<ImportTask> => {
    const task = await importArchive(t, sam.token, 'archive_x.zip', archive, { sport_id: SPORT_ID.hiking })
    expect(task.status).toBe('done')
    return task
  }
  const items = async (): Promise<Equipment[]> => (await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })).body.data.equipments
  const workouts = async (): Promise<Workout[]> => (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100&return_equipments=true', { token: sam.token })).body.data.workouts
  const gearByTitle = async () => Object.fromEntries((await workouts()).map((one) => [one.title, one.equipments.map((piece) => piece.label).sort()]))

  it('creates its items (retired ones too, with their default sports and visibility) and links each workout to the items it lists; a re-import links, never copies', async () => {
    const task = await importExport(await referenceExport())
    expect(task.results.map((result) => [result.file, result.status])).toEqual([
      ['workout_files/x7Hj2_lake.gpx', 'imported'],
      ['user_workouts_data.json, workout 1 (Tempo run)', 'imported'],
      ['user_workouts_data.json, workout 2 (Last run in the old pair)', 'imported'],
      ['user_workouts_data.json, workout 3 (Long ride)', 'imported'],
    ])
    const all = await items()
    expect(all.map((piece) => [piece.label, piece.equipment_type.label, piece.is_active, piece.visibility, piece.description, piece.default_for_sport_ids])).toEqual([
      ['Pegasus 40', 'Shoes', true, 'private', 'daily trainer', [SPORT_ID.running]],
      ['Old trainers', 'Shoes', false, 'private', null, []],
      ['Heart strap', 'Misc', true, 'private', null, [SPORT_ID.cyclingSport, SPORT_ID.running]],
      // Bikes do not go with running: that default of the export is left out.
      ['Ox', 'Bike', true, 'followers_only', null, [SPORT_ID.cyclingSport]],
    ])
    const expectedGear = {
      'Tempo run': ['Heart strap', 'Pegasus 40'],
      'Last run in the old pair': ['Old trainers'],
      'Long ride': ['Heart strap', 'Ox'],
      'Lake walk': [],
    }
    expect(await gearByTitle()).toEqual(expectedGear)
    // Totals from the export's own figures, not the reference's counters (999 km, 42 workouts).
    const totals = Object.fromEntries(all.map((piece) => [piece.label, [piece.workouts_count, piece.total_distance, piece.total_duration_in_hours]]))
    expect(totals).toEqual({ 'Pegasus 40': [1, 10.5, 1], 'Old trainers': [1, 5, 0.5], 'Heart strap': [2, 70.75, 3], Ox: [1, 60.25, 2] })
    for (const piece of all) {
      const refreshed = await t.api<EquipmentsResponse>('POST', `equipments/${piece.id}/refresh`, { token: sam.token })
      expect(refreshed.body.data.equipments[0]).toEqual(piece)
    }

    const again = await importExport(await referenceExport())
    expect(new Set(again.results.map((result) => result.status))).toEqual(new Set(['duplicate']))
    expect(await items()).toEqual(all)
    expect(await gearByTitle()).toEqual(expectedGear)
  }, 60_000)

  it("reuses an item of the same label the account has, as the user made it, and links the export's workouts to it", async () => {
    const mine = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus 40', equipment_type_id: TYPES.Shoes, description: 'mine' } })
    expect(mine.status).toBe(201)
    await importExport(await referenceExport())
    const all = await items()
    expect(all.filter((piece) => piece.label === 'Pegasus 40')).toEqual([expect.objectContaining({ id: mine.body.data.equipments[0]?.id, description: 'mine', workouts_count: 1, total_distance: 10.5 })])
    expect(all).toHaveLength(4)
  }, 60_000)

  it.each([
    ['an item without its type', [PEGASUS, { ...OX, equipment_type: undefined }]],
    ['a type the reference does not have', [PEGASUS, { ...OX, equipment_type: { id: 99, label: 'Hoverboard', is_active: true } }]],
    ['a label twice', [PEGASUS, { ...OLD, label: 'Pegasus 40' }]],
    ['a label past 50 characters', [PEGASUS, { ...OX, label: 'O'.repeat(51) }]],
    ['not a list', { equipments: [PEGASUS] }],
    ['not JSON', '[{"label": "Pegasus 40",'],
  ])('refuses an equipment file with %s whole, with its reason; the workouts come in without equipment and a fixed export then links them', async (_, equipments) => {
    // The user's own default for running, which the export's workouts must not get instead.
    const spare = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Spare', equipment_type_id: TYPES.Shoes, default_for_sport_ids: [SPORT_ID.running] } })
    const before = await items()
    const task = await importExport(await referenceExport(equipments))
    expect(task.results.find((result) => result.file === 'user_equipments_data.json')).toEqual({
      file: 'user_equipments_data.json',
      status: 'error',
      code: 'export_equipment_invalid',
      message: errorCatalogue.export_equipment_invalid.message,
    })
    expect(task.results.filter((result) => result.status === 'imported')).toHaveLength(4)
    expect(await items()).toEqual(before)
    expect(before.map((piece) => piece.id)).toEqual([spare.body.data.equipments[0]?.id])
    expect(Object.values(await gearByTitle()).flat()).toEqual([])

    const fixed = await importExport(await referenceExport())
    expect(new Set(fixed.results.map((result) => result.status))).toEqual(new Set(['duplicate']))
    expect(await gearByTitle()).toEqual({
      'Tempo run': ['Heart strap', 'Pegasus 40'],
      'Last run in the old pair': ['Old trainers'],
      'Long ride': ['Heart strap', 'Ox'],
      'Lake walk': [],
    })
  }, 60_000)
})
