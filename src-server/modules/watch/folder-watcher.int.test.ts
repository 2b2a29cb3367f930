import { rmSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { appendFile, chmod, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AutomaticImportsResponse, WorkoutsListResponse } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import type { FoundDevice, RememberedDevice } from './folder-watcher'
import { fixture, realFile } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/** The reference ride shifted by `hours`, so each copy is a distinct workout. */
async function ride(hours: number): Promise<string> {
  const base = (await fixture('gpx/gpx_file.gpx')).toString()
  return base.replace(/2018-03-13T(\d\d)/g, (_m, hour: string) => `2018-03-13T${String((Number(hour) + hours) % 24).padStart(2, '0')}`)
}

const runningAsRoot = process.getuid?.() === 0

describe('watched folders', () => {
  let parent: string
  let folder: string
  let t: TestServer
  let sam: Account
  let owner: Account
  let notices: { file: string; status: string }[] = []
  const start = async () => {
    t = await startTestServer({
      dataDir: join(parent, 'data'),
      watchFolders: [{ dir: folder, username: 'sam' }],
      onAutomaticImport: (entry) => notices.push(entry),
    })
  }
  const automatic = async (account: Account) => (await t.api<AutomaticImportsResponse>('GET', 'automatic_imports', { token: account.token })).body.data
  const workouts = async () => (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: sam.token })).body.data.workouts
  /** One scan, then whatever it started in the background (archive tasks). */
  const scan = async () => {
    await t.server.watcher.scan()
    await t.server.settled()
  }

  beforeEach(async () => {
    notices = []
    parent = await mkdtemp(join(tmpdir(), 'waymark-watch-'))
    folder = join(parent, 'sync')
    await mkdir(join(folder, 'phone'), { recursive: true })
    await start()
    owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
  })
  afterEach(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it('takes a file once it is stable, once, also after a restart; a file still being written waits', async () => {
    await writeFile(join(folder, 'phone', 'morning.gpx'), await ride(0))
    await scan()
    // First seen: it may still be growing, so nothing is imported yet.
    expect((await automatic(sam)).imports).toEqual([])
    await scan()
    const [first] = (await automatic(sam)).imports
    expect(first).toMatchObject({ file: join('phone', 'morning.gpx'), folder, status: 'imported', code: null })
    expect(first?.workout_ids).toEqual((await workouts()).map((workout) => workout.id))
    // The desktop shows a notification for each file taken.
    expect(notices).toEqual([{ file: 'morning.gpx', status: 'imported' }])

    // Written in two parts between scans: only taken once its size has stopped changing.
    const text = await ride(2)
    await writeFile(join(folder, 'evening.gpx'), text.slice(0, 200))
    await scan()
    await appendFile(join(folder, 'evening.gpx'), text.slice(200))
    await scan()
    expect((await automatic(sam)).imports).toHaveLength(1)
    await scan()
    expect((await automatic(sam)).imports.map((entry) => [entry.file, entry.status])).toEqual([
      ['evening.gpx', 'imported'],
      [join('phone', 'morning.gpx'), 'imported'],
    ])

    // The same bytes under another name are the same workout.
    await writeFile(join(folder, 'copy.gpx'), text)
    await scan()
    await scan()
    expect((await automatic(sam)).imports[0]).toMatchObject({ file: 'copy.gpx', status: 'duplicate', workout_ids: [expect.any(String)] })
    expect(await workouts()).toHaveLength(2)

    // A restart forgets nothing: no file is taken again.
    await t.close({ keepData: true })
    await start()
    await scan()
    await scan()
    const after = await automatic(sam)
    expect(after.imports).toHaveLength(3)
    expect(after.folders).toEqual([{ folder, state: 'watching' }])
    expect(await workouts()).toHaveLength(2)
    // Each user sees only their own folders and imports.
    expect(await automatic(owner)).toEqual({ folders: [], imports: [] })
  })

  it('a new file is taken within two scans however large the backlog: new files first, then those that just appeared, then the backlog', async () => {
    // A backlog of 3,000 files (more than a scan checks), every one takeable: empty files, refused when taken.
    await mkdir(join(folder, 'backlog'))
    await Promise.all(Array.from({ length: 3000 }, (_, i) => writeFile(join(folder, 'backlog', `old-${i}.gpx`), '')))
    await scan()
    // The first scan only notes what it sees: nothing is taken yet.
    expect((await automatic(sam)).imports).toEqual([])
    await writeFile(join(folder, 'phone', 'new.gpx'), await ride(3))
    await scan()
    // Backlog files seen at the first scan are taken now, at most 50 per scan; the new file is seen.
    expect(notices).toHaveLength(50)
    expect(notices.every((notice) => notice.file.startsWith('old-') && notice.status === 'error')).toBe(true)
    await scan()
    // Stable since the scan before, it goes before the ~950 backlog files still waiting.
    expect(notices.slice(50, 51)).toEqual([{ file: 'new.gpx', status: 'imported' }])
    expect(notices).toHaveLength(100)
    expect(await workouts()).toHaveLength(1)
  }, 60_000)

  it('imports archives and multi-activity files through the upload path, and reports refusals by code', async () => {
    await writeFile(join(folder, 'week.zip'), buildZip([{ name: 'a.gpx', data: await ride(4) }, { name: 'b.gpx', data: await ride(6) }]))
    await writeFile(join(folder, 'runs.tcx'), await realFile('tcx/multiple-runs.tcx'))
    await writeFile(join(folder, 'broken.gpx'), '<gpx><trk><trkseg><trkpt lat="1" lon="2">')
    await writeFile(join(folder, 'notes.txt'), 'not an activity')
    await scan()
    await scan()
    const byFile = Object.fromEntries((await automatic(sam)).imports.map((entry) => [entry.file, entry]))
    expect(Object.keys(byFile).sort()).toEqual(['broken.gpx', 'runs.tcx', 'week.zip'])
    expect(byFile['broken.gpx']).toMatchObject({ status: 'error', code: 'track_xml_invalid', workout_ids: [] })
    const ids = (await workouts()).map((workout) => workout.id)
    expect(byFile['week.zip']?.status).toBe('imported')
    expect(byFile['week.zip']?.workout_ids).toHaveLength(2)
    expect(byFile['runs.tcx']?.workout_ids.length).toBeGreaterThan(1)
    // The archive is announced as soon as its background task is over, once (not again at the next scan).
    expect(notices.map((notice) => `${notice.file} ${notice.status}`).sort()).toEqual(['broken.gpx error', 'runs.tcx imported', 'week.zip imported'])
    await scan()
    expect(notices).toHaveLength(3)
    expect([...(byFile['week.zip']?.workout_ids ?? []), ...(byFile['runs.tcx']?.workout_ids ?? [])].sort()).toEqual([...ids].sort())
    // The folder is never written to; temporary copies are gone.
    expect(t.logs.filter((line) => line.startsWith('error'))).toEqual([])
  })

  it('takes gzipped files and Google Earth KML and KMZ files like the upload does', async () => {
    /** A three-point Google Earth recording starting at `hour` (distinct per hour). */
    const walk = (hour: number) => {
      const at = (s: number) => `<when>2020-05-01T${String(hour).padStart(2, '0')}:00:${String(s).padStart(2, '0')}Z</when>`
      return `<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>${at(0)}${at(10)}${at(20)}<gx:coord>6 45 100</gx:coord><gx:coord>6.001 45 100</gx:coord><gx:coord>6.002 45 100</gx:coord></gx:Track></Placemark></kml>`
    }
    await writeFile(join(folder, 'run.fit.gz'), gzipSync(await realFile('fit/garmin-fenix5-run.fit')))
    await writeFile(join(folder, 'ride.gpx.gz'), gzipSync(await ride(9)))
    await writeFile(join(folder, 'walk.kml'), walk(10))
    await writeFile(join(folder, 'walk.kmz'), buildZip([{ name: 'doc.kml', data: walk(11), deflate: true }]))
    await scan()
    await scan()
    const imports = (await automatic(sam)).imports.map((entry) => `${entry.file} ${entry.status}`).sort()
    expect(imports).toEqual(['ride.gpx.gz imported', 'run.fit.gz imported', 'walk.kml imported', 'walk.kmz imported'])
    expect(await workouts()).toHaveLength(4)
  })

  it('keeps watching a folder that disappears, and takes its files when it is back', async () => {
    await rm(folder, { recursive: true })
    await scan()
    expect((await automatic(sam)).folders).toEqual([{ folder, state: 'missing' }])
    expect(t.logs.filter((line) => line.includes('is missing'))).toHaveLength(1)
    await scan()
    expect(t.logs.filter((line) => line.includes('is missing'))).toHaveLength(1)
    await mkdir(folder)
    await writeFile(join(folder, 'back.gpx'), await ride(8))
    await scan()
    await scan()
    expect(await automatic(sam)).toMatchObject({ folders: [{ folder, state: 'watching' }], imports: [{ file: 'back.gpx', status: 'imported' }] })
    // The upload limits apply: a file over the single-file limit is refused without being copied.
    await t.api('PATCH', 'config', { token: owner.token, body: { max_single_file_size: 1000 } })
    await writeFile(join(folder, 'big.gpx'), await ride(9))
    await scan()
    await scan()
    expect((await automatic(sam)).imports[0]).toMatchObject({ file: 'big.gpx', status: 'error', code: 'file_too_large' })
    expect(await readdir(join(t.dataDir, 'tmp'))).toEqual([])
  })

  it.skipIf(runningAsRoot)('reports a file it may not read, and imports it once readable', async () => {
    const path = join(folder, 'locked.gpx')
    await writeFile(path, await ride(10))
    await chmod(path, 0o000)
    await scan()
    await scan()
    expect((await automatic(sam)).imports).toMatchObject([{ file: 'locked.gpx', status: 'error', code: 'watched_file_unreadable' }])
    await chmod(path, 0o644)
    await appendFile(path, '\n')
    await scan()
    await scan()
    expect((await automatic(sam)).imports).toMatchObject([{ file: 'locked.gpx', status: 'imported' }])
  })

  it('never reads a FIFO or a link put in place of a file, and goes on watching', async () => {
    const kept = join(folder, 'kept.gpx')
    const piped = join(folder, 'piped.gpx')
    const linked = join(folder, 'linked.gpx')
    await writeFile(kept, await ride(11))
    await writeFile(piped, await ride(12))
    await writeFile(linked, await ride(13))
    await scan()
    // Swapped between two scans, once seen as stable-to-be files: reading a FIFO would wait
    // forever for a writer (the watcher and the server's stop with it).
    await rm(piped)
    execFileSync('mkfifo', [piped])
    await rm(linked)
    await symlink(join(parent, 'data', 'secret.key'), linked)
    // Issue 28's goal while the attack runs: nobody else waits a second for an answer.
    let scanned = false
    const scans = (async () => {
      await scan()
      await scan()
    })().finally(() => (scanned = true))
    let worstWaitMs = 0
    while (!scanned) {
      const since = performance.now()
      expect((await t.api('GET', 'config')).status).toBe(200)
      worstWaitMs = Math.max(worstWaitMs, performance.now() - since)
    }
    await scans
    console.info(`FIFO and link swapped in: worst /api/config wait during two scans ${worstWaitMs.toFixed(0)} ms`)
    expect(worstWaitMs).toBeLessThan(1000)
    expect((await automatic(sam)).imports.map((entry) => [entry.file, entry.status])).toEqual([['kept.gpx', 'imported']])
    await writeFile(join(folder, 'later.gpx'), await ride(14))
    await scan()
    await scan()
    expect((await automatic(sam)).imports.map((entry) => entry.file)).toEqual(['later.gpx', 'kept.gpx'])
  })

  it('holds watched files to the upload limits to the byte: a file at the single-file limit is taken, an archive is held to the archive limit', async () => {
    const single = await ride(21)
    const archive = buildZip([{ name: 'a.gpx', data: await ride(22) }, { name: 'b.gpx', data: await ride(23) }])
    expect(archive.length).toBeGreaterThan(Buffer.byteLength(single) + 1)
    await writeFile(join(folder, 'exact.gpx'), single)
    await writeFile(join(folder, 'week.zip'), archive)
    const limits = async (file: number, zip: number) =>
      expect((await t.api('PATCH', 'config', { token: owner.token, body: { max_single_file_size: file, max_zip_file_size: zip } })).status).toBe(200)
    // The archive is over its limit by a byte (and over the single-file limit by far).
    await limits(Buffer.byteLength(single), archive.length - 1)
    await scan()
    await scan()
    const byFile = async () => Object.fromEntries((await automatic(sam)).imports.map((entry) => [entry.file, [entry.status, entry.code]]))
    expect(await byFile()).toEqual({ 'exact.gpx': ['imported', null], 'week.zip': ['error', 'file_too_large'] })
    // At its limit, and touched so it is looked at again: taken.
    await limits(Buffer.byteLength(single), archive.length)
    await utimes(join(folder, 'week.zip'), new Date('2024-07-01T00:00:00Z'), new Date('2024-07-01T00:00:00Z'))
    await scan()
    await scan()
    expect(await byFile()).toEqual({ 'exact.gpx': ['imported', null], 'week.zip': ['imported', null] })
    expect(await workouts()).toHaveLength(3)
  })

  it("reports an archive whose every file was imported before as a duplicate, one with a new file among them as imported, and one whose every file is refused by its first refusal's code", async () => {
    const rides = [
      { name: 'a.gpx', data: await ride(4) },
      { name: 'b.gpx', data: await ride(6) },
    ]
    await writeFile(join(folder, 'week.zip'), buildZip(rides))
    await scan()
    await scan()
    await writeFile(join(folder, 'again.zip'), buildZip([...rides].reverse()))
    await writeFile(join(folder, 'mixed.zip'), buildZip([{ name: 'a.gpx', data: await ride(4) }, { name: 'c.gpx', data: await ride(7) }]))
    await writeFile(
      join(folder, 'broken.zip'),
      buildZip([
        { name: 'x.gpx', data: '<gpx><trk><trkseg><trkpt lat="1" lon="2">' },
        { name: 'y.gpx', data: '' },
      ]),
    )
    await scan()
    await scan()
    // An archive's outcome is announced by whoever stores it first: its task's end, or the next scan
    // when the task ended before its entry was written (the rehearsal's PostgreSQL lane once had
    // two of the three notices here). Scanning on until all four are told is the real condition.
    while (notices.length < 4) await scan()
    const byFile = Object.fromEntries((await automatic(sam)).imports.map((entry) => [entry.file, [entry.status, entry.code, entry.workout_ids.length]]))
    expect(byFile).toEqual({ 'week.zip': ['imported', null, 2], 'again.zip': ['duplicate', null, 0], 'mixed.zip': ['imported', null, 1], 'broken.zip': ['error', 'track_xml_invalid', 0] })
    expect(notices.map((notice) => `${notice.file} ${notice.status}`).sort()).toEqual(['again.zip duplicate', 'broken.zip error', 'mixed.zip imported', 'week.zip imported'])
  })
})

describe('a watched folder of an account that does not exist yet', () => {
  let parent: string
  let t: TestServer
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-watch-nobody-'))
    await mkdir(join(parent, 'sync'))
    t = await startTestServer({ dataDir: join(parent, 'data'), watchFolders: [{ dir: join(parent, 'sync'), username: 'kim' }] })
  })
  afterEach(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it('is said once in the log, and watched from the first scan after the account is made', async () => {
    const scan = async () => {
      await t.server.watcher.scan()
      await t.server.settled()
    }
    await writeFile(join(parent, 'sync', 'ride.gpx'), await ride(2))
    await scan()
    await scan()
    const said = () => t.logs.filter((line) => line.includes(`watched folder ${join(parent, 'sync')}: no user named kim`))
    expect(said()).toHaveLength(1)
    const owner = await registerUser(t, 'owner')
    const kim = await registerUser(t, 'kim', { activate: owner })
    await scan()
    await scan()
    expect(said()).toHaveLength(1)
    const data = (await t.api<AutomaticImportsResponse>('GET', 'automatic_imports', { token: kim.token })).body.data
    expect(data.folders).toEqual([{ folder: join(parent, 'sync'), state: 'watching' }])
    expect(data.imports.map((entry) => [entry.file, entry.status])).toEqual([['ride.gpx', 'imported']])
  })
})

describe('watched folders refused at start', () => {
  let parent: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-watch-refused-'))
    await mkdir(join(parent, 'data', 'uploads'), { recursive: true })
    await mkdir(join(parent, 'sync'))
  })
  afterEach(() => rm(parent, { recursive: true, force: true }))

  it.each([
    ['holds the data folder', () => parent, 'contains the data folder'],
    ['lies inside the data folder', () => join(parent, 'data', 'uploads'), 'lies inside the data folder'],
    ['reaches into the data folder through a link', () => join(parent, 'link-to-uploads'), 'lies inside the data folder'],
    ['is the data folder', () => join(parent, 'data'), 'contains the data folder'],
    ['is the root folder', () => '/', 'contains the data folder'],
  ])('refuses a watched folder that %s (it would import other users\' originals)', async (_case, dir, reason) => {
    await symlink(join(parent, 'data', 'uploads'), join(parent, 'link-to-uploads'))
    await expect(startTestServer({ dataDir: join(parent, 'data'), watchFolders: [{ dir: dir(), username: 'sam' }] })).rejects.toMatchObject({
      name: 'DataDirError',
      message: `watched folder ${dir()} ${reason} ${join(parent, 'data')}: watch a folder of its own`,
    })
  })

  it('accepts a folder named like the data folder beside it, and one folder given twice for the same account', async () => {
    const dir = join(parent, 'data-sync')
    await mkdir(dir)
    const t = await startTestServer({ dataDir: join(parent, 'data'), watchFolders: [{ dir, username: 'sam' }, { dir, username: 'sam' }] })
    await t.close()
  })

  it('refuses one folder given for two accounts', async () => {
    const dir = join(parent, 'sync')
    await expect(
      startTestServer({ dataDir: join(parent, 'data'), watchFolders: [{ dir, username: 'sam' }, { dir, username: 'kim' }] }),
    ).rejects.toMatchObject({ name: 'DataDirError', message: `watched folder ${dir} is given for both sam and kim: one account per folder` })
  })
})

describe('plugged-in watches', () => {
  let parent: string
  let t: TestServer
  let sam: Account

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-devices-'))
    await mkdir(join(parent, 'media', 'sam'), { recursive: true })
    t = await startTestServer({ dataDir: join(parent, 'data'), watchDevices: { roots: [join(parent, 'media', 'sam')], username: 'sam' } })
    const owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
  })
  afterEach(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  const scan = async () => {
    await t.server.watcher.scan()
    await t.server.settled()
  }
  const imports = async () => (await t.api<AutomaticImportsResponse>('GET', 'automatic_imports', { token: sam.token })).body.data.imports

  it('imports the activities of a mounted Garmin drive once, whatever the case of its folders, and never twice', async () => {
    const watch = join(parent, 'media', 'sam', 'GARMIN')
    await mkdir(join(watch, 'Garmin', 'Activity'), { recursive: true })
    await mkdir(join(watch, 'Garmin', 'Courses'), { recursive: true })
    await writeFile(join(watch, 'Garmin', 'Activity', 'RUN.FIT'), await realFile('fit/garmin-fenix5-run.fit'))
    await writeFile(join(watch, 'Garmin', 'Courses', 'route.fit'), await realFile('fit/garmin-fenix5-walk.fit'))
    // A drive without a known layout is left alone.
    await mkdir(join(parent, 'media', 'sam', 'USB-STICK', 'photos'), { recursive: true })
    await writeFile(join(parent, 'media', 'sam', 'USB-STICK', 'photos', 'ride.gpx'), await ride(12))
    await scan()
    await scan()
    expect((await imports()).map((entry) => [entry.file, entry.status])).toEqual([['RUN.FIT', 'imported']])
    // Unplugged, then plugged in again: nothing new, nothing twice.
    await rm(watch, { recursive: true })
    await scan()
    await mkdir(join(watch, 'Garmin', 'Activity'), { recursive: true })
    await writeFile(join(watch, 'Garmin', 'Activity', 'RUN.FIT'), await realFile('fit/garmin-fenix5-run.fit'))
    await scan()
    await scan()
    expect((await imports()).map((entry) => [entry.file, entry.status])).toEqual([['RUN.FIT', 'imported']])
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.data.workouts).toHaveLength(1)
    expect(t.logs.filter((line) => line.startsWith('warn') || line.startsWith('error'))).toEqual([])
  })

  it('asks once whose an unknown drive is, imports a remembered one into its account, never a refused one, and writes to none', async () => {
    const media = join(parent, 'media', 'sam')
    // A watch describing itself in GarminDevice.xml (unit id and model), a handheld GPS and an old Edge that do not.
    await mkdir(join(media, 'GARMIN', 'GARMIN', 'Activity'), { recursive: true })
    await writeFile(
      join(media, 'GARMIN', 'GARMIN', 'GarminDevice.xml'),
      '<?xml version="1.0" encoding="UTF-8"?><Device xmlns="http://www.garmin.com/xmlschemas/GarminDevice/v2"><Model><PartNumber>006-B3076-00</PartNumber><Description>Forerunner 245</Description></Model><Id>3988123456</Id></Device>',
    )
    await writeFile(join(media, 'GARMIN', 'GARMIN', 'Activity', 'RUN.FIT'), await realFile('fit/garmin-fenix5-run.fit'))
    await mkdir(join(media, 'ETREX', 'Garmin', 'GPX', 'Archive'), { recursive: true })
    await writeFile(join(media, 'ETREX', 'Garmin', 'GPX', 'Archive', 'walk.gpx'), await ride(14))
    await mkdir(join(media, 'EDGE', 'Garmin', 'Activities'), { recursive: true })
    await writeFile(join(media, 'EDGE', 'Garmin', 'Activities', 'ride.fit'), await realFile('fit/garmin-fenix5-walk.fit'))
    const listing = async () => (await readdir(media, { recursive: true })).sort()
    const before = await listing()

    const found: FoundDevice[] = []
    const restart = async (remembered: RememberedDevice[]) => {
      await t.close({ keepData: true })
      t = await startTestServer({ dataDir: join(parent, 'data'), watchDevices: { roots: [media], username: null, remembered }, onDeviceFound: (device) => found.push(device) })
    }
    await restart([])
    await scan()
    await scan()
    // Nobody answered for these drives yet: each is announced once, with the accounts to choose from, and nothing is read.
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'garmin:3988123456', name: 'Forerunner 245', accounts: ['owner', 'sam'] },
      { id: 'volume:EDGE', name: 'EDGE', accounts: ['owner', 'sam'] },
      { id: 'volume:ETREX', name: 'ETREX', accounts: ['owner', 'sam'] },
    ])
    expect(await imports()).toEqual([])

    found.length = 0
    await restart([
      { id: 'garmin:3988123456', username: 'sam' },
      { id: 'volume:ETREX', username: 'sam' },
      { id: 'volume:EDGE', username: null },
    ])
    await scan()
    await scan()
    expect(found).toEqual([])
    expect((await imports()).map((entry) => [entry.file, entry.status]).sort()).toEqual([
      ['RUN.FIT', 'imported'],
      ['walk.gpx', 'imported'],
    ])
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.data.workouts).toHaveLength(2)
    expect(await listing()).toEqual(before)
  })

  it('asks whose a drive plugged in before the first account was made is, once that account exists', async () => {
    const media = join(parent, 'media', 'sam')
    await mkdir(join(media, 'FENIX', 'GARMIN', 'Activity'), { recursive: true })
    const found: FoundDevice[] = []
    await t.close()
    t = await startTestServer({ dataDir: join(parent, 'fresh'), watchDevices: { roots: [media], username: null }, onDeviceFound: (device) => found.push(device) })
    await scan()
    // Nobody to offer it to yet: not asked.
    expect(found).toEqual([])
    await registerUser(t, 'kim')
    await scan()
    await scan()
    expect(found).toEqual([{ id: 'volume:FENIX', name: 'FENIX', accounts: ['kim'] }])
  })

  it('does not log a drive unplugged between being found and being read as a missing folder, and reads it once plugged in again', async () => {
    const media = join(parent, 'media', 'sam')
    const activity = join(media, 'FENIX', 'GARMIN', 'Activity')
    const plugIn = async () => {
      await mkdir(activity, { recursive: true })
      await writeFile(join(activity, 'RUN.FIT'), await realFile('fit/garmin-fenix5-run.fit'))
    }
    await plugIn()
    // Unplugged once found: at the scan's next look-up of the account, before its folder is listed.
    let unplug = false
    await t.close({ keepData: true })
    t = await startTestServer({
      dataDir: join(parent, 'data'),
      watchDevices: { roots: [media], username: 'sam' },
      hooks: {
        onStatement: (sql) => {
          if (!unplug || !/\bFROM "user"/i.test(sql)) return
          unplug = false
          rmSync(join(media, 'FENIX'), { recursive: true })
        },
      },
    })
    unplug = true
    await scan()
    expect(unplug).toBe(false)
    expect(t.logs.filter((line) => line.startsWith('warn') || line.startsWith('error'))).toEqual([])
    await plugIn()
    await scan()
    await scan()
    expect((await imports()).map((entry) => [entry.file, entry.status])).toEqual([['RUN.FIT', 'imported']])
    expect(t.logs.filter((line) => line.startsWith('warn') || line.startsWith('error'))).toEqual([])
  })

  it('reports the file being read when a drive is unplugged mid-import, goes on with the other drives, and imports it when plugged in again', async () => {
    const media = join(parent, 'media', 'sam')
    const plugIn = async (name: string, files: Record<string, string>) => {
      await mkdir(join(media, name, 'GARMIN', 'Activity'), { recursive: true })
      for (const [file, fixture] of Object.entries(files)) await writeFile(join(media, name, 'GARMIN', 'Activity', file), await realFile(fixture))
    }
    const first = { 'RUN.FIT': 'fit/garmin-fenix5-run.fit', 'WALK.FIT': 'fit/garmin-fenix5-walk.fit' }
    await plugIn('FENIX', first)
    await plugIn('EDGE', { 'RIDE.FIT': 'fit/garmin-edge500.fit' })
    let unplug: (() => void) | null = () => {
      unplug = null
      rmSync(join(media, 'FENIX'), { recursive: true })
    }
    await t.close({ keepData: true })
    t = await startTestServer({
      dataDir: join(parent, 'data'),
      watchDevices: { roots: [media], username: 'sam' },
      // The watch is unplugged as soon as its first file is in (the other drive is read at the same scan).
      onAutomaticImport: ({ file }) => {
        if (file !== 'RIDE.FIT') unplug?.()
      },
    })
    await scan()
    await scan()
    const entries = await imports()
    expect(entries.map((entry) => entry.status).sort()).toEqual(['error', 'imported', 'imported'])
    expect(entries.find((entry) => entry.status === 'error')).toMatchObject({ code: 'watched_source_gone', workout_ids: [] })
    expect(entries.find((entry) => entry.file === 'RIDE.FIT')?.status).toBe('imported')
    const workouts = async () => (await t.api<WorkoutsListResponse>('GET', 'workouts', { token: sam.token })).body.data.workouts
    expect(await workouts()).toHaveLength(2)
    expect(await readdir(join(t.dataDir, 'tmp'))).toEqual([])

    await plugIn('FENIX', first)
    await scan()
    await scan()
    expect((await imports()).map((entry) => [entry.file, entry.status]).sort()).toEqual([
      ['RIDE.FIT', 'imported'],
      ['RUN.FIT', 'imported'],
      ['WALK.FIT', 'imported'],
    ])
    expect(await workouts()).toHaveLength(3)
    expect(t.logs.filter((line) => line.startsWith('error'))).toEqual([])
  })
})
