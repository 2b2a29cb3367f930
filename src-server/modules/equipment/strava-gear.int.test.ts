import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Equipment, EquipmentsResponse, ImportTask, WorkoutsListResponse, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { importArchive, realFile } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

// Strava's layout (research §6): gear files without ids or distances; `Activity Gear` names a bike
// by its name and shoes as "brand model name" (just "brand model" without a nickname).
const ACTIVITIES_HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed'
const ACTIVITIES = [
  ACTIVITIES_HEADER,
  '2001,"Mar 13, 2018, 12:44:45 PM",Morning Ride,Ride,,1200,5.1,,,false,,Ox,activities/2001.gpx,,,1200,1100,5100.0,9.1',
  '2002,"Feb 15, 2017, 6:00:00 PM",Evening Run,Run,,600,2.0,,,false,,Nike Pegasus 40 Daily,activities/2002.fit.gz,,,600,590,2000.0,4.0',
  '2003,"Aug 16, 2013, 3:35:10 PM",Long run,Run,,3600,10.0,,,false,,Hoka Clifton 9,,,,3600,3600,10000.0,3.0',
  '2004,"Aug 17, 2013, 7:00:00 AM",Easy run,Run,,1800,5.0,,,false,,Nike Pegasus 40 Daily,,,,1800,1800,5000.0,3.0',
  '2005,"Aug 18, 2013, 7:00:00 AM",Ride without gear,Ride,,3600,20.0,,,false,,,,,,3600,3600,20000.0,8.0',
  // A bike named on a walk does not go with walking; gear missing from the lists links nothing.
  '2006,"Aug 19, 2013, 7:00:00 AM",Walk,Walk,,1800,3.0,,,false,,Ox,,,,1800,1800,3000.0,2.0',
  '2007,"Aug 20, 2013, 7:00:00 AM",Old shoes run,Run,,1800,4.0,,,false,,Adidas Gone 1,,,,1800,1800,4000.0,3.0',
].join('\n')
const BIKES = ['Bike Name,Bike Brand,Bike Model,Bike Default Sport Types', 'Ox,Bianchi,Advantage,Ride', 'Commuter,Gazelle,CityGo,Ride'].join('\n')
const SHOES = ['Shoe Name,Shoe Brand,Shoe Model,Shoe Default Sport Types', 'Daily,Nike,Pegasus 40,Run', ',Hoka,Clifton 9,Run'].join('\n')

async function stravaExport(withGear: boolean): Promise<Buffer> {
  return buildZip([
    { name: 'activities.csv', data: Buffer.from(ACTIVITIES), deflate: true },
    ...(withGear ? [{ name: 'bikes.csv', data: Buffer.from(BIKES) }, { name: 'shoes.csv', data: Buffer.from(SHOES) }] : []),
    { name: 'activities/2001.gpx', data: await realFile('gpx/strava.gpx'), deflate: true },
    { name: 'activities/2002.fit.gz', data: gzipSync(await realFile('fit/garmin-fenix5-run.fit')) },
  ])
}

describe('equipment from a Strava export', () => {
  let t: TestServer
  let sam: Account
  // A server for each test: on PostgreSQL each gets a new database and its migrations.
  beforeEach(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  }, 30_000)
  afterEach(() => t?.close())

  const importExport = async (archive: Buffer): Promise<ImportTask> => {
    const task = await importArchive(t, sam.token, 'export_1.zip', archive, { sport_id: SPORT_ID.hiking })
    expect(task.status).toBe('done')
    return task
  }
  const items = async (): Promise<Equipment[]> => (await t.api<EquipmentsResponse>('GET', 'equipments', { token: sam.token })).body.data.equipments
  const workouts = async (query = '') => (await t.api<WorkoutsListResponse>('GET', `workouts?per_page=100&return_equipments=true${query}`, { token: sam.token })).body.data.workouts
  const titled = async () => Object.fromEntries((await workouts()).map((workout) => [workout.title, workout]))

  /** Each item's totals against the workouts the list gives with it, and the gear each activity named. */
  async function expectGearOfActivities(): Promise<void> {
    const all = await items()
    expect(all.map((item) => [item.label, item.equipment_type.label, item.description])).toEqual([
      ['Ox', 'Bike', 'Bianchi Advantage'],
      ['Commuter', 'Bike', 'Gazelle CityGo'],
      ['Nike Pegasus 40 Daily', 'Shoes', null],
      ['Hoka Clifton 9', 'Shoes', null],
    ])
    const byTitle = await titled()
    const gearOf = (title: string) => byTitle[title]?.equipments.map((item) => item.label)
    expect(gearOf('Morning Ride')).toEqual(['Ox'])
    expect(gearOf('Evening Run')).toEqual(['Nike Pegasus 40 Daily'])
    expect(gearOf('Long run')).toEqual(['Hoka Clifton 9'])
    expect(gearOf('Easy run')).toEqual(['Nike Pegasus 40 Daily'])
    expect(gearOf('Ride without gear')).toEqual([])
    expect(gearOf('Walk')).toEqual([])
    expect(gearOf('Old shoes run')).toEqual([])
    for (const item of all) {
      const linked = await workouts(`&equipment_id=${item.id}`)
      expect(item.workouts_count, item.label).toBe(linked.length)
      expect(item.total_distance, item.label).toBeCloseTo(
        linked.reduce((sum, workout) => sum + (workout.distance ?? 0), 0),
        3,
      )
    }
    // Figures of the export itself: the typed-in long run's 10,000 m, the easy run's 5,000 m plus the run file's.
    expect(all[3]?.total_distance).toBeCloseTo(10, 3)
    expect(all[2]?.total_distance).toBeCloseTo(5 + (byTitle['Evening Run']?.distance ?? NaN), 3)
    expect(all[1]?.workouts_count).toBe(0)
  }

  it('creates the bikes and shoes and links each activity to the gear it names; a second import links, never copies', async () => {
    const task = await importExport(await stravaExport(true))
    // The gear lists are part of the export, not files that failed.
    expect(task.results.filter((result) => result.status === 'error')).toEqual([])
    expect(task.results.map((result) => result.file)).not.toContain('bikes.csv')
    await expectGearOfActivities()
    const before = await items()
    // Default Sport Types: each sport gets the first item of a type listed for it (one per type, as the API allows).
    expect(before.map((item) => [item.label, item.default_for_sport_ids])).toEqual([
      ['Ox', [SPORT_ID.cyclingSport]],
      ['Commuter', []],
      ['Nike Pegasus 40 Daily', [SPORT_ID.running]],
      ['Hoka Clifton 9', []],
    ])
    // So a run typed in afterwards gets the shoes without the user picking them.
    const run = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', { token: sam.token, body: { sport_id: SPORT_ID.running, workout_date: '2024-05-01 07:00', duration: 1800, distance: 5 } })
    expect(run.body.data.workouts[0]?.equipments.map((item) => item.label)).toEqual(['Nike Pegasus 40 Daily'])
    await t.api('DELETE', `workouts/${run.body.data.workouts[0]?.id ?? ''}`, { token: sam.token })

    const again = await importExport(await stravaExport(true))
    expect(new Set(again.results.map((result) => result.status))).toEqual(new Set(['duplicate']))
    expect(await items()).toEqual(before)
    expect(await workouts()).toHaveLength(7)
  }, 60_000)

  it('links the activities of an earlier import without gear once the export with its gear lists is imported', async () => {
    await importExport(await stravaExport(false))
    expect(await items()).toEqual([])
    expect((await workouts()).flatMap((workout) => workout.equipments)).toEqual([])
    const again = await importExport(await stravaExport(true))
    expect(new Set(again.results.map((result) => result.status))).toEqual(new Set(['duplicate']))
    await expectGearOfActivities()
  }, 60_000)

  it("gives an export's activity without gear none, not the sport's default", async () => {
    const spare = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Spare bike', equipment_type_id: 2, default_for_sport_ids: [SPORT_ID.cyclingSport] } })
    expect(spare.status).toBe(201)
    await importExport(await stravaExport(true))
    const byTitle = await titled()
    expect(byTitle['Ride without gear']?.equipments).toEqual([])
    expect(byTitle['Morning Ride']?.equipments.map((item) => item.label)).toEqual(['Ox'])
    // The user's own default for rides stays theirs: the export's bikes do not take it.
    expect((await items()).filter((item) => item.default_for_sport_ids.includes(SPORT_ID.cyclingSport)).map((item) => item.label)).toEqual(['Spare bike'])
  }, 60_000)
})
