import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { NOTES_MAX, TITLE_MAX } from '../../../src/contracts'
import {
  detectExport,
  emptyPlan,
  garminMeta,
  isActivityPath,
  mergePlans,
  parseStravaDate,
  planFitTrackee,
  planGarmin,
  planRows,
  planStrava,
} from './export-archives'

// The export readers' rules, each on a small hand-written list whose expected figures are its own text
// (sport ids: the SPORTS table's labels, "Running" 5, "Hiking" 3).
const csv = (...chunks: (string | Buffer)[]) => Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)))
const json = (value: unknown) => Buffer.from(JSON.stringify(value))
const WORKOUTS = 'user_workouts_data.json'
const EQUIPMENT = 'user_equipments_data.json'

describe('recognising an export by its files', () => {
  it("lists Strava's gear files only when the export has them", () => {
    expect(detectExport(['activities.csv'])).toEqual({ kind: 'strava', metadata: ['activities.csv'] })
    expect(detectExport(['shoes.csv', 'activities.csv'])).toEqual({ kind: 'strava', metadata: ['activities.csv', 'shoes.csv'] })
    expect(detectExport(['activities.csv', 'bikes.csv', 'shoes.csv'])?.metadata).toEqual(['activities.csv', 'bikes.csv', 'shoes.csv'])
  })

  it("needs both of the reference tracker's data files, and reads its equipment file when there", () => {
    expect(detectExport(['user_workouts_data.json'])).toBeNull()
    expect(detectExport(['user_data.json'])).toBeNull()
    expect(detectExport(['user_data.json', WORKOUTS, EQUIPMENT])).toEqual({ kind: 'fittrackee', metadata: [WORKOUTS, EQUIPMENT] })
    expect(detectExport(['user_data.json', WORKOUTS])).toEqual({ kind: 'fittrackee', metadata: [WORKOUTS] })
  })

  it("reads Garmin's summaries under DI-Connect-Fitness (any case), and knows the export by its UploadedFiles zips alone", () => {
    const summary = 'DI_CONNECT/DI-Connect-Fitness/me@example.org_0_summarizedActivities.json'
    expect(detectExport([summary, 'other.json'])).toEqual({ kind: 'garmin', metadata: [summary] })
    expect(detectExport(['di-connect-fitness/x_SUMMARIZEDACTIVITIES.JSON'])?.metadata).toEqual(['di-connect-fitness/x_SUMMARIZEDACTIVITIES.JSON'])
    expect(detectExport(['UploadedFiles_0-_Part1.zip'])).toEqual({ kind: 'garmin', metadata: [] })
    for (const names of [
      ['elsewhere/x_summarizedActivities.json'],
      ['DI-Connect-Fitness/sub/x_summarizedActivities.json'],
      ['DI-Connect-Fitness/x_summarizedActivities.json.bak'],
      ['NotUploadedFiles_0.zip'],
      ['UploadedFiles_0.zip/inner.fit'],
    ]) {
      expect(detectExport(names)).toBeNull()
    }
  })

  it('takes track files, gzipped or not, and zips, in any case, as activities', () => {
    expect(['a.GPX', 'a.gpx.gz', 'b.FIT', 'c.tcx.GZ', 'd.kml', 'e.zip'].every(isActivityPath)).toBe(true)
    expect(['a.gpxx', 'a.gz', 'a.gpx.bak', 'gpx', 'a.csv'].some(isActivityPath)).toBe(false)
  })
})

describe("Strava's dates", () => {
  it('reads noon as 12, a missing comma before the time and white space around, each month', () => {
    expect(parseStravaDate('  Dec 31, 2019 12:00:00 PM ')?.toISOString()).toBe('2019-12-31T12:00:00.000Z')
    expect(parseStravaDate('Feb 29, 2020, 11:59:59 PM')?.toISOString()).toBe('2020-02-29T23:59:59.000Z')
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
    expect(months.map((month) => parseStravaDate(`${month} 1, 2021, 1:00:00 AM`)?.getUTCMonth())).toEqual(months.map((_, i) => i))
  })

  it('refuses hour 0, a day the month lacks, a lower-case month and a time without AM or PM', () => {
    for (const bad of ['Jan 1, 2020, 0:30:00 AM', 'Feb 29, 2021, 1:00:00 PM', 'Apr 31, 2021, 1:00:00 PM', 'jan 1, 2020, 1:00:00 PM', 'Jan 1, 2020, 1:00:00', '']) {
      expect(parseStravaDate(bad)).toBeNull()
    }
  })
})

describe("Strava's activities.csv", () => {
  const HEADER = 'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Activity Gear,Distance\n'

  it('gives each listed file its title, notes, sport and gear, the leading ./ of its path dropped', async () => {
    const plan = await planStrava(csv(HEADER, '1,"Jan 1, 2020, 1:00:00 PM", Lunch run ,running, by the river ,600,1.0,./activities/1.gpx,  Old   shoes ,1000\n'), 10)
    expect([...plan.byFile]).toEqual([['activities/1.gpx', { title: 'Lunch run', notes: 'by the river', sportId: 5, gear: ['Old shoes'] }]])
    expect(plan.fileless).toEqual([])
    expect(plan.errors).toEqual([])
  })

  it("cuts a title and notes to what a workout keeps, and gives no gear when the row names none", async () => {
    const title = 'T'.repeat(TITLE_MAX + 5)
    const notes = 'N'.repeat(NOTES_MAX + 5)
    const plan = await planStrava(csv(HEADER, `1,"Jan 1, 2020, 1:00:00 PM",${title},Hiking,${notes},600,1.0,activities/1.gpx,,1000\n`), 10)
    const meta = plan.byFile.get('activities/1.gpx')
    expect(meta?.title).toBe('T'.repeat(TITLE_MAX))
    expect(meta?.notes).toBe('N'.repeat(NOTES_MAX))
    expect(meta?.sportId).toBe(3)
    expect(meta).not.toHaveProperty('gear')
  })

  it('makes a row without a file an activity from its figures, its elapsed time rounded to the second, its key naming the row and title', async () => {
    const plan = await planStrava(csv(HEADER, '1,"Jan 1, 2020, 1:00:00 PM",Commute,,,600.6,3.1,,,2500.4\n'), 10)
    expect(plan.fileless).toEqual([
      { key: 'activities.csv, line 2 (Commute)', title: 'Commute', notes: null, sportId: null, start: new Date('2020-01-01T13:00:00Z'), durationS: 601, distanceKm: 2.5 },
    ])
  })

  it("falls back to the athlete's distance when the metres column is blank, and refuses a row without a positive time or with a negative distance", async () => {
    const rows = [
      '1,"Jan 1, 2020, 1:00:00 PM",A,,,600,3.1,,,\n',
      '2,"Jan 1, 2020, 1:00:00 PM",B,,,0,3.1,,,3100\n',
      '3,"Jan 1, 2020, 1:00:00 PM",C,,,600,3.1,,,-1\n',
      '4,"Jan 1, 2020, 1:00:00 PM",D,,,600,,,,0\n',
      '5,not a date,,,,600,3.1,,,3100\n',
    ]
    const plan = await planStrava(csv(HEADER, ...rows), 10)
    expect(plan.fileless.map((activity) => [activity.title, activity.distanceKm])).toEqual([
      ['A', 3.1],
      ['D', 0],
    ])
    expect(plan.errors).toEqual([
      { key: 'activities.csv, line 3 (B)', code: 'export_row_figures_invalid' },
      { key: 'activities.csv, line 4 (C)', code: 'export_row_figures_invalid' },
      { key: 'activities.csv, line 6', code: 'export_row_date_invalid' },
    ])
  })

  it('reads a header behind a byte-order mark, reports a row that is not UTF-8 by its line and goes on', async () => {
    const bad = Buffer.concat([Buffer.from('"Jan 2, 2020, 1:00:00 PM",'), Buffer.from([0xff, 0xfe]), Buffer.from(',60,1\n')])
    const plan = await planStrava(csv('\ufeffActivity Date,Activity Name,Elapsed Time,Distance\n', bad, '"Jan 3, 2020, 1:00:00 PM",Third,60,1\n'), 10)
    expect(plan.errors).toEqual([{ key: 'activities.csv, line 2', code: 'export_row_not_utf8' }])
    expect(plan.fileless.map((activity) => activity.key)).toEqual(['activities.csv, line 3 (Third)'])
  })

  it('reports a row the CSV reader cannot parse by its line and keeps the others', async () => {
    const plan = await planStrava(csv('Activity Date,Activity Name,Elapsed Time,Distance\n', '"Jan 1, 2020, 1:00:00 PM",a"b,60,1\n', '"Jan 3, 2020, 1:00:00 PM",Third,60,1\n'), 10)
    expect(plan.errors).toEqual([{ key: 'activities.csv, line 2', code: 'export_row_invalid' }])
    expect(plan.fileless.map((activity) => activity.title)).toEqual(['Third'])
  })

  it('takes exactly the files limit of rows without an error', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => `"Jan 1, 2020, 1:00:00 PM",${i + 1},600\n`)
    const plan = await planStrava(csv('Activity Date,Distance,Elapsed Time\n', ...rows), 5)
    expect(plan.fileless).toHaveLength(5)
    expect(plan.errors).toEqual([])
    expect(planRows(plan)).toBe(5)
  })

  it("reads bikes.csv and shoes.csv as the export's gear, their rows named by their file", async () => {
    const bikes = await planStrava(csv('Bike Name,Bike Brand,Bike Model,Default Sport Types\n', 'Red,Trek,Domane,Ride\n'), 10)
    expect(bikes.gearListed).toBe(true)
    expect(bikes.gear).toMatchObject([{ type: 'Bike', label: 'Red', description: 'Trek Domane' }])
    const shoes = await planStrava(csv('Shoe Name,Shoe Brand,Shoe Model\n', ',,\n', 'Fast,Acme,Racer\n', Buffer.from([0xff, 0x2c, 0x0a])), 10)
    expect(shoes.gear).toMatchObject([{ type: 'Shoes', label: 'Acme Racer Fast' }])
    expect(shoes.errors).toEqual([{ key: 'shoes.csv, line 4', code: 'export_row_not_utf8' }])
    expect(shoes.fileless).toEqual([])
  })
})

describe("the reference tracker's user_workouts_data.json", () => {
  const workout = (fields: Record<string, unknown>) => ({ title: 'W', workout_date: '2020-01-01 10:00:00', duration: '1:00:00', distance: 10, ...fields })

  it('refuses a file that is not a JSON list, as one invalid row', () => {
    for (const bytes of [json({ workouts: [] }), Buffer.from('[{'), Buffer.from([0x5b, 0xff, 0x5d])]) {
      expect(planFitTrackee(bytes, WORKOUTS, 10).errors).toEqual([{ key: WORKOUTS, code: 'export_row_invalid' }])
    }
  })

  it("makes a workout without a file an activity from its figures: title, notes, sport, equipment, zoned and HTTP dates, seconds", () => {
    const plan = planFitTrackee(
      json([
        workout({ title: ' Hike ', notes: 'up', sport_label: 'Hiking', equipments: [{ label: 'Boots' }], workout_date: '2020-06-01T10:00:00+02:00', duration: 90.4, distance: '2.5' }),
        workout({ title: null, workout_date: 'Mon, 01 Jun 2020 10:00:00 GMT' }),
      ]),
      WORKOUTS,
      10,
    )
    expect(plan.fileless).toEqual([
      { key: `${WORKOUTS}, workout 1 (Hike)`, title: 'Hike', notes: 'up', sportId: 3, gear: ['Boots'], start: new Date('2020-06-01T08:00:00Z'), durationS: 90, distanceKm: 2.5 },
      { key: `${WORKOUTS}, workout 2`, title: null, notes: null, sportId: null, start: new Date('2020-06-01T10:00:00Z'), durationS: 3600, distanceKm: 10 },
    ])
    expect(plan.errors).toEqual([])
  })

  it('refuses, by workout, a date it cannot read and figures without a positive duration or with a negative distance', () => {
    const plan = planFitTrackee(
      json([workout({ workout_date: 'yesterday' }), workout({ workout_date: 5 }), workout({ duration: '0:00:00' }), workout({ duration: '1h' }), workout({ distance: -1 }), workout({ distance: 0, title: 'zero' })]),
      WORKOUTS,
      10,
    )
    expect(plan.errors).toEqual([
      { key: `${WORKOUTS}, workout 1 (W)`, code: 'export_row_date_invalid' },
      { key: `${WORKOUTS}, workout 2 (W)`, code: 'export_row_date_invalid' },
      { key: `${WORKOUTS}, workout 3 (W)`, code: 'export_row_figures_invalid' },
      { key: `${WORKOUTS}, workout 4 (W)`, code: 'export_row_figures_invalid' },
      { key: `${WORKOUTS}, workout 5 (W)`, code: 'export_row_figures_invalid' },
    ])
    expect(plan.fileless.map((activity) => activity.title)).toEqual(['zero'])
  })

  it('reads no more workouts than the files limit: one error names the first left out', () => {
    const plan = planFitTrackee(json([workout({}), workout({}), workout({}), workout({})]), WORKOUTS, 2)
    expect(plan.fileless).toHaveLength(2)
    expect(plan.errors).toEqual([{ key: `${WORKOUTS}, workout 3 and after`, code: 'export_too_many_rows' }])
    expect(planFitTrackee(json([workout({}), workout({})]), WORKOUTS, 2).errors).toEqual([])
  })

  it('reads its equipment file whole or refuses it whole, and no more items than the files limit', () => {
    const item = (label: string) => ({ label, description: null, equipment_type: { label: 'Bike' }, is_active: true })
    const read = planFitTrackee(json([item('A'), item('B')]), EQUIPMENT, 2)
    expect(read.gearListed).toBe(true)
    expect(read.gear.map((gear) => gear.label)).toEqual(['A', 'B'])
    expect(read.errors).toEqual([])
    const tooMany = planFitTrackee(json([item('A'), item('B'), item('C')]), EQUIPMENT, 2)
    expect([tooMany.gear, tooMany.errors]).toEqual([[], [{ key: EQUIPMENT, code: 'export_too_many_rows' }]])
    const invalid = planFitTrackee(json([item('A'), { label: 'B' }]), EQUIPMENT, 10)
    expect([invalid.gearListed, invalid.gear, invalid.errors]).toEqual([true, [], [{ key: EQUIPMENT, code: 'export_equipment_invalid' }]])
    expect(planFitTrackee(json([workout({})]), WORKOUTS, 10).gearListed).toBe(false)
  })
})

describe("Garmin's summarized activities", () => {
  const summary = (...activities: Record<string, unknown>[]) => ({ summarizedActivitiesExport: activities })

  it('refuses a summary that is not JSON by its name', () => {
    expect(planGarmin(Buffer.from('{'), 'x.json', 10).errors).toEqual([{ key: 'x.json', code: 'export_row_invalid' }])
  })

  it('reads a summary that is one group or a list of them, skipping groups without activities and activities without a start', () => {
    const one = planGarmin(json(summary({ activityId: '1234567', name: 'Run', activityType: 'running', description: 'easy', startTimeGmt: 5000 })), 'x.json', 10)
    expect(one.byStart).toEqual([{ startMs: 5000, id: '1234567', meta: { title: 'Run', notes: 'easy', sportId: 5 } }])
    const many = planGarmin(json([{ other: 1 }, summary({ name: 'no start' }, { name: 'B', startTimeGmt: 'soon' }, { activityId: { x: 1 }, name: 'C', startTimeGmt: 7000 })]), 'x.json', 10)
    expect(many.byStart).toEqual([{ startMs: 7000, id: null, meta: { title: 'C', notes: null, sportId: null } }])
    expect(many.errors).toEqual([])
  })

  it('reads no more activities than the files limit, counting them across groups', () => {
    const plan = planGarmin(json([summary({ startTimeGmt: 1 }), summary({ startTimeGmt: 2 }, { startTimeGmt: 3 }), summary({ startTimeGmt: 4 })]), 'x.json', 2)
    expect(plan.byStart.map((entry) => entry.startMs)).toEqual([1, 2])
    expect(plan.errors).toEqual([{ key: 'x.json, activity 3 and after', code: 'export_too_many_rows' }])
  })

  it('matches a file by an id of six digits or more in its name, not by a part of a longer number', () => {
    const plan = planGarmin(json([summary({ activityId: 123456, name: 'six', startTimeGmt: 0 }), summary()]), 'x.json', 10)
    expect(garminMeta(plan, 'me_123456.fit', null)?.title).toBe('six')
    expect(garminMeta(plan, 'me_1234567.fit', null)).toBeNull()
    const short = planGarmin(json(summary({ activityId: 12345, name: 'five', startTimeGmt: 0 })), 'x.json', 10)
    expect(garminMeta(short, 'me_12345.fit', null)).toBeNull()
  })
})

describe('merging plans', () => {
  it('keeps every row of both plans, the later file metadata winning, gear listed if either listed it', () => {
    const into = emptyPlan('garmin')
    into.byFile.set('a.fit', { title: 'old', notes: null, sportId: null })
    into.errors.push({ key: 'e1', code: 'export_row_invalid' })
    const more = emptyPlan('garmin')
    more.byFile.set('a.fit', { title: 'new', notes: null, sportId: null })
    more.byFile.set('b.fit', { title: 'b', notes: null, sportId: null })
    more.derived.add('c.gpx')
    more.byStart.push({ startMs: 1, id: null, meta: { title: 's', notes: null, sportId: null } })
    more.fileless.push({ key: 'k', start: new Date(0), durationS: 1, distanceKm: 0, title: null, notes: null, sportId: null })
    more.gear.push({ type: 'Bike', label: 'g', description: null, defaultSportIds: [] })
    more.gearListed = true
    more.errors.push({ key: 'e2', code: 'export_row_date_invalid' })
    const merged = mergePlans(into, more)
    expect(merged).toBe(into)
    expect([...merged.byFile].map(([file, meta]) => [file, meta.title])).toEqual([
      ['a.fit', 'new'],
      ['b.fit', 'b'],
    ])
    expect([[...merged.derived], merged.byStart.length, merged.fileless.length, merged.gear.length, merged.gearListed]).toEqual([['c.gpx'], 1, 1, 1, true])
    expect(merged.errors.map((error) => error.key)).toEqual(['e1', 'e2'])
    expect(mergePlans(emptyPlan('garmin'), emptyPlan('garmin')).gearListed).toBe(false)
    expect(planRows(merged)).toBe(2 + 1 + 1 + 1 + 2)
  })
})

describe('the edges of each layout and format', () => {
  it('knows a Garmin summary by any name holding summarizedActivities, and the export by one UploadedFiles zip among other files', () => {
    const summary = 'DI_CONNECT/DI-Connect-Fitness/me_0_summarizedActivities_part2.json'
    expect(detectExport([summary])).toEqual({ kind: 'garmin', metadata: [summary] })
    expect(detectExport(['README.txt', 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip'])).toEqual({ kind: 'garmin', metadata: [] })
    expect(isActivityPath('photos.zip.txt')).toBe(false)
  })

  it("reads Strava's date only whole: nothing before or after it, the AM/PM with or without a space", () => {
    expect(parseStravaDate('Jan 1, 2020, 1:00:00PM')?.toISOString()).toBe('2020-01-01T13:00:00.000Z')
    expect(parseStravaDate('Jan 1, 2020, 1:00:00 \u202fPM')?.toISOString()).toBe('2020-01-01T13:00:00.000Z')
    for (const bad of ['on Jan 1, 2020, 1:00:00 PM', 'Jan 1, 2020, 1:00:00 PMT', 'Jan 1, 2020, 1:00:00 PM UTC']) expect(parseStravaDate(bad)).toBeNull()
  })

  it("takes the reference tracker's sport by its exact label in any case, where the file's sport names would take another", () => {
    const labels = ['Cycling (Transport)', 'mountain biking (electric)', 'SKIING (CROSS COUNTRY)', 'Cycling (Indoor)', 'Swimming (Open Water)']
    const plan = planFitTrackee(json(labels.map((sport_label, i) => ({ title: `w${i}`, sport_label, original_file: `w${i}.gpx` }))), WORKOUTS, 10)
    expect([...plan.byFile.values()].map((meta) => meta.sportId)).toEqual([2, 7, 10, 15, 14])
  })

  it('gives each plan its layout', async () => {
    expect((await planStrava(csv('Activity Date\n'), 10)).kind).toBe('strava')
    expect(planFitTrackee(json([]), WORKOUTS, 10).kind).toBe('fittrackee')
    expect(planGarmin(json([]), 'x.json', 10).kind).toBe('garmin')
  })
})

describe("Strava's lists, read as they stream", () => {
  const HEADER = 'Activity Date,Activity Name,Elapsed Time,Distance,Filename\n'

  it('skips blank lines, reads header names padded with spaces, and gives no gear when the list has no gear column', async () => {
    const plan = await planStrava(csv(' Activity Date , Activity Name ,Elapsed Time,Distance, Filename \n', '\n', '"Jan 1, 2020, 1:00:00 PM",Run,600,1.0,activities/1.gpx\n', '\n'), 10)
    expect(plan.errors).toEqual([])
    expect([...plan.byFile]).toEqual([['activities/1.gpx', { title: 'Run', notes: null, sportId: null }]])
  })

  it('counts a row that is not UTF-8 in the files limit: past it, the cut is said instead', async () => {
    const bad = Buffer.concat([Buffer.from('"Jan 2, 2020, 1:00:00 PM",'), Buffer.from([0xff]), Buffer.from(',60,1,\n')])
    const plan = await planStrava(csv(HEADER, '"Jan 1, 2020, 1:00:00 PM",One,60,1,\n', bad), 1)
    expect(plan.errors).toEqual([{ key: 'activities.csv, line 3 and after', code: 'export_too_many_rows' }])
  })

  it('names a row of bikes.csv by its file', async () => {
    const plan = await planStrava(csv('Bike Name,Bike Brand,Bike Model\n', Buffer.from([0xff, 0x2c, 0x2c, 0x0a])), 10)
    expect(plan.errors).toEqual([{ key: 'bikes.csv, line 2', code: 'export_row_not_utf8' }])
  })

  it('closes the list once cut at the files limit, and fails with the error of a list that cannot be read', async () => {
    // An endless list: left open, it would hold its source for ever.
    const list = Readable.from(
      (function* () {
        yield Buffer.from(HEADER)
        for (let i = 0; ; i += 1) yield Buffer.from(`"Jan 1, 2020, 1:00:00 PM",${i},60,1,\n`)
      })(),
    )
    const plan = await planStrava(list, 3)
    expect(list.destroyed).toBe(true)
    list.destroy()
    expect(plan.fileless).toHaveLength(3)
    const failing = new Readable({
      read() {
        this.destroy(new Error('the disk went away'))
      },
    })
    await expect(planStrava(failing, 10)).rejects.toThrow(new Error('the disk went away'))
  })
})

describe("the reference tracker's workouts, in a server away from UTC", () => {
  /**
   * Each date's start as read by a server in New York: a date-time without a zone is the tracker's
   * UTC, and read in the server's zone it would move. In a process of its own, since a zone is
   * fixed at a process' start (a test thread cannot change it).
   */
  const startsInNewYork = (dates: unknown[]) => {
    const script = `import(${JSON.stringify(pathToFileURL(join(__dirname, 'export-archives.ts')).href)}).then(({ planFitTrackee }) => {
      const workouts = ${JSON.stringify(dates.map((workout_date) => ({ workout_date, duration: '1:00:00', distance: 1 })))}
      const plan = planFitTrackee(Buffer.from(JSON.stringify(workouts)), 'user_workouts_data.json', 10)
      console.log(JSON.stringify({ offset: new Date(2020, 0, 1).getTimezoneOffset(), starts: plan.fileless.map((activity) => activity.start.toISOString()) }))
    })`
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TZ: 'America/New_York' }, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    return JSON.parse(run.stdout) as { offset: number; starts: string[] }
  }

  it('reads a date-time without a zone as UTC, with or without its seconds and their fraction, padded or not', () => {
    const read = startsInNewYork(['2020-01-01 10:00:00', '2020-01-01T10:00', '2020-01-01 10:00:00.123456', ' 2020-01-01 10:00:00 ', '2020-01-01 10:00:00+02:00'])
    expect(read).toEqual({
      offset: 300,
      starts: ['2020-01-01T10:00:00.000Z', '2020-01-01T10:00:00.000Z', '2020-01-01T10:00:00.123Z', '2020-01-01T10:00:00.000Z', '2020-01-01T08:00:00.000Z'],
    })
  }, 20_000)
})

describe("the reference tracker's durations and entries", () => {
  it('reads durations whole only, of any number of days, padded or not, and refuses an entry that is not an object as a row', () => {
    const durations = ['10 days, 0:00:00', ' 1:00:00 ', 'about 1:00:00', '1:00:00 h', null]
    const plan = planFitTrackee(json(durations.map((duration) => ({ workout_date: '2020-01-01 10:00:00', duration, distance: 1 }))), WORKOUTS, 10)
    expect(plan.fileless.map((activity) => activity.durationS)).toEqual([864_000, 3600])
    expect(plan.errors.map((error) => error.code)).toEqual(['export_row_figures_invalid', 'export_row_figures_invalid', 'export_row_figures_invalid'])
    const odd = planFitTrackee(json([null, 5, { title: 42, workout_date: '2020-01-01 10:00:00', duration: '1:00:00', distance: 1 }]), WORKOUTS, 10)
    expect(odd.errors).toEqual([
      { key: `${WORKOUTS}, workout 1`, code: 'export_row_date_invalid' },
      { key: `${WORKOUTS}, workout 2`, code: 'export_row_date_invalid' },
    ])
    expect(odd.fileless.map((activity) => activity.title)).toEqual([null])
  })
})
