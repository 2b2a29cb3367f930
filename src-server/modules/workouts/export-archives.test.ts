import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { detectExport, garminMeta, isActivityPath, parseStravaDate, planFitTrackee, planGarmin, planStrava } from './export-archives'

const csv = (text: string) => Readable.from([Buffer.from(text)])

describe('export layouts', () => {
  it("reads Strava's English dates in UTC, noon and midnight included", () => {
    expect(parseStravaDate('Aug 16, 2013, 3:35:10 PM')?.toISOString()).toBe('2013-08-16T15:35:10.000Z')
    expect(parseStravaDate('Jan 1, 2020, 12:00:00 AM')?.toISOString()).toBe('2020-01-01T00:00:00.000Z')
    expect(parseStravaDate('Jan 1, 2020, 12:30:00 PM')?.toISOString()).toBe('2020-01-01T12:30:00.000Z')
    expect(parseStravaDate('Jan 1, 2020, 1:30:00\u202fPM')?.toISOString()).toBe('2020-01-01T13:30:00.000Z')
    for (const bad of ['Feb 30, 2020, 1:00:00 PM', 'Foo 1, 2020, 1:00:00 PM', '2020-01-01', 'Jan 1, 2020, 13:00:00 PM']) expect(parseStravaDate(bad)).toBeNull()
  })

  it('takes the metres column of the repeated Distance and survives missing columns', async () => {
    const plan = await planStrava(csv('Activity Date,Distance,Elapsed Time,Distance\n"Jan 1, 2020, 1:00:00 PM",3.1,600,5000\n'), 10)
    expect(plan.fileless).toMatchObject([{ distanceKm: 5, durationS: 600, title: null, sportId: null }])
    expect((await planStrava(csv('Activity Name\nonly a name\n'), 10)).errors).toMatchObject([{ code: 'export_row_date_invalid' }])
  })

  it('reads no more rows than the files limit: one error says where the list was cut', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `"Jan 1, 2020, 1:00:00 PM",${i + 1},600`)
    const plan = await planStrava(csv(['Activity Date,Distance,Elapsed Time', ...rows].join('\n')), 50)
    expect(plan.fileless).toHaveLength(50)
    // Line 1 is the header: rows 1 to 50 are lines 2 to 51.
    expect(plan.errors).toEqual([{ key: 'activities.csv, line 52 and after', code: 'export_too_many_rows' }])
  })

  it("reads the reference tracker's dates without a zone as UTC, whatever the server's zone", () => {
    const json = JSON.stringify([{ workout_date: '2019-10-27 01:30:00', duration: '1:00:00', distance: 10 }])
    expect(planFitTrackee(Buffer.from(json), 'user_workouts_data.json', 10).fileless[0]?.start.toISOString()).toBe('2019-10-27T01:30:00.000Z')
  })

  it("keeps a file-less Strava activity's distance to the metre", async () => {
    const list = 'Activity Date,Distance,Elapsed Time,Distance\n"Jan 1, 2020, 1:00:00 PM",5.23,600,5234\n"Jan 2, 2020, 1:00:00 PM",0.01,60,12\n'
    expect((await planStrava(csv(list), 10)).fileless.map((activity) => activity.distanceKm)).toEqual([5.234, 0.012])
  })

  it("reads the reference tracker's durations as Python writes a timedelta: a day is 86,400 s", () => {
    const workout = (duration: string) => ({ title: 'typed in', workout_date: '2020-01-01 10:00:00+00:00', duration, distance: 10 })
    const json = JSON.stringify(['0:00:59', '1:00:00', '23:59:59', '1 day, 0:00:00', '1 day, 2:03:04', '2 days, 0:00:01', '0:10:00.500000'].map(workout))
    expect(planFitTrackee(Buffer.from(json), 'user_workouts_data.json', 10).fileless.map((activity) => activity.durationS)).toEqual([
      59,
      3600,
      86_399,
      86_400,
      86_400 + 2 * 3600 + 3 * 60 + 4,
      2 * 86_400 + 1,
      600,
    ])
  })

  it("names each of the reference's workouts by the file its export holds: the original under workout_files/ (0.10 on), else the GPX under gpx/ (0.8, 0.9)", () => {
    const json = JSON.stringify([
      { title: 'KML hike', original_file: 'a/b/k1_hike.kml', gpx: 'a/b/k1_hike.gpx' },
      { title: 'GPX walk', original_file: 'w2_walk.gpx', gpx: 'w2_walk.gpx' },
      { title: 'Old ride', gpx: 'o3_ride.gpx', original_file: null },
    ])
    const plan = planFitTrackee(Buffer.from(json), 'user_workouts_data.json', 10)
    expect([...plan.byFile].map(([file, meta]) => [file, meta.title])).toEqual([
      ['workout_files/k1_hike.kml', 'KML hike'],
      ['workout_files/w2_walk.gpx', 'GPX walk'],
      ['gpx/o3_ride.gpx', 'Old ride'],
    ])
    // Only a GPX made from another file is left alone; a GPX original is the file itself.
    expect([...plan.derived]).toEqual(['workout_files/k1_hike.gpx'])
    expect(plan.fileless).toEqual([])
    expect(['workout_files/k1_hike.kml', 'x.kmz', 'x.fit.gz', 'x.tcx'].every(isActivityPath)).toBe(true)
    expect(['user_data.json', 'photo.jpg'].some(isActivityPath)).toBe(false)
  })

  it('recognises the layouts by their files', () => {
    expect(detectExport(['activities.csv', 'activities/1.gpx'])?.kind).toBe('strava')
    expect(detectExport(['user_data.json', 'user_workouts_data.json'])?.kind).toBe('fittrackee')
    expect(detectExport(['DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip'])?.kind).toBe('garmin')
    expect(detectExport(['ride.gpx', 'notes/activities.csv'])).toBeNull()
  })

  it('matches Garmin files by the id in their name, else by start time within two minutes', () => {
    const plan = planGarmin(Buffer.from(JSON.stringify([{ summarizedActivitiesExport: [{ activityId: 1234567, name: 'A', startTimeGmt: 1_000_000 }] }])), 'a.json', 10)
    expect(garminMeta(plan, 'x_1234567.fit', null)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 1_060_000)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 1_200_000)).toBeNull()
  })

  it('matches a Garmin file by start time within 120 s either side, bounds included', () => {
    const plan = planGarmin(Buffer.from(JSON.stringify([{ summarizedActivitiesExport: [{ activityId: 1, name: 'A', startTimeGmt: 1_000_000 }] }])), 'a.json', 10)
    expect(garminMeta(plan, 'upload.fit', 1_120_000)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 880_000)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 1_120_001)).toBeNull()
    expect(garminMeta(plan, 'upload.fit', 879_999)).toBeNull()
  })

  it('takes the Garmin activity whose start is nearest, wherever it stands in the summary', () => {
    const activities = [
      { activityId: 1, name: 'early', startTimeGmt: 1_000_000 },
      { activityId: 2, name: 'near', startTimeGmt: 1_090_000 },
      { activityId: 3, name: 'late', startTimeGmt: 1_200_000 },
    ]
    for (const order of [activities, [...activities].reverse()]) {
      const plan = planGarmin(Buffer.from(JSON.stringify([{ summarizedActivitiesExport: order }])), 'a.json', 10)
      expect(garminMeta(plan, 'upload.fit', 1_080_000)?.title).toBe('near')
      expect(garminMeta(plan, 'upload.fit', 1_160_000)?.title).toBe('late')
    }
  })
})
