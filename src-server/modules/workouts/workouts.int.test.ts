import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChartDataResponse, EquipmentsResponse, GpxResponse, ImportTaskResponse, ProfileResponse, RecordsResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { errorCatalogue } from '../../../src/errors'
import { rideToGpx, syntheticRide } from '../../importers/test-support/synthetic-ride'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { createGate } from '../../test/gate'
import type { TestServer } from '../../test/test-server'
import { fixture, upload, waitForImport } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

describe('workouts API', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  const manual = (token: string, body: Record<string, unknown>) =>
    t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token, body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2018-05-15 14:05', ...body } })
  const list = (token: string, query = '') => t.api<WorkoutsListResponse>('GET', `workouts${query}`, { token })
  const gpxFile = () => fixture('gpx/gpx_file.gpx')

  describe('workouts without a file', () => {
    it('reads the date in the user time zone and derives speeds and records (reference values)', async () => {
      const answer = await manual(sam.token, { title: 'Morning ride', notes: 'windy', ascent: 120, descent: 110 })
      expect(answer.status).toBe(201)
      expect(answer.body.status).toBe('created')
      const workout = answer.body.data.workouts[0] as Workout
      expect(workout).toMatchObject({
        title: 'Morning ride',
        notes: 'windy',
        workout_date: 'Tue, 15 May 2018 12:05:00 GMT',
        duration: '1:00:00',
        moving: '1:00:00',
        pauses: null,
        distance: 10,
        ave_speed: 10,
        max_speed: 10,
        ascent: 120,
        descent: 110,
        with_gpx: false,
        with_analysis: false,
        file_format: null,
        map: null,
        bounds: [],
        segments: [],
      })
      expect(Object.fromEntries(workout.records.map((r) => [r.record_type, r.value]))).toEqual({
        AS: 10,
        FD: 10,
        HA: 120,
        LD: '1:00:00',
        MS: 10,
      })
    })

    it("answers a typed-in workout as its owner's, created now, never modified, without notes, sensors, altitudes or calories", async () => {
      // HTTP dates keep whole seconds.
      const before = Math.floor(Date.now() / 1000) * 1000
      const answer = await manual(sam.token, {})
      const after = Date.now()
      const workout = answer.body.data.workouts[0] as Workout
      expect(workout).toMatchObject({
        user: 'sam',
        // Sam has no equipment: none, not left out.
        equipments: [],
        notes: null,
        modification_date: null,
        has_heart_rate: false,
        has_cadence: false,
        has_power: false,
        min_alt: null,
        max_alt: null,
        ascent: null,
        descent: null,
        calories: null,
        weather_start: null,
        weather_end: null,
      })
      const created = Date.parse(workout.creation_date)
      expect(created).toBeGreaterThanOrEqual(before)
      expect(created).toBeLessThanOrEqual(after)
    })

    it('gives a default title of sport and part of the day, and handles durations over a day', async () => {
      const answer = await manual(sam.token, { duration: 90_000, distance: 250 })
      expect(answer.body.data.workouts[0]).toMatchObject({
        title: 'Afternoon ride',
        duration: '1 day, 1:00:00',
        ave_speed: 10,
      })
    })

    it.each([
      [{ sport_id: 99 }, 404, 'sport does not exist'],
      [{ duration: 0 }, 400, 'invalid payload'],
      [{ distance: -1 }, 400, 'invalid payload'],
      [{ workout_date: '2018-02-30 10:00' }, 400, 'invalid payload'],
      [{ workout_date: '15/05/2018' }, 400, 'invalid payload'],
      [{ notes: 'x'.repeat(501) }, 400, 'invalid payload'],
    ])('refuses %j', async (body, status, message) => {
      expect(await manual(sam.token, body)).toMatchObject({ status, body: { message } })
    })
  })

  describe('uploads of one file', () => {
    it('stores the original byte for byte and serves it for download', async () => {
      const bytes = await gpxFile()
      const workout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', bytes, { sport_id: 1, notes: 'first' })).body.data.workouts[0] as Workout
      expect(workout).toMatchObject({ title: 'just a workout', notes: 'first', with_gpx: true, with_analysis: true, file_format: 'gpx' })
      const download = await fetch(`${t.url}/api/workouts/${workout.id}/gpx/download`, { headers: { authorization: `Bearer ${sam.token}` } })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toBe('application/gpx+xml')
      expect(download.headers.get('content-disposition')).toContain('just a workout.gpx')
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
      expect(await filesUnder(`${t.dataDir}/uploads`)).toHaveLength(1)
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })

    it('names the download after the title, each run of other characters than letters, digits, spaces and ._()- made one _, cut at 100', async () => {
      const named = async (title: string) => {
        const workout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile(), { sport_id: 1, title })).body.data.workouts[0] as Workout
        const download = await fetch(`${t.url}/api/workouts/${workout.id}/gpx/download`, { headers: { authorization: `Bearer ${sam.token}` } })
        expect(download.status).toBe(200)
        await download.arrayBuffer()
        expect((await t.api('DELETE', `workouts/${workout.id}`, { token: sam.token })).status).toBe(204)
        return download.headers.get('content-disposition')
      }
      expect(await named('Col // de: Vars? ★ (2) 1.5_x-y')).toBe('attachment; filename="Col _ de_ Vars_ _ (2) 1.5_x-y.gpx"')
      expect(await named('a'.repeat(120))).toBe(`attachment; filename="${'a'.repeat(100)}.gpx"`)
      // Cut after a space: no space before the extension.
      expect(await named(`${'a'.repeat(99)} bc`)).toBe(`attachment; filename="${'a'.repeat(99)}.gpx"`)
    })

    it('takes the title given with the upload over the track name', async () => {
      const answer = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile(), { sport_id: 1, title: 'Col de Vars' })
      expect(answer.body.data.workouts[0]?.title).toBe('Col de Vars')
    })

    it('reports the same file, or the same ride, as a duplicate and stores it once', async () => {
      expect((await upload(t, sam.token, 'ride.gpx', await gpxFile())).status).toBe(201)
      expect(await upload(t, sam.token, 'again.gpx', await gpxFile())).toMatchObject({
        status: 409,
        body: { status: 'fail', message: 'this workout was already imported' },
      })
      // Same points without a name: other bytes, same start, sport and distance.
      expect((await upload(t, sam.token, 'noname.gpx', await fixture('gpx/gpx_file_wo_name.gpx'))).status).toBe(409)
      // Another user may import the same file.
      expect((await upload(t, admin.token, 'ride.gpx', await gpxFile())).status).toBe(201)
      expect((await list(sam.token)).body.pagination.total).toBe(1)
      expect(await filesUnder(`${t.dataDir}/uploads`)).toHaveLength(2)
    })

    it('knows the same bytes under another sport as a duplicate, hashed as they arrive as when read from disk', async () => {
      // ~2.4 MB: the hash taken while receiving spans many network chunks.
      const bytes = Buffer.from(rideToGpx(syntheticRide(10_000, { start: Date.UTC(2024, 4, 1, 8) })))
      // Packed: the import hashes the unpacked file from disk; the plain upload is hashed on arrival.
      expect((await upload(t, sam.token, 'ride.gpx.gz', gzipSync(bytes))).status).toBe(201)
      // Another sport: not the same ride (that match is per sport), only the same bytes.
      expect(await upload(t, sam.token, 'ride.gpx', bytes, { sport_id: 2 })).toMatchObject({ status: 409, body: { code: 'workout_duplicate' } })
      expect((await upload(t, sam.token, 'other.gpx', Buffer.concat([bytes, Buffer.from('\n')]), { sport_id: 2 })).status).toBe(201)
    })

    it('finds the same bytes uploaded meanwhile under another sport once inside the write, and stores the file once', async () => {
      await t.close()
      const write = createGate()
      ;({ t, owner: admin, sam } = await startWithOwnerAndSam({ writeGate: write.hook }))
      const bytes = await gpxFile()
      // The first upload is held just before its write, after its own check for the same bytes.
      const held = write.arm()
      const first = upload(t, sam.token, 'ride.gpx', bytes)
      await held
      // Another sport: not the same ride, only the same bytes. It passes the same check and is stored.
      expect((await upload(t, sam.token, 'again.gpx', bytes, { sport_id: 2 })).status).toBe(201)
      write.release()
      expect(await first).toMatchObject({ status: 409, body: { code: 'workout_duplicate' } })
      expect((await list(sam.token)).body.pagination.total).toBe(1)
      expect(await filesUnder(`${t.dataDir}/uploads`)).toHaveLength(1)
    })

    it.each([
      ['no file part', () => {
        const form = new FormData()
        form.append('data', '{"sport_id": 1}')
        return form
      }, 400, 'no file part'],
      ['an empty file', () => {
        const form = new FormData()
        form.append('file', new Blob([]), 'ride.gpx')
        form.append('data', '{"sport_id": 1}')
        return form
      }, 400, 'no selected file'],
      ['a wrong extension', () => {
        const form = new FormData()
        form.append('file', new Blob(['<gpx/>']), 'ride.docx')
        form.append('data', '{"sport_id": 1}')
        return form
      }, 400, 'file extension not allowed'],
      ['missing data', () => {
        const form = new FormData()
        form.append('file', new Blob(['<gpx/>']), 'ride.gpx')
        return form
      }, 400, 'invalid payload'],
      ['data that is not JSON', () => {
        const form = new FormData()
        form.append('file', new Blob(['<gpx/>']), 'ride.gpx')
        form.append('data', '{sport: 1')
        return form
      }, 400, 'invalid payload'],
    ])('answers %s with the catalogued message and keeps nothing', async (_case, build, status, message) => {
      const answer = await t.api('POST', 'workouts', { token: sam.token, form: build() })
      expect(answer).toMatchObject({ status, body: { message } })
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
      expect(await filesUnder(`${t.dataDir}/uploads`)).toEqual([])
    })

    it('answers 404 for an unknown sport, and 413 over the single-file limit', async () => {
      expect(await upload(t, sam.token, 'ride.gpx', await gpxFile(), { sport_id: 77 })).toMatchObject({
        status: 404,
        body: { message: 'sport does not exist' },
      })
      await t.api('PATCH', 'config', { token: admin.token, body: { max_single_file_size: 1024 } })
      expect(await upload(t, sam.token, 'ride.gpx', await gpxFile())).toMatchObject({
        status: 413,
        body: { status: 'fail', message: 'file size is greater than the allowed size' },
      })
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
      expect(await filesUnder(`${t.dataDir}/uploads`)).toEqual([])
    })
  })

  describe('reading', () => {
    it('hides other users workouts behind 404, for every call', async () => {
      const workout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile())).body.data.workouts[0] as Workout
      for (const path of [`workouts/${workout.id}`, `workouts/${workout.id}/chart_data`, `workouts/${workout.id}/gpx`, `workouts/${workout.id}/gpx/download`]) {
        expect(await t.api('GET', path, { token: admin.token })).toMatchObject({ status: 404, body: { status: 'not found', message: 'workout not found' } })
      }
      expect((await t.api('PATCH', `workouts/${workout.id}`, { token: admin.token, body: { title: 'mine' } })).status).toBe(404)
      expect((await t.api('DELETE', `workouts/${workout.id}`, { token: admin.token })).status).toBe(404)
      for (const id of ['unknown', '../../etc/passwd', 'kjxavSTUrJvoAh2wvCeGEF']) {
        expect((await t.api('GET', `workouts/${encodeURIComponent(id)}`, { token: sam.token })).status).toBe(404)
      }
    })

    it("answers success with a workout's page, to its owner and to others, a typed-in one's under privacy zones too, and tells a liker they like it", async () => {
      const typed = (await manual(sam.token, { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' })).body.data.workouts[0] as Workout
      const page = (token: string) => t.api<WorkoutsResponse>('GET', `workouts/${typed.id}`, { token })
      // The owner's page lists no equipment when the workout has none.
      expect((await page(sam.token)).body).toMatchObject({ status: 'success', data: { workouts: [{ id: typed.id, equipments: [], liked: false }] } })
      expect((await page(admin.token)).body).toMatchObject({ status: 'success', data: { workouts: [{ id: typed.id, likes_count: 0, liked: false }] } })
      expect((await t.api('POST', `workouts/${typed.id}/like`, { token: admin.token })).status).toBe(200)
      expect((await page(admin.token)).body.data.workouts[0]).toMatchObject({ likes_count: 1, liked: true })
      expect((await page(sam.token)).body.data.workouts[0]).toMatchObject({ likes_count: 1, liked: false })
      // A typed-in workout has no track to keep out of a zone: others still see it whole.
      expect((await t.api('POST', 'auth/privacy_zones', { token: sam.token, body: { latitude: 48.85, longitude: 2.35, radius: 500 } })).status).toBe(201)
      expect((await page(admin.token)).body).toMatchObject({ status: 'success', data: { workouts: [{ id: typed.id, distance: 10, duration: '1:00:00', map: null }] } })
    })

    it('serves segment charts and GPX by 1-based number', async () => {
      const workout = (await upload<WorkoutsResponse>(t, sam.token, 'segments.gpx', await fixture('gpx/gpx_file_with_segments.gpx'))).body.data.workouts[0] as Workout
      const chart = await t.api<ChartDataResponse>('GET', `workouts/${workout.id}/chart_data/segment/2`, { token: sam.token })
      expect(chart.status).toBe(200)
      const points = chart.body.data.chart_data
      expect(points[0]).toMatchObject({ distance: 0, duration: 0 })
      expect(points.at(-1)?.distance).toBeCloseTo(0.186, 2)
      const gpx = await t.api<GpxResponse>('GET', `workouts/${workout.id}/gpx/segment/1`, { token: sam.token })
      expect(gpx.body.data.gpx).toMatch(/^<\?xml[\s\S]*<trkseg>\n(<trkpt lat="[\d.]+" lon="[\d.]+"><ele>[\d.]+<\/ele><time>[^<]+<\/time><\/trkpt>\n)+<\/trkseg>\n<\/trk><\/gpx>\n$/)
      for (const segment of ['0', '3', 'abc']) {
        expect(await t.api('GET', `workouts/${workout.id}/chart_data/segment/${segment}`, { token: sam.token })).toMatchObject({
          status: 404,
          body: { message: 'segment not found' },
        })
      }
      const manualOne = (await manual(sam.token, {})).body.data.workouts[0] as Workout
      expect(await t.api('GET', `workouts/${manualOne.id}/chart_data`, { token: sam.token })).toMatchObject({ status: 404, body: { message: 'no file for this workout' } })
    })

    it('links each workout to the previous and next by date', async () => {
      const ids: string[] = []
      for (const date of ['2020-01-02 10:00', '2020-01-01 10:00', '2020-01-03 10:00']) {
        ids.push(((await manual(sam.token, { workout_date: date })).body.data.workouts[0] as Workout).id)
      }
      const [second, first, third] = ids
      expect((await t.api<WorkoutsResponse>('GET', `workouts/${second}`, { token: sam.token })).body.data.workouts[0]).toMatchObject({
        previous_workout: first,
        next_workout: third,
      })
      const page = (await list(sam.token)).body.data.workouts
      expect(page.map((w) => [w.id, w.previous_workout, w.next_workout])).toEqual([
        [third, second, null],
        [second, first, third],
        [first, null, second],
      ])
    })
  })

  describe('the list', () => {
    beforeEach(async () => {
      const rows: [string, number, number, number, string][] = [
        ['2021-01-10 08:00', 1, 3600, 30, 'Long ride'],
        ['2021-02-10 08:00', 5, 1800, 6, 'Easy run'],
        ['2021-03-10 08:00', 5, 3000, 12, 'Tempo run'],
        ['2021-03-31 23:30', 1, 7200, 60, 'Night ride 100%'],
      ]
      for (const [date, sport, duration, distance, title] of rows) {
        await manual(sam.token, { workout_date: date, sport_id: sport, duration, distance, title })
      }
      await manual(admin.token, { title: 'Not sam' })
    })
    const titles = async (query: string) => (await list(sam.token, query)).body.data.workouts.map((w) => w.title)

    it('pages by 5 by default, newest first, with the pagination object', async () => {
      const answer = await list(sam.token, '?per_page=3')
      expect(answer.body.pagination).toEqual({ page: 1, pages: 2, total: 4, has_prev: false, has_next: true })
      expect(answer.body.data.workouts.map((w) => w.title)).toEqual(['Night ride 100%', 'Tempo run', 'Easy run'])
      expect(await titles('?page=2&per_page=3')).toEqual(['Long ride'])
      expect(await titles('?page=9')).toEqual([])
    })

    it('filters by day in the user time zone, sport, figures and title', async () => {
      // 23:30 in Paris on 31 March is 21:30 UTC: it belongs to 31 March.
      expect(await titles('?from=2021-03-31&to=2021-03-31')).toEqual(['Night ride 100%'])
      expect(await titles('?from=2021-02-01&to=2021-03-10')).toEqual(['Tempo run', 'Easy run'])
      expect(await titles('?sport_id=5&order=asc')).toEqual(['Easy run', 'Tempo run'])
      expect(await titles('?distance_from=12&distance_to=30&order=asc')).toEqual(['Long ride', 'Tempo run'])
      expect(await titles('?duration_from=00:50&duration_to=1:00')).toEqual(['Tempo run', 'Long ride'])
      expect(await titles('?ave_speed_from=20')).toEqual(['Night ride 100%', 'Long ride'])
      expect(await titles('?max_speed_to=12')).toEqual(['Easy run'])
      expect(await titles('?title=RUN')).toEqual(['Tempo run', 'Easy run'])
      expect(await titles('?title=100%25')).toEqual(['Night ride 100%'])
      expect(await titles('?title=_')).toEqual([])
    })

    it('sums the whole filtered list, not only the page', async () => {
      const answer = await list(sam.token, '?sport_id=1&per_page=1')
      expect(answer.body.data.workouts).toHaveLength(1)
      expect(answer.body.data.totals).toEqual({ count: 2, distance: 90, duration: 10_800, ascent: 0, descent: 0 })
    })

    it('says the last page has a previous one and no next, and a filter matching nothing has no page and zero totals', async () => {
      expect((await list(sam.token, '?page=2&per_page=3')).body.pagination).toEqual({ page: 2, pages: 2, total: 4, has_prev: true, has_next: false })
      const none = await list(sam.token, '?sport_id=2')
      expect(none.body.pagination).toEqual({ page: 1, pages: 0, total: 0, has_prev: false, has_next: false })
      expect(none.body.data.totals).toEqual({ count: 0, distance: 0, duration: 0, ascent: 0, descent: 0 })
    })

    it('sums distance to the metre and climb to the centimetre', async () => {
      // By hand: 1.2344 + 2.0003 = 3.2347 km, 3.235 to the metre; 10.123 + 20.004 = 30.127 m up,
      // 30.13; 1.001 + 1.001 = 2.002 m down, 2.
      for (const [distance, ascent, workout_date] of [[1.2344, 10.123, '2022-06-01 10:00'], [2.0003, 20.004, '2022-06-02 10:00']] as const) {
        expect((await manual(sam.token, { sport_id: 2, distance, ascent, descent: 1.001, workout_date })).status).toBe(201)
      }
      expect((await list(sam.token, '?sport_id=2')).body.data.totals).toEqual({ count: 2, distance: 3.235, duration: 7200, ascent: 30.13, descent: 2 })
    })

    it("answers success, and each workout's equipment only when asked (none otherwise, not left out)", async () => {
      const shoes = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus', equipment_type_id: 1 } })
      const shoesId = shoes.body.data.equipments[0]?.id
      expect(shoesId).toBeDefined()
      expect((await manual(sam.token, { sport_id: 5, workout_date: '2021-04-01 08:00', title: 'Shod run', equipment_ids: [shoesId] })).status).toBe(201)
      const equipmentOf = (answer: { body: WorkoutsListResponse }) => answer.body.data.workouts.slice(0, 2).map((w) => [w.title, w.equipments.map((e) => e.label)])
      const plain = await list(sam.token, '?per_page=2')
      expect(plain.body.status).toBe('success')
      expect(equipmentOf(plain)).toEqual([
        ['Shod run', []],
        ['Night ride 100%', []],
      ])
      expect(equipmentOf(await list(sam.token, '?per_page=2&return_equipments=true'))).toEqual([
        ['Shod run', ['Pegasus']],
        ['Night ride 100%', []],
      ])
      expect(equipmentOf(await list(sam.token, '?per_page=2&return_equipments=false'))).toEqual([
        ['Shod run', []],
        ['Night ride 100%', []],
      ])
    })

    it('sorts by each allowed column', async () => {
      expect(await titles('?order_by=distance&order=desc')).toEqual(['Night ride 100%', 'Long ride', 'Tempo run', 'Easy run'])
      expect(await titles('?order_by=duration&order=asc')).toEqual(['Easy run', 'Tempo run', 'Long ride', 'Night ride 100%'])
      expect(await titles('?order_by=ave_speed&order=asc')).toEqual(['Easy run', 'Tempo run', 'Long ride', 'Night ride 100%'])
    })

    it.each(['page=0', 'page=A', 'per_page=0', 'order=up', 'order_by=title', 'from=2021-13-01', 'to=2021-02-30', 'to=tomorrow', 'sport_id=x', 'distance_from=-1', 'duration_to=90', 'ave_speed_from=fast'])(
      'answers 400 invalid payload for %s',
      async (query) => {
        expect(await list(sam.token, `?${query}`)).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
      },
    )
  })

  describe('editing and deleting', () => {
    it('edits title, notes and typed weather; figures only without a file', async () => {
      const fileWorkout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile())).body.data.workouts[0] as Workout
      const weather = { icon: 'rain', temperature: 11.5, humidity: 0.8, wind: 4.2, windBearing: 225 }
      const edited = await t.api<WorkoutsResponse>('PATCH', `workouts/${fileWorkout.id}`, {
        token: sam.token,
        body: { title: 'Rainy climb', notes: '', weather_start: weather },
      })
      expect(edited.body.data.workouts[0]).toMatchObject({ title: 'Rainy climb', notes: '', weather_start: weather, weather_end: null })
      expect(edited.body.data.workouts[0]?.modification_date).toMatch(/GMT$/)
      expect(await t.api('PATCH', `workouts/${fileWorkout.id}`, { token: sam.token, body: { distance: 5 } })).toMatchObject({
        status: 400,
        body: { message: 'invalid payload' },
      })
      expect((await t.api('PATCH', `workouts/${fileWorkout.id}`, { token: sam.token, body: { weather_start: { icon: 'tornado' } } })).status).toBe(400)

      const typed = (await manual(sam.token, {})).body.data.workouts[0] as Workout
      const changed = await t.api<WorkoutsResponse>('PATCH', `workouts/${typed.id}`, {
        token: sam.token,
        body: { duration: 7200, distance: 30, workout_date: '2019-01-01 09:00', ascent: 300 },
      })
      expect(changed.body.data.workouts[0]).toMatchObject({
        duration: '2:00:00',
        moving: '2:00:00',
        distance: 30,
        ave_speed: 15,
        max_speed: 15,
        ascent: 300,
        workout_date: 'Tue, 01 Jan 2019 08:00:00 GMT',
      })
    })

    it('edits the descent and the end weather, clears a weather with null, and leaves the notes as they are on null', async () => {
      const typed = (await manual(sam.token, { notes: 'windy', ascent: 100, descent: 50 })).body.data.workouts[0] as Workout
      const weather = { icon: 'rain', temperature: 11.5, humidity: 0.8, wind: 4.2, windBearing: 225 }
      const edit = async (body: Record<string, unknown>) => {
        const answer = await t.api<WorkoutsResponse>('PATCH', `workouts/${typed.id}`, { token: sam.token, body })
        expect(answer.status).toBe(200)
        return answer.body.data.workouts[0]
      }
      expect(await edit({ descent: 80, notes: null, weather_start: weather, weather_end: weather })).toMatchObject({
        ascent: 100,
        descent: 80,
        notes: 'windy',
        weather_start: weather,
        weather_end: weather,
      })
      expect(await edit({ weather_end: null })).toMatchObject({ weather_start: weather, weather_end: null })
      expect(await edit({ weather_start: null })).toMatchObject({ weather_start: null, weather_end: null })
      // The stored workout, as read again: not only the edit's answer.
      expect((await t.api<WorkoutsResponse>('GET', `workouts/${typed.id}`, { token: sam.token })).body.data.workouts[0]).toMatchObject({
        descent: 80,
        notes: 'windy',
        weather_start: null,
        weather_end: null,
      })
    })

    it('leaves what an edit does not name as it was: figures, speeds, end weather and the map link', async () => {
      const weather = { icon: 'rain', temperature: 11.5, humidity: 0.8, wind: 4.2, windBearing: 225 }
      const typed = (await manual(sam.token, { duration: 3600, distance: 10, ascent: 100, descent: 50 })).body.data.workouts[0] as Workout
      expect((await t.api('PATCH', `workouts/${typed.id}`, { token: sam.token, body: { weather_end: weather } })).status).toBe(200)
      // Only the distance: the duration kept, both speeds from it (by hand, 12 km in 1 h: 12 km/h).
      const longer = await t.api<WorkoutsResponse>('PATCH', `workouts/${typed.id}`, { token: sam.token, body: { distance: 12 } })
      expect(longer.body.status).toBe('success')
      expect(longer.body.data.workouts[0]).toMatchObject({ duration: '1:00:00', moving: '1:00:00', distance: 12, ave_speed: 12, max_speed: 12, ascent: 100, descent: 50, weather_end: weather })

      // A file workout: its recorded top speed is not an average, and its map link stays until the map is shown to fewer people.
      const ride = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile())).body.data.workouts[0] as Workout
      expect(ride.max_speed).not.toBe(ride.ave_speed)
      const renamed = await t.api<WorkoutsResponse>('PATCH', `workouts/${ride.id}`, { token: sam.token, body: { title: 'Renamed' } })
      expect(renamed.body.data.workouts[0]).toMatchObject({ title: 'Renamed', max_speed: ride.max_speed, ave_speed: ride.ave_speed, map: ride.map })
      const shown = await t.api<WorkoutsResponse>('PATCH', `workouts/${ride.id}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })
      expect(shown.body.data.workouts[0]).toMatchObject({ map_visibility: 'public', map: ride.map })
      const hidden = await t.api<WorkoutsResponse>('PATCH', `workouts/${ride.id}`, { token: sam.token, body: { map_visibility: 'private' } })
      expect(hidden.body.data.workouts[0]?.map).toEqual(expect.any(String))
      expect(hidden.body.data.workouts[0]?.map).not.toBe(ride.map)
    })

    it('gives an emptied title the default one, as on creation, from the sport and start it has after the edit', async () => {
      const typed = (await manual(sam.token, { title: 'Commute' })).body.data.workouts[0] as Workout
      // Running at 07:30 in Paris (sam's zone): a morning run, whatever the title and sport were.
      const emptied = await t.api<WorkoutsResponse>('PATCH', `workouts/${typed.id}`, {
        token: sam.token,
        body: { title: '  ', sport_id: 5, workout_date: '2019-01-01 07:30' },
      })
      expect(emptied.status).toBe(200)
      expect(emptied.body.data.workouts[0]).toMatchObject({ title: 'Morning run', sport_id: 5 })
      // Without a title in the body the title stays as it is.
      const notesOnly = await t.api<WorkoutsResponse>('PATCH', `workouts/${typed.id}`, { token: sam.token, body: { notes: 'easy', workout_date: '2019-01-01 19:00' } })
      expect(notesOnly.body.data.workouts[0]).toMatchObject({ title: 'Morning run', notes: 'easy' })
    })

    it('re-analyses a file workout with the new sport threshold and moves its records', async () => {
      await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: 6, stopped_speed_threshold: 4.7 } })
      const workout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile())).body.data.workouts[0] as Workout
      expect(workout.moving).toBe('0:04:10')
      const walked = await t.api<WorkoutsResponse>('PATCH', `workouts/${workout.id}`, { token: sam.token, body: { sport_id: 6 } })
      const after = walked.body.data.workouts[0] as Workout
      expect(after.sport_id).toBe(6)
      // At a 4.7 km/h threshold the slower stretches become pauses.
      expect(after.moving).not.toBe('0:04:10')
      expect(after.pauses).not.toBe('0:00:00')
      expect(after.workout_date).toBe(workout.workout_date)
      const records = await t.api<RecordsResponse>('GET', 'records', { token: sam.token })
      expect(new Set(records.body.data.records.map((r) => r.sport_id))).toEqual(new Set([6]))
    })

    it('deletes a workout with its files and hands the records to the next best', async () => {
      const short = (await manual(sam.token, { distance: 5, duration: 1800 })).body.data.workouts[0] as Workout
      const ride = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await gpxFile())).body.data.workouts[0] as Workout
      expect((await t.api('DELETE', `workouts/${ride.id}`, { token: sam.token })).status).toBe(204)
      expect(await filesUnder(`${t.dataDir}/uploads`)).toEqual([])
      expect((await t.api('GET', `workouts/${ride.id}`, { token: sam.token })).status).toBe(404)
      const records = (await t.api<RecordsResponse>('GET', 'records', { token: sam.token })).body.data.records
      expect(records.map((r) => [r.record_type, r.workout_id])).toEqual([
        ['AS', short.id],
        ['FD', short.id],
        ['LD', short.id],
        ['MS', short.id],
      ])
    })

    it('keeps the profile totals in step with the workouts', async () => {
      await manual(sam.token, { distance: 12.5, duration: 3600, ascent: 100, sport_id: 5 })
      await upload(t, sam.token, 'ride.gpx', await gpxFile())
      const profile = (await t.api<ProfileResponse>('GET', 'auth/profile', { token: sam.token })).body.data
      expect(profile).toMatchObject({ nb_workouts: 2, nb_sports: 2, sports_list: [1, 5], total_duration: '1:04:10' })
      expect(profile.total_distance).toBeCloseTo(12.82, 2)
      // The ride (gpx_file) climbs no 1 m: 0 m up, no highest-ascent record (see climb-threshold.ts).
      expect(profile.total_ascent).toBe(100)
      expect(profile.records.length).toBe(9)
    })
  })

  describe('archives', () => {
    const data = JSON.stringify({ sport_id: 1 })

    it('imports good files in the background and reports each bad, duplicate and hostile entry', async () => {
      const good = await gpxFile()
      const segments = await fixture('gpx/gpx_file_with_3_segments.gpx')
      const inner = buildZip([{ name: 'inner.gpx', data: await fixture('gpx/gpx_file_with_segments.gpx') }])
      const tooDeep = buildZip([{ name: 'deeper.zip', data: buildZip([{ name: 'x.gpx', data: good }]) }])
      const archive = buildZip([
        { name: 'rides/ride.gpx', data: good, deflate: true },
        { name: 'rides/copy.gpx', data: good },
        { name: 'three.gpx', data: segments },
        { name: 'broken.gpx', data: '<gpx><trk><trkseg><trkpt lat="1" lon="2">' },
        { name: '../escape.gpx', data: good },
        { name: '/etc/passwd.gpx', data: good },
        { name: 'link.gpx', data: '/etc/passwd', symlink: true },
        { name: 'bomb.gpx', data: Buffer.alloc(2_000_000, 0x20), deflate: true },
        { name: 'notes.txt', data: 'hello' },
        { name: 'nested.zip', data: inner },
        { name: 'too-deep.zip', data: tooDeep },
        { name: '__MACOSX/._ride.gpx', data: 'x' },
      ])
      const started = await upload<ImportTaskResponse>(t, sam.token, 'history.zip', archive, data)
      expect(started.status).toBe(202)
      expect(started.body.status).toBe('in_progress')
      const task = await waitForImport(t, sam.token, started.body.data.task.id)
      expect(task.status).toBe('done')
      const byFile = Object.fromEntries(task.results.map((result) => [result.file, result]))
      expect(byFile['rides/ride.gpx']).toMatchObject({ status: 'imported' })
      expect(byFile['rides/copy.gpx']).toMatchObject({ status: 'duplicate' })
      expect(byFile['three.gpx']).toMatchObject({ status: 'imported' })
      expect(byFile['nested.zip/inner.gpx']).toMatchObject({ status: 'imported' })
      expect(byFile['broken.gpx']).toMatchObject({ status: 'error', message: errorCatalogue.gpx_parsing_failed.message, code: 'track_xml_invalid' })
      expect(byFile['../escape.gpx']).toEqual({
        file: '../escape.gpx',
        status: 'error',
        message: errorCatalogue.archive_entry_unsafe_path.message,
        code: 'archive_entry_unsafe_path',
      })
      expect(byFile['/etc/passwd.gpx']).toMatchObject({ status: 'error', code: 'archive_entry_unsafe_path' })
      expect(byFile['link.gpx']).toMatchObject({ status: 'error', message: errorCatalogue.archive_entry_symlink.message, code: 'archive_entry_symlink' })
      expect(byFile['bomb.gpx']).toMatchObject({ status: 'error', message: errorCatalogue.archive_entry_ratio.message, code: 'archive_entry_ratio' })
      expect(byFile['notes.txt']).toMatchObject({ status: 'error', message: 'file extension not allowed', code: 'file_extension_not_allowed' })
      expect(byFile['too-deep.zip/deeper.zip']).toMatchObject({ status: 'error', code: 'archive_nested_too_deep' })
      expect(byFile['__MACOSX/._ride.gpx']).toBeUndefined()
      expect(task.files_done).toBe(task.files_total)

      expect((await list(sam.token)).body.pagination.total).toBe(3)
      expect(await filesUnder(`${t.dataDir}/uploads`)).toHaveLength(3)
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
      expect(await filesUnder(t.dataDir).then((files) => files.filter((f) => f.includes('escape') || f.endsWith('passwd.gpx')))).toEqual([])
      // Progress reports belong to their owner.
      expect((await t.api('GET', `workouts/imports/${task.id}`, { token: admin.token })).status).toBe(404)
    })

    it('refuses a whole archive over the file count, a damaged archive, and one without workouts', async () => {
      await t.api('PATCH', 'config', { token: admin.token, body: { gpx_limit_import: 2 } })
      const three = buildZip([1, 2, 3].map((n) => ({ name: `${n}.gpx`, data: 'x' })))
      expect(await upload(t, sam.token, 'many.zip', three, data)).toMatchObject({
        status: 400,
        body: { status: 'fail', message: 'the number of files in the archive exceeds the limit' },
      })
      expect(await upload(t, sam.token, 'bad.zip', Buffer.from('PK not really'), data)).toMatchObject({
        status: 400,
        body: { message: 'the archive is damaged or not a zip file' },
      })
      expect(await upload(t, sam.token, 'empty.zip', buildZip([{ name: 'a.txt', data: 'x' }]), data)).toMatchObject({
        status: 400,
        body: { message: 'the archive holds no gpx, fit or tcx file' },
      })
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })
  })
})
