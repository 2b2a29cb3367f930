import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImportTaskResponse, RecordsResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, realFile, seconds, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'
import { encodeSpeedOnlyFit, speedOnlyRide, trapezoidDistanceM } from '../../importers/test-support/speed-only-fit'

/** The reference GPX fixture with a `<type>` in its track, as apps write the sport. */
async function gpxOfType(type: string | null): Promise<string> {
  const text = (await fixture('gpx/gpx_file.gpx')).toString('utf8')
  return type === null ? text : text.replace('<name>just a workout</name>', `<name>just a workout</name>\n<type>${type}</type>`)
}

describe('workout import: sport from the file', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const imported = async (name: string, bytes: Buffer | string, data: Record<string, unknown>): Promise<Workout> => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, name, bytes, data)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout in the answer')
    return workout
  }

  it('takes the sport the file names with detect_sport, and the chosen one without', async () => {
    const running = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.cyclingSport, detect_sport: true })
    expect(running.sport_id).toBe(SPORT_ID.running)
    await t.api('DELETE', `workouts/${running.id}`, { token: sam.token })
    // As before: the chosen sport applies to every file.
    const chosen = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.cyclingSport })
    expect(chosen.sport_id).toBe(SPORT_ID.cyclingSport)
  })

  it('falls back to sport_id when the file names no sport, an unknown one, or one that is disabled', async () => {
    const none = await imported('none.gpx', await gpxOfType(null), { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(none.sport_id).toBe(SPORT_ID.hiking)
    await t.api('DELETE', `workouts/${none.id}`, { token: sam.token })

    const unknown = await imported('unknown.gpx', await gpxOfType('jkljkl'), { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(unknown.sport_id).toBe(SPORT_ID.hiking)
    await t.api('DELETE', `workouts/${unknown.id}`, { token: sam.token })

    // Disabled by the administrator for everyone.
    expect((await t.api('PATCH', `sports/${SPORT_ID.running}`, { token: admin.token, body: { is_active: false } })).status).toBe(200)
    const inactive = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.walking, detect_sport: true })
    expect(inactive.sport_id).toBe(SPORT_ID.walking)
    await t.api('DELETE', `workouts/${inactive.id}`, { token: sam.token })
    await t.api('PATCH', `sports/${SPORT_ID.running}`, { token: admin.token, body: { is_active: true } })

    // Turned off by the user for themselves.
    await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: SPORT_ID.running, is_active: false } })
    const off = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.walking, detect_sport: true })
    expect(off.sport_id).toBe(SPORT_ID.walking)
  })

  it('titles the workout with the sport found and uses its stopped-speed threshold', async () => {
    await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: SPORT_ID.running, stopped_speed_threshold: 50 } })
    const text = (await gpxOfType('Running')).replace('<name>just a workout</name>', '')
    const workout = await imported('run.gpx', text, { sport_id: SPORT_ID.cyclingSport, detect_sport: true })
    // The reference file starts at 12:44 UTC, 13:44 in Paris.
    expect(workout.title).toBe('Afternoon run')
    // Nothing in the reference fixture is faster than 50 km/h: all of it is a stop.
    expect(workout.moving).toBe('0:00:00')
  })

  it('words a default title in the user’s language, without a clock time, uploaded or entered by hand', async () => {
    const preferences = (language: string) => ({ display_ascent: true, imperial_units: false, language, timezone: 'Europe/Paris', weekm: false })
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences('fr') })).status).toBe(200)
    const text = (await gpxOfType('Running')).replace('<name>just a workout</name>', '')
    const french = await imported('run.gpx', text, { sport_id: SPORT_ID.cyclingSport, detect_sport: true })
    expect(french.title).toBe("Course de l'après-midi")
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences('de') })).status).toBe(200)
    const manual = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: SPORT_ID.mountainBikingElectric, workout_date: '2024-05-01 07:30', duration: 3600, distance: 20 },
    })
    expect(manual.status, JSON.stringify(manual.body)).toBe(201)
    expect(manual.body.data.workouts[0]?.title).toBe('E-Mountainbike-Tour am Morgen')
    // The part of the day is the user's: 23:30 in Paris is night, whatever the server's zone.
    const late = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: SPORT_ID.running, workout_date: '2024-05-01 23:30', duration: 1800, distance: 5 },
    })
    expect(late.body.data.workouts[0]?.title).toBe('Lauf in der Nacht')
  })

  it('still needs sport_id, and refuses a detect_sport that is not a boolean', async () => {
    const text = await gpxOfType('Running')
    expect((await upload(t, sam.token, 'run.gpx', text, { detect_sport: true })).status).toBe(400)
    expect((await upload(t, sam.token, 'run.gpx', text, { sport_id: 1, detect_sport: 'yes' })).status).toBe(400)
    expect((await upload(t, sam.token, 'run.gpx', text, { sport_id: 99, detect_sport: true })).body).toMatchObject({ message: 'sport does not exist' })
  })

  it('reads the sport of real FIT and TCX files', async () => {
    const pool = await imported('poolswim-hr.fit', await realFile('fit/poolswim-hr.fit'), { sport_id: SPORT_ID.running, detect_sport: true })
    expect(pool.sport_id).toBe(SPORT_ID.swimmingPool)
    const ski = await imported('xc-skiing.tcx', await realFile('tcx/xc-skiing.tcx'), { sport_id: SPORT_ID.running, detect_sport: true })
    // The TCX says only "Other".
    expect(ski.sport_id).toBe(SPORT_ID.other)
    const ride = await imported('mapmyride-biking.tcx', await realFile('tcx/mapmyride-biking.tcx'), { sport_id: SPORT_ID.running, detect_sport: true })
    expect(ride.sport_id).toBe(SPORT_ID.cyclingSport)
  })
})

describe('workout import: several workouts per file', () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const listed = async (): Promise<Workout[]> =>
    (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100&order=asc', { token: sam.token })).body.data.workouts
  const original = async (id: string): Promise<Buffer> => {
    const response = await fetch(`${t.url}/api/workouts/${id}/gpx/download`, { headers: { Authorization: `Bearer ${sam.token}` } })
    expect(response.status).toBe(200)
    return Buffer.from(await response.arrayBuffer())
  }

  it('gives one workout per TCX activity, each with its own date and figures, and the original kept for each', async () => {
    const bytes = await realFile('tcx/multiple-runs.tcx')
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'multiple-runs.tcx', bytes, { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(answer.status).toBe(201)
    expect(answer.body.status).toBe('created')
    expect(answer.body.data.warnings).toEqual([])
    const [first, second] = answer.body.data.workouts
    expect(answer.body.data.workouts).toHaveLength(2)
    expect(first).toMatchObject({ sport_id: SPORT_ID.running, workout_date: 'Fri, 26 Dec 2014 10:00:39 GMT', file_format: 'tcx' })
    expect(second).toMatchObject({ sport_id: SPORT_ID.running, workout_date: 'Fri, 29 Jul 2016 15:00:26 GMT', file_format: 'tcx' })
    // Each activity alone: no workout lasting 581 days.
    expect(seconds(first?.duration ?? '')).toBeLessThan(2 * 3600)
    expect(seconds(second?.duration ?? '')).toBeLessThan(2 * 3600)
    // Within 1 % of each run's laps (14,332.3 m and 19,151.0 m), its laps one recording.
    expect(Math.abs((first?.distance ?? 0) - 14.3323)).toBeLessThan(0.143)
    expect(Math.abs((second?.distance ?? 0) - 19.151)).toBeLessThan(0.192)
    expect((await listed()).map((workout) => workout.id)).toEqual([first?.id, second?.id])
    // The same bytes behind each; deleting one keeps the other's.
    expect((await original(first?.id ?? '')).equals(bytes)).toBe(true)
    expect((await t.api('DELETE', `workouts/${first?.id ?? ''}`, { token: sam.token })).status).toBe(204)
    expect((await original(second?.id ?? '')).equals(bytes)).toBe(true)
  })

  it('checks duplicates per activity: the same file again is refused, a file sharing one activity adds only the other', async () => {
    const text = (await realFile('tcx/multiple-runs.tcx')).toString('utf8')
    const lines = text.split('\n')
    // The file with its second activity only (lines 21651–42311 of the original).
    const secondOnly = [...lines.slice(0, 3), ...lines.slice(21650, 42311), ...lines.slice(42311)].join('\n')
    const alone = await upload<WorkoutsResponse>(t, sam.token, 'second.tcx', secondOnly, { sport_id: SPORT_ID.running })
    expect(alone.status).toBe(201)
    expect(alone.body.data.workouts.map((workout) => workout.workout_date)).toEqual(['Fri, 29 Jul 2016 15:00:26 GMT'])

    const both = await upload<WorkoutsResponse>(t, sam.token, 'multiple-runs.tcx', text, { sport_id: SPORT_ID.running })
    expect(both.status).toBe(201)
    expect(both.body.data.workouts.map((workout) => workout.workout_date)).toEqual(['Fri, 26 Dec 2014 10:00:39 GMT'])
    expect(await listed()).toHaveLength(2)

    const again = await upload(t, sam.token, 'multiple-runs.tcx', text, { sport_id: SPORT_ID.running })
    expect(again.status).toBe(409)
    expect(await listed()).toHaveLength(2)
  })

  it('gives one workout per leg of a triathlon FIT, each with the sport of its leg', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'triathlon.fit', await realFile('fit/triathlon-4623204522.fit'), {
      sport_id: SPORT_ID.walking,
      detect_sport: true,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const workouts = answer.body.data.workouts
    // Swim, T1, bike, run; T2 holds a single record (the reader leaves such legs out).
    expect(workouts.map((workout) => workout.sport_id)).toEqual([SPORT_ID.swimmingOpenWater, SPORT_ID.other, SPORT_ID.cyclingSport, SPORT_ID.running])
    expect(answer.body.data.warnings).toEqual([])
    expect(workouts.map((workout) => workout.workout_date)).toEqual([
      'Sat, 13 Oct 2018 17:05:01 GMT',
      'Sat, 13 Oct 2018 18:06:29 GMT',
      'Sat, 13 Oct 2018 18:10:15 GMT',
      'Sat, 13 Oct 2018 22:57:45 GMT',
    ])
    const [swim, , bike, run] = workouts
    expect(bike?.distance).toBeGreaterThan(170)
    expect(bike?.distance).toBeLessThan(190)
    expect(run?.distance).toBeGreaterThan(40)
    expect(run?.distance).toBeLessThan(45)
    expect(swim?.distance).toBeLessThan(5)
    // Records per sport: the bike leg holds Cycling's farthest distance, not a 228 km sum.
    const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
    expect(records.find((record) => record.sport_id === SPORT_ID.cyclingSport && record.record_type === 'FD')?.value).toBe(bike?.distance)
  })

  it('gives one workout per session of a Fenix 2 multisport FIT; a leg naming no sport takes the fallback', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'multisport.fit', await realFile('fit/garmin-fenix2-multisport.fit'), {
      sport_id: SPORT_ID.hiking,
      detect_sport: true,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.data.workouts.map((workout) => workout.sport_id)).toEqual([
      SPORT_ID.hiking,
      SPORT_ID.other,
      SPORT_ID.running,
      SPORT_ID.other,
      SPORT_ID.running,
      SPORT_ID.other,
      SPORT_ID.cyclingSport,
    ])
    expect(answer.body.data.warnings).toEqual([])
    expect(await listed()).toHaveLength(7)
  })

  it("lists every workout of an archive's multi-activity files in the task's results", async () => {
    const archive = buildZip([
      { name: 'runs.tcx', data: await realFile('tcx/multiple-runs.tcx'), deflate: true },
      { name: 'again/runs.tcx', data: await realFile('tcx/multiple-runs.tcx'), deflate: true },
    ])
    const started = await upload<ImportTaskResponse>(t, sam.token, 'runs.zip', archive, { sport_id: SPORT_ID.running })
    const task = await waitForImport(t, sam.token, started.body.data.task.id)
    const ids = (await listed()).map((workout) => workout.id).sort()
    expect(ids.length).toBeGreaterThan(1)
    const [first, second] = task.results
    expect(first).toMatchObject({ file: 'runs.tcx', status: 'imported' })
    expect(first?.status === 'imported' ? [...first.workout_ids].sort() : []).toEqual(ids)
    expect(first?.status === 'imported' && ids.includes(first.workout_id)).toBe(true)
    expect(second).toMatchObject({ file: 'again/runs.tcx', status: 'duplicate' })
  })

  it('re-analyses only its own activity when the sport of one workout of a file changes', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'multiple-runs.tcx', await realFile('tcx/multiple-runs.tcx'), { sport_id: SPORT_ID.running })
    const second = answer.body.data.workouts[1]
    const changed = await t.api<WorkoutsResponse>('PATCH', `workouts/${second?.id ?? ''}`, { token: sam.token, body: { sport_id: SPORT_ID.walking } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.workouts[0]).toMatchObject({ sport_id: SPORT_ID.walking, workout_date: second?.workout_date, distance: second?.distance })
  })
})

describe('workout import: files that need care', () => {
  let t: TestServer
  let sam: Account
  beforeEach(async () => {
    t = await startTestServer()
    sam = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  it('an activity that cannot become a workout is left out with a warning naming it, the others are imported; alone, the file is refused', async () => {
    const lines = (await realFile('tcx/multiple-runs.tcx')).toString('utf8').split('\n')
    // The second activity without its times.
    const untimed = lines.map((line, index) => (index >= 21650 && /<Time>/.test(line) ? '' : line)).join('\n')
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'untimed.tcx', untimed, { sport_id: SPORT_ID.running })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.data.workouts.map((workout) => workout.workout_date)).toEqual(['Fri, 26 Dec 2014 10:00:39 GMT'])
    expect(answer.body.data.warnings).toEqual([{ code: 'activity_skipped', activity: 2 }])

    const secondOnly = [...lines.slice(0, 3), ...lines.slice(21650)].map((line) => (/<Time>/.test(line) ? '' : line)).join('\n')
    const refused = await upload(t, sam.token, 'untimed-only.tcx', secondOnly, { sport_id: SPORT_ID.running })
    expect(refused.status).toBe(400)
  })

  it('a FIT file with a damaged end imports the records read before the damage and says how many (nick.fit: its last record runs past the data)', async () => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'nick.fit', await realFile('fit/nick.fit'), { sport_id: SPORT_ID.cyclingSport })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    // 14,391 records: what Garmin's FIT SDK decodes before the end of the file.
    expect(answer.body.data.warnings).toEqual([{ code: 'fit_tail_damaged', records_read: 14_391 }])
    expect(answer.body.data.workouts).toHaveLength(1)
    expect(answer.body.data.workouts[0]?.distance).toBeGreaterThan(113)
  }, 60_000)

  it('a GPX file cut off mid-write imports its complete points and says how many (aat-walk.gpx cut inside its 832nd point)', async () => {
    const cut = (await realFile('gpx/aat-walk.gpx')).subarray(0, 150_540)
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'cut.gpx', cut, { sport_id: SPORT_ID.running })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.data.warnings).toEqual([{ code: 'file_cut_off', points_read: 831 }])
    // gpxpy on the file's first 831 points, its elements closed by hand: 968.6 m in 2-D, 1,098.5 m in 3-D.
    expect(answer.body.data.workouts[0]?.distance).toBeCloseTo(1.0985, 2)
  }, 60_000)

  it('a FIT file with speed but neither positions nor distance becomes an indoor ride whose distance is its speeds over time (Garmin-encoded spin bike file)', async () => {
    const ride = speedOnlyRide(77)
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'spin.fit', Buffer.from(encodeSpeedOnlyFit(ride)), { sport_id: SPORT_ID.running, detect_sport: true })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    expect(workout?.sport_id).toBe(SPORT_ID.cyclingIndoor)
    // The API gives km to 3 decimals.
    expect(workout?.distance).toBe(Math.round(trapezoidDistanceM(ride)) / 1000)
    expect(seconds(workout?.moving ?? '')).toBe(199 + 298)
  })
})
