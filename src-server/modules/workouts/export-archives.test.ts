import { describe, expect, it } from 'vitest'
import { detectExport, garminMeta, parseStravaDate, planFitTrackee, planGarmin, planStrava } from './export-archives'

describe('export layouts', () => {
  it("reads Strava's English dates in UTC, noon and midnight included", () => {
    expect(parseStravaDate('Aug 16, 2013, 3:35:10 PM')?.toISOString()).toBe('2013-08-16T15:35:10.000Z')
    expect(parseStravaDate('Jan 1, 2020, 12:00:00 AM')?.toISOString()).toBe('2020-01-01T00:00:00.000Z')
    expect(parseStravaDate('Jan 1, 2020, 12:30:00 PM')?.toISOString()).toBe('2020-01-01T12:30:00.000Z')
    expect(parseStravaDate('Jan 1, 2020, 1:30:00\u202fPM')?.toISOString()).toBe('2020-01-01T13:30:00.000Z')
    for (const bad of ['Feb 30, 2020, 1:00:00 PM', 'Foo 1, 2020, 1:00:00 PM', '2020-01-01', 'Jan 1, 2020, 13:00:00 PM']) expect(parseStravaDate(bad)).toBeNull()
  })

  it('takes the metres column of the repeated Distance and survives missing columns', () => {
    const plan = planStrava(Buffer.from('Activity Date,Distance,Elapsed Time,Distance\n"Jan 1, 2020, 1:00:00 PM",3.1,600,5000\n'))
    expect(plan.fileless).toMatchObject([{ distanceKm: 5, durationS: 600, title: null, sportId: null }])
    expect(planStrava(Buffer.from('Activity Name\nonly a name\n')).errors).toMatchObject([{ code: 'export_row_date_invalid' }])
  })

  it("keeps a file-less Strava activity's distance to the metre", () => {
    const csv = 'Activity Date,Distance,Elapsed Time,Distance\n"Jan 1, 2020, 1:00:00 PM",5.23,600,5234\n"Jan 2, 2020, 1:00:00 PM",0.01,60,12\n'
    expect(planStrava(Buffer.from(csv)).fileless.map((activity) => activity.distanceKm)).toEqual([5.234, 0.012])
  })

  it("reads the reference tracker's durations as Python writes a timedelta: a day is 86,400 s", () => {
    const workout = (duration: string) => ({ title: 'typed in', workout_date: '2020-01-01 10:00:00+00:00', duration, distance: 10 })
    const json = JSON.stringify(['0:00:59', '1:00:00', '23:59:59', '1 day, 0:00:00', '1 day, 2:03:04', '2 days, 0:00:01', '0:10:00.500000'].map(workout))
    expect(planFitTrackee(Buffer.from(json)).fileless.map((activity) => activity.durationS)).toEqual([
      59,
      3600,
      86_399,
      86_400,
      86_400 + 2 * 3600 + 3 * 60 + 4,
      2 * 86_400 + 1,
      600,
    ])
  })

  it('recognises the layouts by their files', () => {
    expect(detectExport(['activities.csv', 'activities/1.gpx'])?.kind).toBe('strava')
    expect(detectExport(['user_data.json', 'user_workouts_data.json'])?.kind).toBe('fittrackee')
    expect(detectExport(['DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip'])?.kind).toBe('garmin')
    expect(detectExport(['ride.gpx', 'notes/activities.csv'])).toBeNull()
  })

  it('matches Garmin files by the id in their name, else by start time within two minutes', () => {
    const plan = planGarmin([Buffer.from(JSON.stringify([{ summarizedActivitiesExport: [{ activityId: 1234567, name: 'A', startTimeGmt: 1_000_000 }] }]))])
    expect(garminMeta(plan, 'x_1234567.fit', null)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 1_060_000)?.title).toBe('A')
    expect(garminMeta(plan, 'upload.fit', 1_200_000)).toBeNull()
  })

  it('matches a Garmin file by start time within 120 s either side, bounds included', () => {
    const plan = planGarmin([Buffer.from(JSON.stringify([{ summarizedActivitiesExport: [{ activityId: 1, name: 'A', startTimeGmt: 1_000_000 }] }]))])
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
      const plan = planGarmin([Buffer.from(JSON.stringify([{ summarizedActivitiesExport: order }]))])
      expect(garminMeta(plan, 'upload.fit', 1_080_000)?.title).toBe('near')
      expect(garminMeta(plan, 'upload.fit', 1_160_000)?.title).toBe('late')
    }
  })
})
