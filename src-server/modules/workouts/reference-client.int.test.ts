import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ArchiveCreatedResponse, ChartDataResponse, ImportTaskResponse, UsersListResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/**
 * What the reference tracker's own web client (0.6.x) sends, and the answers it needs to keep
 * working against this server.
 */
describe('reference client compatibility', () => {
  let t: TestServer
  let admin: Account
  beforeEach(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  const manual = (body: Record<string, unknown>) =>
    t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: admin.token,
      body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2018-05-15 14:05', ...body },
    })
  const only = (answer: { body: WorkoutsResponse }) => answer.body.data.workouts[0] as Workout

  it('saves the preferences of clients before 0.6.11, which do not send display_ascent, keeping the saved choice', async () => {
    const older = { imperial_units: true, language: 'fr', timezone: 'Europe/Paris', weekm: true }
    const hidden = await t.api('POST', 'auth/profile/edit/preferences', { token: admin.token, body: { ...older, display_ascent: false } })
    expect(hidden.status).toBe(200)
    const saved = await t.api<{ data: Record<string, unknown> }>('POST', 'auth/profile/edit/preferences', { token: admin.token, body: { ...older, imperial_units: false } })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ imperial_units: false, display_ascent: false, language: 'fr', weekm: true })
  })

  it('keeps empty notes empty, on uploads and on workouts typed in', async () => {
    const uploaded = only(await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1, notes: '' }))
    expect(uploaded.notes).toBe('')
    expect(only(await manual({ notes: '' })).notes).toBe('')
    // Without the field there are no notes at all.
    expect(only(await manual({})).notes).toBeNull()
  })

  it('reads multi-line notes the reference client pastes raw into the upload data text', async () => {
    // That client writes `{"sport_id": 1, "notes": "<notes>"}` with the notes as typed: line breaks
    // stay raw (and a form field sends them as CR LF).
    const data = '{"sport_id": 1, "notes": "Col du Lautaret\r\nwindy\r\n\tcold at the top"}'
    const uploaded = await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), data)
    expect(uploaded.status).toBe(201)
    expect(only(uploaded).notes).toBe('Col du Lautaret\r\nwindy\r\n\tcold at the top')
    // Line breaks between the fields are JSON's own whitespace, and still not a valid document when broken.
    expect((await upload(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file_with_3_segments.gpx'), '{\n"sport_id": 1,\n"notes": ""\n}')).status).toBe(201)
    expect(await upload(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), '{"sport_id": 1, "notes": "unterminated\n}')).toMatchObject({
      status: 400,
      body: { code: 'invalid_payload' },
    })
  })

  it('takes notes: null in an edit as "leave the notes as they are"', async () => {
    const workout = only(await manual({ notes: 'windy' }))
    const edited = await t.api<WorkoutsResponse>('PATCH', `workouts/${workout.id}`, {
      token: admin.token,
      body: { sport_id: 1, title: 'Renamed', notes: null },
    })
    expect(edited.status).toBe(200)
    expect(only(edited)).toMatchObject({ title: 'Renamed', notes: 'windy' })
    const cleared = await t.api<WorkoutsResponse>('PATCH', `workouts/${workout.id}`, { token: admin.token, body: { notes: '' } })
    expect(only(cleared).notes).toBe('')
  })

  it('serves at most 100 workouts or users a page instead of refusing a larger page size', async () => {
    await manual({})
    const workouts = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=1000', { token: admin.token })
    expect(workouts.status).toBe(200)
    expect(workouts.body.data.workouts).toHaveLength(1)
    expect(workouts.body.pagination).toMatchObject({ page: 1, pages: 1, total: 1 })
    const users = await t.api<UsersListResponse>('GET', 'users?per_page=500', { token: admin.token })
    expect(users.status).toBe(200)
    expect(users.body.data.users).toHaveLength(1)
  })

  it('pages with the capped size', async () => {
    for (let day = 1; day <= 101; day += 1) {
      await manual({ workout_date: `2018-05-${String((day % 28) + 1).padStart(2, '0')} ${String(day % 24).padStart(2, '0')}:00` })
    }
    const answer = await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=150&page=2', { token: admin.token })
    expect(answer.body.data.workouts).toHaveLength(1)
    expect(answer.body.pagination).toMatchObject({ page: 2, pages: 2, total: 101, has_prev: true })
  })

  const uploadFixture = async (name: string) =>
    only(await upload<WorkoutsResponse>(t, admin.token, `${name}.gpx`, await fixture(`gpx/${name}.gpx`)))
  const chart = async (id: string, segment?: number) =>
    (await t.api<ChartDataResponse>('GET', `workouts/${id}/chart_data${segment ? `/segment/${segment}` : ''}`, { token: admin.token })).body.data.chart_data

  describe('chart data', () => {
    it('gives the first point the speed of the first step, like the reference', async () => {
      const points = await chart((await uploadFixture('gpx_file')).id)
      // Reference value of the first point for this fixture (gpxpy's point speed): 3.21 km/h.
      expect(points[0]).toMatchObject({ distance: 0, duration: 0, speed: 3.21 })
      expect(points.at(-1)).toMatchObject({ duration: 250, speed: 4.33 })
    })

    it('ends at the workout distance, leaving out the jumps between segments as the figures do; a segment chart starts at 0', async () => {
      const workout = await uploadFixture('gpx_file_with_3_segments')
      expect(workout.distance).toBeCloseTo(0.055, 3)
      const points = await chart(workout.id)
      // The reference's chart of this fixture ran on to 0.30 km across the two jumps, past its own 0.055 km.
      expect(points.at(-1)?.distance).toBe(workout.distance)
      const distances = points.map((point) => point.distance ?? Number.NaN)
      expect(distances).toEqual([...distances].sort((a, b) => a - b))
      const third = await chart(workout.id, 3)
      expect(third[0]).toMatchObject({ distance: 0, duration: 0 })
      expect(third.at(-1)?.distance).toBeCloseTo(0.025, 3)
      expect(third[0]?.speed).toBeGreaterThan(0)
    })
  })

  describe('zero or null', () => {
    it('sends a figure computed as zero as zero, and null for what could not be computed', async () => {
      const whole = await uploadFixture('gpx_file')
      expect(whole.pauses).toBe('0:00:00')
      const split = await uploadFixture('gpx_file_with_segments')
      // The first segment only goes down: its ascent was computed, and is 0.
      expect(split.segments[0]).toMatchObject({ ascent: 0, pauses: '0:00:00' })

      const flat = await uploadFixture('gpx_file_without_elevation')
      expect(flat).toMatchObject({ min_alt: null, max_alt: null, ascent: null, descent: null, pauses: '0:00:00' })
      expect(flat.segments[0]).toMatchObject({ min_alt: null, max_alt: null, ascent: null, descent: null })
      const typed = only(await manual({}))
      expect(typed).toMatchObject({ pauses: null, ascent: null, descent: null, min_alt: null, max_alt: null, moving: '1:00:00' })
      expect(only(await manual({ ascent: 0 })).ascent).toBe(0)
    })
  })

  describe('archives', () => {
    const rides = async () => {
      const ride = (await fixture('gpx/gpx_file.gpx')).toString('utf8')
      // Two different rides: the second starts a day later.
      return buildZip([
        { name: 'one.gpx', data: ride },
        { name: 'two.gpx', data: ride.replaceAll('2018-03-13T', '2018-03-14T') },
      ])
    }

    it('answers a reference client 201 created with the workouts, once imported', async () => {
      const answer = await upload<ArchiveCreatedResponse>(t, admin.token, 'rides.zip', await rides(), { sport_id: 1 }, { respondAsync: false })
      expect(answer.status).toBe(201)
      expect(answer.body.status).toBe('created')
      expect(answer.body.data.workouts.map((workout) => workout.workout_date).sort()).toEqual([
        'Tue, 13 Mar 2018 12:44:45 GMT',
        'Wed, 14 Mar 2018 12:44:45 GMT',
      ])
      expect(answer.body.data.task).toMatchObject({ status: 'done', files_total: 2 })
    })

    it('answers 202 with the task at once to a client that prefers it (our UI)', async () => {
      const preferred = await upload<ImportTaskResponse>(t, admin.token, 'rides.zip', await rides())
      expect(preferred.status).toBe(202)
      expect(preferred.headers.get('preference-applied')).toBe('respond-async')
      expect((await waitForImport(t, admin.token, preferred.body.data.task.id)).status).toBe('done')
    })

    it('refuses an archive of which no file could be imported with the first reason', async () => {
      const broken = buildZip([{ name: 'broken.gpx', data: await fixture('gpx/gpx_file_invalid_xml.gpx') }])
      const answer = await upload(t, admin.token, 'broken.zip', broken, { sport_id: 1 }, { respondAsync: false })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'track_xml_invalid' })
    })

    it('imports the good file of a partly broken archive with 201 and reports the broken one with its reason', async () => {
      const ride = await fixture('gpx/gpx_file.gpx')
      const mixed = buildZip([
        { name: 'good.gpx', data: ride },
        { name: 'broken.gpx', data: await fixture('gpx/gpx_file_invalid_xml.gpx') },
      ])
      const answer = await upload<ArchiveCreatedResponse>(t, admin.token, 'mixed.zip', mixed, { sport_id: 1 }, { respondAsync: false })
      expect(answer.status).toBe(201)
      expect(answer.body.status).toBe('created')
      expect(answer.body.data.workouts.map((workout) => workout.workout_date)).toEqual(['Tue, 13 Mar 2018 12:44:45 GMT'])
      const byFile = Object.fromEntries(answer.body.data.task.results.map((result) => [result.file, result]))
      expect(byFile['good.gpx']).toMatchObject({ status: 'imported' })
      expect(byFile['broken.gpx']).toMatchObject({ status: 'error', message: 'error during gpx file parsing', code: 'track_xml_invalid' })
      const listed = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: admin.token })
      expect(listed.body.pagination.total).toBe(1)
    })

    it("answers an archive of files already imported 201 with no workout, and refuses one that adds a broken file with the broken file's reason", async () => {
      const ride = await fixture('gpx/gpx_file.gpx')
      expect((await upload(t, admin.token, 'ride.gpx', ride, { sport_id: 1 })).status).toBe(201)
      // A duplicate is not a failure: nothing new, nothing wrong.
      const again = await upload<ArchiveCreatedResponse>(t, admin.token, 'again.zip', buildZip([{ name: 'again.gpx', data: ride }]), { sport_id: 1 }, { respondAsync: false })
      expect(again.status).toBe(201)
      expect(again.body.status).toBe('created')
      expect(again.body.data.workouts).toEqual([])
      expect(again.body.data.task.results).toMatchObject([{ file: 'again.gpx', status: 'duplicate' }])
      // The duplicates come first: the reason given is the first failure's, not the first file's.
      const mixed = buildZip([
        { name: 'again.gpx', data: ride },
        { name: 'again-2.gpx', data: ride },
        { name: 'broken.gpx', data: await fixture('gpx/gpx_file_invalid_xml.gpx') },
      ])
      const refused = await upload(t, admin.token, 'mixed.zip', mixed, { sport_id: 1 }, { respondAsync: false })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ message: 'error during gpx file parsing', code: 'track_xml_invalid' })
      const listed = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: admin.token })
      expect(listed.body.pagination.total).toBe(1)
    })
  })

  describe('error messages', () => {
    it('sends the specification catalogue message for a file refusal, with our code and precise reason beside it', async () => {
      const invalid = await upload(t, admin.token, 'broken.gpx', await fixture('gpx/gpx_file_invalid_xml.gpx'), { sport_id: 1 })
      expect(invalid.status).toBe(400)
      expect(invalid.body).toMatchObject({ status: 'error', message: 'error during gpx file parsing', code: 'track_xml_invalid' })
      expect(String(invalid.body.detail)).toMatch(/^the file is not valid XML \(it may be damaged or incomplete\): character \d+: \S/)
      const noTrack = await upload(t, admin.token, 'route.gpx', await fixture('gpx/gpx_file_wo_track.gpx'), { sport_id: 1 })
      expect(noTrack.body).toMatchObject({ status: 'error', message: 'error during gpx processing', code: 'track_no_track' })
      expect(String(noTrack.body.detail)).toMatch(/^the file has no track/)
    })

    it('keeps the wording of conditions outside the specification catalogue, with a code and no detail that repeats it', async () => {
      const bytes = await fixture('gpx/gpx_file.gpx')
      await upload(t, admin.token, 'ride.gpx', bytes, { sport_id: 1 })
      const duplicate = await upload(t, admin.token, 'again.gpx', bytes, { sport_id: 1 })
      expect(duplicate.body).toEqual({ status: 'fail', message: 'this workout was already imported', code: 'workout_duplicate' })
      const login = await t.api('POST', 'auth/login', { body: { email: admin.email, password: 'wrong password' } })
      expect(login.body).toEqual({ status: 'error', message: 'invalid credentials', code: 'invalid_credentials' })
    })
  })
})
