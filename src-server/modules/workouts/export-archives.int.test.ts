import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportTask, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { errorCatalogue } from '../../../src/errors'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { importArchive, realFile, upload } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

const STRAVA_HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed'

/** A Strava bulk export built after its documented layout, with real files and bad rows. */
async function stravaExport(): Promise<Buffer> {
  const csv = Buffer.concat([
    Buffer.from(
      [
        STRAVA_HEADER,
        '1001,"Mar 13, 2018, 12:44:45 PM",Morning Ride,Ride,"Lovely, with a comma",1200,5.1,,,false,,,activities/1001.gpx,,,1200,1100,5100.0,9.1',
        '1002,"Feb 15, 2017, 6:00:00 PM",Evening Run,Run,,600,2.0,,,false,,,activities/1002.fit.gz,,,600,590,2000.0,4.0',
        '1003,"Aug 16, 2013, 3:35:10 PM",Yoga by the lake,Yoga,"Typed in, no file",3600,0.0,,,false,,,,,,3600,3600,0.0,0.0',
        '1004,"Aug 16, 2013, 3:35:10 PM",Treadmill,Run,,1800,5.0,,,false,,,,,,1800,1800,5000.0,3.0',
        '1005,not a date,Lost,Run,,1800,5.0,,,false,,,,,,1800,1800,5000.0,3.0',
        '1006,"Jan 2, 2020, 9:00:00 AM",Missing file,Ride,,1800,5.0,,,false,,,activities/1006.gpx,,,1800,1800,5000.0,3.0',
        '',
      ].join('\n'),
    ),
    // A row with text that is not UTF-8 (Latin-1 "é").
    Buffer.from('1007,"Jan 3, 2020, 9:00:00 AM",Caf'),
    Buffer.from([0xe9]),
    Buffer.from(',Walk,,1800,2.0,,,false,,,,,,1800,1800,2000.0,2.0\n'),
    Buffer.from('1008,"Jan 4, 2020, 9:00:00 AM",Broken "quote" here,Walk,,1800,2.0,,,false,,,,,,1800,1800,2000.0,2.0\n'),
  ])
  return buildZip([
    { name: 'activities.csv', data: csv, deflate: true },
    { name: 'activities/1001.gpx', data: await realFile('gpx/strava.gpx'), deflate: true },
    { name: 'activities/1002.fit.gz', data: gzipSync(await realFile('fit/garmin-fenix5-run.fit')) },
    { name: 'profile.csv', data: 'Athlete ID\n1\n' },
    { name: 'media/photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff]) },
  ])
}

describe('account export archives', () => {
  let t: TestServer
  let admin: Account
  beforeAll(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'admin')
  })
  afterAll(() => t.close())

  const importExport = (account: Account, archive: Buffer, name = 'export.zip'): Promise<ImportTask> =>
    importArchive(t, account.token, name, archive, { sport_id: SPORT_ID.hiking })
  const workoutsOf = async (account: Account): Promise<Workout[]> =>
    (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: account.token })).body.data.workouts
  const byFile = (task: ImportTask) => Object.fromEntries(task.results.map((result) => [result.file, result]))

  it('imports a Strava export: names, sports, descriptions, activities without a file, per-row reasons', async () => {
    const user = await registerUser(t, 'strava', { activate: admin })
    const task = await importExport(user, await stravaExport(), 'export_12345.zip')
    expect(task.status).toBe('done')
    const results = byFile(task)
    expect(results['activities/1001.gpx']).toMatchObject({ status: 'imported' })
    expect(results['activities/1002.fit.gz']).toMatchObject({ status: 'imported' })
    expect(results['activities.csv, line 4 (Yoga by the lake)']).toMatchObject({ status: 'imported' })
    expect(results['activities.csv, line 5 (Treadmill)']).toMatchObject({ status: 'imported' })
    expect(results['activities.csv, line 6 (Lost)']).toEqual({
      file: 'activities.csv, line 6 (Lost)',
      status: 'error',
      message: errorCatalogue.export_row_date_invalid.message,
      code: 'export_row_date_invalid',
    })
    expect(results['activities/1006.gpx']).toMatchObject({ status: 'error', message: errorCatalogue.export_file_missing.message })
    expect(results['activities.csv, line 8']).toMatchObject({ status: 'error', message: errorCatalogue.export_row_not_utf8.message })
    expect(results['activities.csv, line 9']).toMatchObject({ status: 'error', message: errorCatalogue.export_row_invalid.message })
    // The export's other files are part of it, not errors.
    expect(Object.keys(results).filter((file) => file.includes('profile') || file.includes('media'))).toEqual([])
    // The report's counts add up: each file, row and missing file counted once, done and in all.
    expect([task.files_done, task.files_total]).toEqual([task.results.length, task.results.length])

    const workouts = await workoutsOf(user)
    expect(workouts).toHaveLength(4)
    const titled = Object.fromEntries(workouts.map((workout) => [workout.title, workout]))
    expect(titled['Morning Ride']).toMatchObject({ sport_id: SPORT_ID.cyclingSport, notes: 'Lovely, with a comma' })
    expect(titled['Evening Run']).toMatchObject({ sport_id: SPORT_ID.running })
    // A type with no sport of ours goes to the shared mapping's fallback; figures from the CSV (metres column).
    expect(titled['Yoga by the lake']).toMatchObject({ sport_id: SPORT_ID.other, notes: 'Typed in, no file', distance: 0, duration: '1:00:00' })
    expect(titled.Treadmill).toMatchObject({ sport_id: SPORT_ID.running, distance: 5, duration: '0:30:00' })
    // Strava's dates are UTC: the instant of the row, to the second (`Aug 16, 2013, 3:35:10 PM`).
    expect(new Date(titled.Treadmill?.workout_date ?? '').toISOString()).toBe('2013-08-16T15:35:10.000Z')

    // The same archive again adds nothing.
    const again = await importExport(user, await stravaExport())
    expect(again.results.filter((result) => result.status === 'imported')).toEqual([])
    expect(again.results.filter((result) => result.status === 'duplicate')).toHaveLength(4)
    expect(await workoutsOf(user)).toHaveLength(4)
  }, 120_000)

  it('stores rows at their UTC instant (the repeated hour of a daylight saving change included) and knows them again, absurd figures included', async () => {
    const paris = await registerUser(t, 'paris', { activate: admin })
    const preferences = { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false }
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: paris.token, body: preferences })).status).toBe(200)
    // 01:30 UTC on 27 Oct 2019 is 02:30 in Paris, an hour that happens twice that night; the
    // second row's 200,000 km are stored as the 100,000 km a workout may have.
    const csv = [
      STRAVA_HEADER,
      '2001,"Oct 27, 2019, 1:30:00 AM",Night walk,Walk,,1800,2.0,,,false,,,,,,1800,1800,2000.0,1.0',
      '2002,"Oct 28, 2019, 9:00:00 AM",Far away,Ride,,3600,1.0,,,false,,,,,,3600,3600,200000000.0,1.0',
    ].join('\n')
    const archive = buildZip([{ name: 'activities.csv', data: csv }])
    const first = await importExport(paris, archive)
    expect(first.results.map((result) => result.status)).toEqual(['imported', 'imported'])
    const stored = Object.fromEntries((await workoutsOf(paris)).map((workout) => [workout.title, workout]))
    expect(new Date(stored['Night walk']?.workout_date ?? '').toISOString()).toBe('2019-10-27T01:30:00.000Z')
    expect(stored['Far away']?.distance).toBe(100_000)

    const again = await importExport(paris, archive)
    expect(again.results.map((result) => result.status)).toEqual(['duplicate', 'duplicate'])
    expect(await workoutsOf(paris)).toHaveLength(2)
  })

  it('takes a typed-in row for one already stored only when it starts within a minute of it, either way', async () => {
    const runner = await registerUser(t, 'laps', { activate: admin })
    // Rows of the same sport, time and distance: 59 s after or before the first is the same outing
    // exported twice; 61 s after or before it is another run.
    const row = (id: number, time: string, name: string) => `${id},"Mar 3, 2020, ${time} AM",${name},Run,,1800,5.0,,,false,,,,,,1800,1800,5000.0,3.0`
    const rows = [row(3001, '7:00:00', 'Dawn'), row(3002, '7:00:59', 'Dawn'), row(3003, '7:01:01', 'Later'), row(3004, '6:59:01', 'Dawn'), row(3005, '6:58:59', 'Earlier')]
    const task = await importExport(runner, buildZip([{ name: 'activities.csv', data: [STRAVA_HEADER, ...rows].join('\n') }]))
    expect(task.results.map((result) => result.status)).toEqual(['imported', 'duplicate', 'imported', 'duplicate', 'imported'])
    expect((await workoutsOf(runner)).map((workout) => workout.title).sort()).toEqual(['Dawn', 'Earlier', 'Later'])
  })

  it("applies an export's names to files imported before, without a copy", async () => {
    const user = await registerUser(t, 'early', { activate: admin })
    const single = await upload<WorkoutsResponse>(t, user.token, 'ride.gpx', await realFile('gpx/strava.gpx'), { sport_id: SPORT_ID.hiking })
    expect(single.status).toBe(201)
    const id = single.body.data.workouts[0]?.id
    const task = await importExport(user, await stravaExport())
    expect(byFile(task)['activities/1001.gpx']).toEqual({ file: 'activities/1001.gpx', status: 'duplicate', workout_id: id, workout_ids: [id] })
    const workout = (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token: user.token })).body.data.workouts[0]
    expect(workout).toMatchObject({ title: 'Morning Ride', notes: 'Lovely, with a comma', sport_id: SPORT_ID.cyclingSport })
  }, 120_000)

  it("imports the reference tracker's user-data export with titles, notes, sports and typed-in figures", async () => {
    const user = await registerUser(t, 'fittrackee', { activate: admin })
    const workouts = [
      { id: 'a1', title: 'Lake walk', notes: 'windy', sport_id: 3, sport_label: 'Hiking', workout_date: 'Tue, 13 Mar 2018 12:44:45 GMT', gpx: 'x7Hj2_lake.gpx' },
      { id: 'a2', title: 'Typed run', notes: null, sport_id: 5, sport_label: 'Running', workout_date: '2018-05-01 07:30:00+00:00', duration: '1:00:00', distance: 10.5, gpx: null },
    ]
    const archive = buildZip([
      { name: 'user_data.json', data: JSON.stringify({ username: 'sam' }) },
      { name: 'user_workouts_data.json', data: JSON.stringify(workouts) },
      { name: 'user_equipments_data.json', data: '[]' },
      { name: 'gpx/x7Hj2_lake.gpx', data: await realFile('gpx/fittrackee-e2e.gpx'), deflate: true },
    ])
    const task = await importExport(user, archive)
    expect(task.results.map((result) => result.status)).toEqual(['imported', 'imported'])
    const titled = Object.fromEntries((await workoutsOf(user)).map((workout) => [workout.title, workout]))
    expect(titled['Lake walk']).toMatchObject({ sport_id: SPORT_ID.hiking, notes: 'windy' })
    expect(titled['Typed run']).toMatchObject({ sport_id: SPORT_ID.running, distance: 10.5, duration: '1:00:00' })
  }, 60_000)

  it("imports the reference tracker's export from its 0.10 on: each workout's original file under workout_files/, never the GPX it made from it", async () => {
    const user = await registerUser(t, 'fittrackee1x', { activate: admin })
    // SamR1/FitTrackee `fittrackee/users/export_data.py`: from v0.10.0 each workout's data carries its
    // `original_file` (a file name) and the archive holds the user's workout folder under
    // `workout_files/`; up to 1.0.x a FIT or TCX sits there beside the GPX made from it (named by
    // `gpx`), which 1.1.0 stopped keeping (and writing in the data).
    const workouts = [
      { id: 'b1', title: 'Fenix ride', notes: 'from 1.1', sport_id: 1, sport_label: 'Cycling (Sport)', workout_date: '2024-05-01 07:30:00+00:00', original_file: 'b8Kq1_ride.fit' },
      { id: 'b2', title: 'Edge run', notes: 'from 1.0', sport_id: 5, sport_label: 'Running', workout_date: '2024-05-02 07:30:00+00:00', original_file: 'c9Lm3_run.tcx', gpx: 'c9Lm3_run.gpx' },
    ]
    const archive = buildZip([
      { name: 'user_data.json', data: JSON.stringify({ username: 'sam' }) },
      { name: 'user_workouts_data.json', data: JSON.stringify(workouts) },
      { name: 'user_equipments_data.json', data: '[]' },
      { name: 'workout_files/b8Kq1_ride.fit', data: await realFile('fit/garmin-fenix5-bike.fit'), deflate: true },
      { name: 'workout_files/c9Lm3_run.tcx', data: await realFile('tcx/dblock-running-1.tcx'), deflate: true },
      // Another ride than the run's, so that importing it would show as a third workout.
      { name: 'workout_files/c9Lm3_run.gpx', data: await realFile('gpx/strava.gpx'), deflate: true },
    ])
    const task = await importExport(user, archive)
    expect(task.results.map((result) => [result.file, result.status])).toEqual([
      ['workout_files/b8Kq1_ride.fit', 'imported'],
      ['workout_files/c9Lm3_run.tcx', 'imported'],
    ])
    const imported = await workoutsOf(user)
    expect(imported).toHaveLength(2)
    const titled = Object.fromEntries(imported.map((workout) => [workout.title, workout]))
    expect(titled['Fenix ride']).toMatchObject({ sport_id: SPORT_ID.cyclingSport, notes: 'from 1.1' })
    expect(titled['Edge run']).toMatchObject({ sport_id: SPORT_ID.running, notes: 'from 1.0' })
  }, 60_000)

  it('imports a Garmin Connect export: FIT files of nested UploadedFiles archives, named from its summary', async () => {
    const user = await registerUser(t, 'garmin', { activate: admin })
    const summary = [{ summarizedActivitiesExport: [{ activityId: 2468013579, name: 'Lunch Ride', activityType: 'road_biking', startTimeGmt: 0, description: 'with Ana' }] }]
    const uploaded = buildZip([{ name: 'someone_2468013579.fit', data: await realFile('fit/garmin-fenix5-bike.fit'), deflate: true }])
    const archive = buildZip([
      { name: 'DI_CONNECT/DI-Connect-Fitness/someone_0_summarizedActivities.json', data: JSON.stringify(summary) },
      { name: 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip', data: uploaded },
      { name: 'DI_CONNECT/DI-Connect-User/user_profile.json', data: '{}' },
    ])
    const task = await importExport(user, archive)
    expect(task.results).toMatchObject([{ file: 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/someone_2468013579.fit', status: 'imported' }])
    const [workout] = await workoutsOf(user)
    expect(workout).toMatchObject({ title: 'Lunch Ride', notes: 'with Ana', sport_id: SPORT_ID.cyclingSport })
  }, 60_000)

  it('a gzip member that inflates past the file size limit is refused, the rest continues', async () => {
    const user = await registerUser(t, 'gzbomb', { activate: admin })
    const bomb = gzipSync(Buffer.alloc(30 * 1024 * 1024, 0x20))
    const task = await importExport(user, buildZip([
      { name: 'bomb.gpx.gz', data: bomb },
      { name: 'ok.gpx', data: await realFile('gpx/strava.gpx') },
    ]))
    expect(byFile(task)['bomb.gpx.gz']).toMatchObject({ status: 'error', message: errorCatalogue.file_too_large.message })
    expect(byFile(task)['ok.gpx']).toMatchObject({ status: 'imported' })
  }, 60_000)
})
