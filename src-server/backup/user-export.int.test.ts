import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ComponentsResponse, Equipment, EquipmentsResponse, LoginResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import type { Logger } from '../config/server-config'
import { exportCommand, importCommand } from '../cli/user-data-commands'
import { CommandError } from '../cli/user-commands'
import { openCommand } from '../db/command-database'
import type { Database } from '../db/repositories'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, realFixtures, upload } from '../test/workouts'
import { buildZip } from '../test/zip-builder'
import { USER_EXPORT_ENTRY, userExportSchema } from './user-export-format'
import { openZipReader } from './zip-reader'

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** A second connection on a server's database (SQLite or PostgreSQL), as the command line opens one. */
async function withCommandDatabase<T>(t: TestServer, work: (database: Database) => Promise<T>): Promise<T> {
  const command = await openCommand(t.server.layout, t.databaseUrl)
  try {
    return await work(command.database)
  } finally {
    await command.close()
  }
}

/** What must survive a round trip: the API's answers without the ids an instance gives. */
function comparable(t: TestServer, token: string, username: string) {
  const get = async (path: string) => {
    const answer = await t.api('GET', path, { token })
    expect(answer.status).toBe(200)
    return answer.body
  }
  const withoutIds = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withoutIds)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !['id', 'workout_id', 'map', 'previous_workout', 'next_workout', 'user_id'].includes(key))
          .map(([key, inner]) => [key, withoutIds(inner)]),
      )
    }
    return value
  }
  return async () => {
    const workouts = (await get('workouts?per_page=100&order=asc')) as unknown as WorkoutsListResponse
    // Workouts starting at the same time are ordered by id, which differs between instances.
    const key = (workout: Workout) => `${workout.workout_date}|${workout.sport_id}|${workout.title}`
    workouts.data.workouts.sort((a, b) => key(a).localeCompare(key(b)))
    const charts = []
    for (const workout of workouts.data.workouts) {
      if (workout.with_gpx) charts.push(await get(`workouts/${workout.id}/chart_data`))
    }
    const profile = await get('auth/profile')
    return withoutIds({
      workouts,
      charts,
      records: await get('records'),
      byYear: await get(`stats/${username}/by_time?time=year`),
      byWeek: await get(`stats/${username}/by_time?time=week&from=2000-01-01&to=2030-01-01`),
      bySport: await get(`stats/${username}/by_sport`),
      // `has_workouts` is shown to administrators only, and sam administers the new instance.
      sports: ((await get('sports')).data as { sports: Record<string, unknown>[] }).sports.map(({ has_workouts: _shown, ...sport }) => sport),
      profile: { ...(profile.data as Record<string, unknown>), admin: null, nb_workouts: null },
    })
  }
}

describe('export and import of one user', () => {
  let source: TestServer
  let target: TestServer
  let sam: Account
  let scratch: string
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'waymark-export-'))
    source = await startTestServer()
    target = await startTestServer()
    const owner = await registerUser(source, 'owner')
    sam = await registerUser(source, 'sam', { activate: owner })
  })
  afterEach(async () => {
    await source.close()
    await target.close()
    await rm(scratch, { recursive: true, force: true })
  })

  it('imports into an empty instance with identical figures, records and statistics', async () => {
    const token = sam.token
    expect((await source.api('POST', 'auth/profile/edit/preferences', { token, body: { display_ascent: false, imperial_units: true, language: 'fr', timezone: 'America/New_York', weekm: true, max_hr: 188, resting_hr: 52, ftp: 245 } })).status).toBe(200)
    expect((await source.api('POST', 'auth/profile/edit/sports', { token, body: { sport_id: 1, color: '#aa3300', stopped_speed_threshold: 4 } })).status).toBe(200)
    expect((await source.api('POST', 'auth/profile/edit/sports', { token, body: { sport_id: 5, is_active: false, speed_display: 'speed' } })).status).toBe(200)
    const gpx = await upload<WorkoutsResponse>(source, token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1, notes: 'first ride' })
    expect(gpx.status).toBe(201)
    expect((await upload(source, token, 'paused.fit', await fixture('fit/paused_ride.fit'), { sport_id: 2 })).status).toBe(201)
    expect((await upload(source, token, 'laps.tcx', await fixture('tcx/two_laps_with_indoor_point.tcx'), { sport_id: 5, title: 'Laps' })).status).toBe(201)
    expect((await upload(source, token, 'segments.gpx', await fixture('gpx/gpx_file_with_3_segments.gpx'), { sport_id: 4 })).status).toBe(201)
    const manual = { sport_id: 1, duration: 5400, distance: 42.195, workout_date: '2019-04-07 09:30', title: 'Hand typed', notes: 'rain', ascent: 300, descent: 280 }
    expect((await source.api('POST', 'workouts/no_gpx', { token, body: manual })).status).toBe(201)
    expect((await source.api('POST', 'workouts/no_gpx', { token, body: { ...manual, sport_id: 6, distance: 8, workout_date: '2020-01-01 07:00', title: 'Walk' } })).status).toBe(201)
    const weather = { icon: 'rain', temperature: 7.5, humidity: 0.8, wind: 12, windBearing: 270 }
    const edited = await source.api('PATCH', `workouts/${gpx.body.data.workouts[0]?.id ?? ''}`, {
      token,
      body: { title: 'Renamed', notes: 'typed weather', weather_start: weather, weather_end: { ...weather, icon: 'cloudy' } },
    })
    expect(edited.status).toBe(200)

    const file = join(scratch, 'sam.zip')
    const exported = await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    expect(exported).toBe(`exported sam: 6 workouts and 8 files to ${file}`)
    const zip = await openZipReader(file)
    const document = userExportSchema.parse(JSON.parse((await zip.read(USER_EXPORT_ENTRY)).toString()))
    zip.close()
    expect(document).toMatchObject({ format: 'waymark-user-export', version: 1, user: { username: 'sam', preferences: { timezone: 'America/New_York', maxHeartRate: 188, restingHeartRate: 52, ftp: 245 } } })
    expect(JSON.stringify(document)).not.toContain('password')

    const lines = await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))
    expect(lines).toEqual([expect.stringMatching(/^created account sam, password: \S{16}$/), 'imported 6 workouts into sam, 0 duplicates skipped'])
    const password = /password: (\S+)$/.exec(lines[0] ?? '')?.[1] ?? ''
    const login = await target.api<LoginResponse>('POST', 'auth/login', { body: { email: sam.email, password } })
    expect(login.status).toBe(200)

    const before = await comparable(source, token, 'sam')()
    const after = await comparable(target, login.body.auth_token, 'sam')()
    expect(after).toEqual(before)

    // The first account of an empty instance administers it, as with a registration.
    expect((await target.api('GET', 'auth/profile', { token: login.body.auth_token })).body).toMatchObject({ data: { admin: true } })

    const again = await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))
    expect(again).toEqual(['imported 0 workouts into sam, 6 duplicates skipped'])
  }, 60_000)

  it("gives each leg of a multisport file back its own sport, title, notes and transition, from one import of the file", async () => {
    const token = sam.token
    const triathlon = await readFile(join(realFixtures(), 'fit/activitylog2-920xt-triathlon.fit'))
    const uploaded = await upload<WorkoutsResponse>(source, token, 'triathlon.fit', triathlon, { sport_id: 6, detect_sport: true })
    expect(uploaded.status).toBe(201)
    const legs = async (t: TestServer, auth: string) => {
      const list = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=10&order=asc', { token: auth })
      const first = await t.api<WorkoutsResponse>('GET', `workouts/${list.body.data.workouts[0]?.id ?? ''}`, { token: auth })
      return (first.body.data.workouts[0]?.legs ?? []).map((leg) => [leg.sport_id, leg.title, leg.transition])
    }
    // Swim, T1, ride, T2, run, as the watch's sessions name them; the ride renamed and given notes.
    const before = await legs(source, token)
    expect(before.map(([sport, , transition]) => [sport, transition])).toEqual([[14, false], [16, true], [1, false], [16, true], [5, false]])
    const list = await source.api<WorkoutsListResponse>('GET', 'workouts?per_page=10&order=asc', { token })
    const ride = list.body.data.workouts.find((workout) => workout.sport_id === 1)
    expect((await source.api('PATCH', `workouts/${ride?.id ?? ''}`, { token, body: { title: 'Bike leg', notes: 'windy' } })).status).toBe(200)

    const file = join(scratch, 'sam.zip')
    await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    const lines = await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))
    expect(lines).toEqual([expect.stringMatching(/^created account sam, password: \S{16}$/), 'imported 5 workouts into sam, 0 duplicates skipped'])
    const password = /password: (\S+)$/.exec(lines[0] ?? '')?.[1] ?? ''
    const login = await target.api<LoginResponse>('POST', 'auth/login', { body: { email: sam.email, password } })
    expect(await legs(target, login.body.auth_token)).toEqual(await legs(source, token))
    expect(await comparable(target, login.body.auth_token, 'sam')()).toEqual(await comparable(source, token, 'sam')())
    expect(await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))).toEqual(['imported 0 workouts into sam, 5 duplicates skipped'])
  }, 60_000)

  it('carries the calories a file states through export and import; an export from before calories still imports', async () => {
    const fit = await readFile(join(realFixtures(), 'fit/goldencheetah-2016-05-23.fit'))
    // Garmin's own decoder on the same bytes: the session's total_calories.
    const stated = new Decoder(Stream.fromBuffer(fit)).read().messages.sessionMesgs?.[0]?.totalCalories
    expect(stated).toBeGreaterThan(0)
    expect((await upload(source, sam.token, 'swim.fit', fit)).status).toBe(201)
    expect((await upload(source, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
    const typed = { sport_id: 1, duration: 3600, distance: 20, workout_date: '2019-04-07 09:30', title: 'Hand typed' }
    expect((await source.api('POST', 'workouts/no_gpx', { token: sam.token, body: typed })).status).toBe(201)
    const caloriesOf = async (t: TestServer, token: string) => {
      const list = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=10&order=asc', { token })
      return Object.fromEntries(list.body.data.workouts.map((workout) => [workout.file_format ?? 'typed', workout.calories]))
    }
    expect(await caloriesOf(source, sam.token)).toEqual({ fit: stated, gpx: null, typed: null })

    const file = join(scratch, 'sam.zip')
    await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    const zip = await openZipReader(file)
    const entries = await Promise.all(zip.names.map(async (name) => ({ name, data: await zip.read(name) })))
    zip.close()
    const document = userExportSchema.parse(JSON.parse(entries.find((entry) => entry.name === USER_EXPORT_ENTRY)?.data.toString() ?? ''))
    expect(Object.fromEntries(document.workouts.map((workout) => [workout.file?.format ?? 'typed', workout.calories]))).toEqual({ fit: stated, gpx: null, typed: null })

    const kim = await registerUser(target, 'kim')
    expect(await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, 'kim', quiet))).toEqual(['imported 3 workouts into kim, 0 duplicates skipped'])
    expect(await caloriesOf(target, kim.token)).toEqual({ fit: stated, gpx: null, typed: null })

    // Written before workouts had calories: no `calories` key at all.
    const older = { ...document, workouts: document.workouts.map(({ calories: _calories, ...workout }) => workout) }
    const olderFile = join(scratch, 'older.zip')
    await writeFile(olderFile, buildZip(entries.map((entry) => (entry.name === USER_EXPORT_ENTRY ? { name: entry.name, data: JSON.stringify(older) } : entry))))
    const lee = await registerUser(target, 'lee', { activate: kim })
    expect(await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, olderFile, 'lee', quiet))).toEqual(['imported 3 workouts into lee, 0 duplicates skipped'])
    expect(await caloriesOf(target, lee.token)).toEqual({ fit: stated, gpx: null, typed: null })
  }, 60_000)

  it('imports into an existing account with --as, and refuses what is not an export', async () => {
    expect((await upload(source, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
    const file = join(scratch, 'sam.zip')
    await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    const kim = await registerUser(target, 'kim')
    const lines = await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, 'kim', quiet))
    expect(lines).toEqual(['imported 1 workout into kim, 0 duplicates skipped'])
    expect((await target.api<WorkoutsListResponse>('GET', 'workouts', { token: kim.token })).body.data.totals.count).toBe(1)

    await expect(withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'ghost', join(scratch, 'g.zip'), new Date()))).rejects.toThrow(
      new CommandError('user "ghost" does not exist'),
    )
    const forged = join(scratch, 'forged.zip')
    await writeFile(forged, buildZip([{ name: USER_EXPORT_ENTRY, data: JSON.stringify({ format: 'waymark-user-export', version: 2 }) }]))
    await expect(withCommandDatabase(target, (db) => importCommand(db, target.server.layout, forged, undefined, quiet))).rejects.toMatchObject({
      name: 'CommandError',
      message: `${forged} is not a Waymark user export of version 1 (version: Invalid input: expected 1)`,
    })
    await writeFile(forged, buildZip([{ name: '../escape.json', data: '{}' }]))
    // The zip library itself refuses a name that climbs out of the folder, as a damaged archive.
    await expect(withCommandDatabase(target, (db) => importCommand(db, target.server.layout, forged, undefined, quiet))).rejects.toMatchObject({
      name: 'CommandError',
      message: `${forged} is a damaged zip archive`,
    })
  }, 60_000)
  it('carries equipment: items, components, defaults and links, with totals equal to their workouts; a second import links, never copies', async () => {
    const token = sam.token
    const create = async (body: Record<string, unknown>): Promise<Equipment> => {
      const answer = await source.api<EquipmentsResponse>('POST', 'equipments', { token, body })
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      const [item] = answer.body.data.equipments
      if (!item) throw new Error('no item')
      return item
    }
    const bike = await create({ label: 'Road bike', equipment_type_id: 2, description: 'steel', wear_limit_distance: 5000, default_for_sport_ids: [1] })
    const trail = await create({ label: 'Trail shoes', equipment_type_id: 1, wear_limit_hours: 300, visibility: 'followers_only', default_for_sport_ids: [5] })
    const old = await create({ label: 'Old shoes', equipment_type_id: 1 })
    const lamp = await create({ label: 'Head lamp', equipment_type_id: 10 })
    const chain = await source.api<ComponentsResponse>('POST', `equipments/${bike.id}/components`, { token, body: { label: 'Chain', fitted_at: '2000-01-01T00:00:00Z', wear_limit_distance: 3000 } })
    expect(chain.status).toBe(201)
    const chainId = chain.body.data.components[0]?.id ?? ''
    expect((await source.api('POST', `equipments/${bike.id}/components/${chainId}/retire`, { token, body: { date: '2019-06-01T00:00:00Z', replace: true } })).status).toBe(201)
    // The ride takes the sport's default (the bike); the others name theirs.
    expect((await upload(source, token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })).status).toBe(201)
    expect((await upload(source, token, 'run.tcx', await fixture('tcx/two_laps_with_indoor_point.tcx'), { sport_id: 5, equipment_ids: [old.id, lamp.id] })).status).toBe(201)
    const typed = { sport_id: 5, duration: 3600, distance: 12.5, workout_date: '2019-04-07 09:30', title: 'Typed run', equipment_ids: [trail.id] }
    expect((await source.api('POST', 'workouts/no_gpx', { token, body: typed })).status).toBe(201)
    expect((await source.api('POST', 'workouts/no_gpx', { token, body: { ...typed, sport_id: 1, workout_date: '2020-01-01 07:00', title: 'Bare ride', equipment_ids: [] } })).status).toBe(201)
    // Retired after its run: an export keeps it and its link.
    expect((await source.api('PATCH', `equipments/${old.id}`, { token, body: { is_active: false } })).status).toBe(200)

    const file = join(scratch, 'sam.zip')
    await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    const zip = await openZipReader(file)
    const entries = await Promise.all(zip.names.map(async (name) => ({ name, data: await zip.read(name) })))
    zip.close()
    const document = userExportSchema.parse(JSON.parse(entries.find((entry) => entry.name === USER_EXPORT_ENTRY)?.data.toString() ?? ''))
    expect(document.equipment?.map((item) => item.label)).toEqual(['Road bike', 'Trail shoes', 'Old shoes', 'Head lamp'])
    expect(Object.fromEntries(document.workouts.map((workout) => [workout.file?.format ?? workout.title, workout.equipment]))).toEqual({
      gpx: ['Road bike'],
      tcx: ['Old shoes', 'Head lamp'],
      'Typed run': ['Trail shoes'],
      'Bare ride': [],
    })

    /** Each item as its owner sees it (without the instance's ids), its components, and the titles of its workouts. */
    const gear = async (t: TestServer, bearer: string) => {
      const items = (await t.api<EquipmentsResponse>('GET', 'equipments', { token: bearer })).body.data.equipments
      const workouts = (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100&return_equipments=true', { token: bearer })).body.data.workouts
      return Promise.all(
        items.map(async ({ id, user_id: _user, ...item }) => {
          const linked = workouts.filter((workout) => workout.equipments.some((other) => other.id === id))
          // The totals a recomputation gives: refresh finds nothing to change, and they are the sums of the workouts linked.
          const refreshed = await t.api<EquipmentsResponse>('POST', `equipments/${id}/refresh`, { token: bearer })
          expect(refreshed.body.data.equipments[0]).toMatchObject({ total_distance: item.total_distance, workouts_count: item.workouts_count })
          expect(item.workouts_count).toBe(linked.length)
          expect(item.total_distance).toBeCloseTo(linked.reduce((sum, workout) => sum + (workout.distance ?? 0), 0), 3)
          const components = (await t.api<ComponentsResponse>('GET', `equipments/${id}/components`, { token: bearer })).body.data.components
          return {
            ...item,
            workouts: linked.map((workout) => workout.file_format ?? workout.title).sort(),
            components: components.map(({ id: _id, equipment_id: _item, ...component }) => component),
          }
        }),
      )
    }
    const before = await gear(source, token)
    expect(before.find((item) => item.label === 'Road bike')?.components).toHaveLength(2)

    const lines = await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))
    expect(lines[1]).toBe('imported 4 workouts into sam, 0 duplicates skipped')
    const password = /password: (\S+)$/.exec(lines[0] ?? '')?.[1] ?? ''
    const login = await target.api<LoginResponse>('POST', 'auth/login', { body: { email: sam.email, password } })
    const bearer = login.body.auth_token
    expect(await gear(target, bearer)).toEqual(before)

    // A link taken off on the new instance comes back with a second import; no item is copied.
    const list = (await target.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: bearer })).body.data.workouts
    const typedRun = list.find((workout) => workout.title === 'Typed run')
    expect((await target.api('PATCH', `workouts/${typedRun?.id ?? ''}`, { token: bearer, body: { equipment_ids: [] } })).status).toBe(200)
    expect(await withCommandDatabase(target, (db) => importCommand(db, target.server.layout, file, undefined, quiet))).toEqual(['imported 0 workouts into sam, 4 duplicates skipped'])
    expect(await gear(target, bearer)).toEqual(before)
  }, 90_000)

  it('refuses an export whose equipment breaks a rule, before changing anything', async () => {
    const trail = await source.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Trail shoes', equipment_type_id: 1 } })
    const typed = { sport_id: 5, duration: 3600, distance: 10, workout_date: '2019-04-07 09:30', equipment_ids: [trail.body.data.equipments[0]?.id] }
    expect((await source.api('POST', 'workouts/no_gpx', { token: sam.token, body: typed })).status).toBe(201)
    const file = join(scratch, 'sam.zip')
    await withCommandDatabase(source, (db) => exportCommand(db, source.server.layout, 'sam', file, new Date()))
    const zip = await openZipReader(file)
    const document = userExportSchema.parse(JSON.parse((await zip.read(USER_EXPORT_ENTRY)).toString()))
    zip.close()
    const [item] = document.equipment ?? []
    const [workout] = document.workouts
    if (!item || !workout) throw new Error('nothing exported')

    const kim = await registerUser(target, 'kim')
    const cases: [string, unknown, RegExp][] = [
      ['unknown label', { ...document, workouts: [{ ...workout, equipment: ['Ghost'] }] }, /names equipment "Ghost", which the export does not list/],
      ['twice', { ...document, equipment: [item, item] }, /equipment "Trail shoes" is listed twice/],
      ['unknown type', { ...document, equipment: [{ ...item, type: 'Jetpack' }] }, /of type "Jetpack", unknown here/],
      ['unfit sport', { ...document, workouts: [{ ...workout, sportId: 9 }] }, /has "Trail shoes" \(Shoes\), which does not go with its sport/],
      ['bad limit', { ...document, equipment: [{ ...item, wearLimitDistance: -3 }] }, /is not a Waymark user export of version 1 \(equipment\.0\.wearLimitDistance/],
      // kim has a bike of that label (made below): the same label is the same item, so its type must agree.
      ['other type here', document, /equipment "Trail shoes" is of another type in the account than in the export/],
    ]
    for (const [name, forged, message] of cases) {
      if (name === 'other type here') expect((await target.api('POST', 'equipments', { token: kim.token, body: { label: 'Trail shoes', equipment_type_id: 2 } })).status).toBe(201)
      const path = join(scratch, `${name}.zip`)
      await writeFile(path, buildZip([{ name: USER_EXPORT_ENTRY, data: JSON.stringify(forged) }]))
      await expect(withCommandDatabase(target, (db) => importCommand(db, target.server.layout, path, 'kim', quiet)), name).rejects.toMatchObject({ name: 'CommandError', message: expect.stringMatching(message) })
    }
    // Nothing was written: kim has her one item and no workout.
    expect((await target.api<EquipmentsResponse>('GET', 'equipments', { token: kim.token })).body.data.equipments.map((other) => other.label)).toEqual(['Trail shoes'])
    expect((await target.api<WorkoutsListResponse>('GET', 'workouts', { token: kim.token })).body.data.totals.count).toBe(0)
  }, 60_000)
})
