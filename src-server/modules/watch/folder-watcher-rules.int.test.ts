import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import type { AppConfig, AutomaticImportsResponse, WorkoutsListResponse } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { rides, upload } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/** The `i`th of the distinct reference rides. */
const ride = async (i: number) => String((await rides(i + 1))[i]?.data)

/** A time to stamp files with, `day` days into June 2024. */
const day = (n: number) => new Date(Date.UTC(2024, 5, n, 8))

/**
 * The watcher's rules, on one server for the whole file (its compute thread started once, so a
 * mutation run gets through): each test watches a folder of its own for an account of its own, and
 * its folder is removed after it, so the other tests' scans find it missing and take nothing from it.
 */
// More than the default times: the first test starts the compute thread, which on a loaded machine
// (a mutation run beside others' tests) took over 20 s, and so did starting the server.
describe('watched folders: what is taken, and when', { timeout: 60_000 }, () => {
  /** One folder and account per test; more than the tests, which take them in turn. */
  const SLOTS = 16
  let parent: string
  let t: TestServer
  let owner: Account
  let used = 0
  let notices: { file: string; status: string }[] = []
  /** Runs after each notice (a test removes its folder mid-scan with it). */
  let afterNotice: (() => void) | null = null
  /** How far the server's clock is ahead of the real one (a test moves it; reset after each). */
  let ahead = 0
  /** A held write of a file's entry by the watcher, once `holdEntry` asked for one. */
  let entryGate: { arrived: () => void; held: Promise<void> } | null = null
  /** Runs once at the next read of the settings: a file's take, between its check and its copy. */
  let atSettingsRead: (() => void) | null = null
  const slots = () => Array.from({ length: SLOTS }, (_, i) => ({ dir: join(parent, `watched-${i}`), username: `user${i}` }))

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-watch-rules-'))
    t = await startTestServer({
      dataDir: join(parent, 'data'),
      watchFolders: slots(),
      now: () => new Date(Date.now() + ahead),
      // Holds the watcher's write of an entry (its `store`, told by the caller on the stack) when asked.
      writeGate: async () => {
        const gate = entryGate
        if (!gate || !/\bat store \(.*folder-watcher\.ts/.test(new Error().stack ?? '')) return
        entryGate = null
        gate.arrived()
        await gate.held
      },
      onAutomaticImport: (entry) => {
        notices.push(entry)
        afterNotice?.()
      },
      hooks: {
        onStatement: (sql) => {
          const run = atSettingsRead
          if (!run || !/\bFROM "app_config"/i.test(sql)) return
          atSettingsRead = null
          run()
        },
      },
    })
    owner = await registerUser(t, 'owner')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await rm(parent, { recursive: true, force: true })
  })

  /** This test's watched folder (created) and account. */
  let folder: string
  let account: Account
  beforeEach(async () => {
    const slot = slots()[used++]
    if (!slot) throw new Error('more tests than watched folders: raise SLOTS')
    folder = slot.dir
    await mkdir(folder)
    account = await registerUser(t, slot.username, { activate: owner })
    notices = []
    afterNotice = null
  }, 30_000)
  afterEach(async () => {
    ahead = 0
    atSettingsRead = null
    await rm(folder, { recursive: true, force: true })
  })

  /** One scan, then whatever it started in the background. */
  const scan = async () => {
    await t.server.watcher.scan()
    await t.server.settled()
  }
  const automatic = async () => (await t.api<AutomaticImportsResponse>('GET', 'automatic_imports', { token: account.token })).body.data
  const entries = async () => (await automatic()).imports.map((entry) => [entry.file, entry.status, entry.code])
  const workouts = async () => (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: account.token })).body.data.workouts
  /** Holds the watcher's next write of an entry: `arrived` once it waits, until `release()`. */
  const holdEntry = () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const arrived = new Promise<void>((resolve) => (entryGate = { arrived: resolve, held }))
    return { arrived, release }
  }
  /** Writes a file stamped with `time` (a sync tool or a drive copy keeps the original's). */
  const put = async (name: string, data: string | Buffer, time: Date) => {
    await writeFile(join(folder, name), data)
    await utimes(join(folder, name), time, time)
  }

  it('takes a file only once both its size and its modification time stopped changing', async () => {
    const path = join(folder, 'synced.gpx')
    await writeFile(path, await ride(15))
    await scan()
    // A sync tool rewrites the file with the same size: its time says it is still changing.
    await utimes(path, day(1), day(1))
    await scan()
    expect(await automatic()).toEqual({ folders: [{ folder, state: 'watching' }], imports: [] })
    await scan()
    expect(await entries()).toEqual([['synced.gpx', 'imported', null]])
    expect(notices).toEqual([{ file: 'synced.gpx', status: 'imported' }])

    // Grown with its time put back (a copy that keeps times): its size says it is still changing.
    const grown = join(folder, 'grown.gpx')
    const text = await ride(17)
    await put('grown.gpx', text.slice(0, 300), day(3))
    await scan()
    await writeFile(grown, text)
    await utimes(grown, day(3), day(3))
    await scan()
    expect(notices).toHaveLength(1)
    await scan()
    expect(notices).toEqual([
      { file: 'synced.gpx', status: 'imported' },
      { file: 'grown.gpx', status: 'imported' },
    ])
  })

  it('knows a file by its path, size and time: one that comes back with all three unchanged is not taken again', async () => {
    const text = await ride(16)
    await put('back.gpx', text, day(1))
    await scan()
    await scan()
    expect(notices).toEqual([{ file: 'back.gpx', status: 'imported' }])
    // Moved away and back (a sync tool, a drive copy that keeps times): the same file.
    await rm(join(folder, 'back.gpx'))
    await scan()
    await put('back.gpx', text, day(1))
    await scan()
    await scan()
    expect(notices).toEqual([{ file: 'back.gpx', status: 'imported' }])
    // Back with another time: looked at again (and found to be the workout it already gave).
    await utimes(join(folder, 'back.gpx'), day(2), day(2))
    await scan()
    await scan()
    expect(notices).toEqual([
      { file: 'back.gpx', status: 'imported' },
      { file: 'back.gpx', status: 'duplicate' },
    ])
    // Its entry still names the workout it gave, not a duplicate of it.
    const ids = (await workouts()).map((workout) => workout.id)
    expect(ids).toHaveLength(1)
    expect((await automatic()).imports).toMatchObject([{ file: 'back.gpx', status: 'imported', workout_ids: ids }])
  })

  it('takes a file again when its size changed, even with the time it was taken at', async () => {
    await put('edited.gpx', await ride(19), day(1))
    await scan()
    await scan()
    // Another activity, one byte longer, stamped with the time the first one had.
    await put('edited.gpx', `${await ride(20)}\n`, day(1))
    await scan()
    await scan()
    expect(notices).toEqual([
      { file: 'edited.gpx', status: 'imported' },
      { file: 'edited.gpx', status: 'imported' },
    ])
    expect(await workouts()).toHaveLength(2)
  })

  it('reports the file it was about to take when the folder disappears mid-scan, saves nothing of it, and takes it once back with the same size and time', async () => {
    const [a, b] = [await ride(16), await ride(18)]
    await put('a.gpx', a, day(1))
    await put('b.gpx', b, day(2))
    await scan()
    // The folder goes away as soon as the first file is in.
    afterNotice = () => {
      afterNotice = null
      rmSync(folder, { recursive: true })
    }
    await scan()
    const gone = (await entries()).sort()
    expect(gone).toHaveLength(2)
    expect(gone.map(([, status, code]) => [status, code]).sort()).toEqual([
      ['error', 'watched_source_gone'],
      ['imported', null],
    ])
    expect(notices.map((notice) => notice.status).sort()).toEqual(['error', 'imported'])
    expect(await workouts()).toHaveLength(1)
    expect(await automatic()).toMatchObject({ folders: [{ folder, state: 'watching' }] })
    await scan()
    expect((await automatic()).folders).toEqual([{ folder, state: 'missing' }])

    // Back with the same files, times and all (a drive plugged in again): the one reported is
    // taken, the one imported is not taken again.
    await mkdir(folder)
    await put('a.gpx', a, day(1))
    await put('b.gpx', b, day(2))
    await scan()
    await scan()
    expect((await entries()).sort()).toEqual([
      ['a.gpx', 'imported', null],
      ['b.gpx', 'imported', null],
    ])
    expect(notices).toHaveLength(3)
    expect(await workouts()).toHaveLength(2)
  })

  it('takes at most 50 files a scan: files that appeared since the scan before first, then those that had just appeared, then the others', async () => {
    // Sixty files seen at one scan, all stable at the next (empty: each is refused when taken).
    await mkdir(join(folder, 'old'))
    for (let i = 0; i < 60; i++) await writeFile(join(folder, 'old', `old-${i}.gpx`), '')
    await scan()
    expect(notices).toEqual([])
    await writeFile(join(folder, 'recent.gpx'), await ride(2))
    // Node lists a folder's names sorted: the new file comes after the old ones, so what takes it
    // first is the scan's order, not the folder's.
    expect(await readdir(folder)).toEqual(['old', 'recent.gpx'])
    await scan()
    // Fifty of the sixty are taken; the new file is only seen (it may still be growing).
    expect(notices).toHaveLength(50)
    expect(new Set(notices.map((notice) => notice.file)).size).toBe(50)
    expect(notices.every((notice) => notice.file.startsWith('old-') && notice.status === 'error')).toBe(true)
    // The new file goes before the ten still waiting.
    await scan()
    expect(notices.slice(50, 51)).toEqual([{ file: 'recent.gpx', status: 'imported' }])
    expect(notices).toHaveLength(61)
    expect(new Set(notices.map((notice) => notice.file)).size).toBe(61)
    expect((await automatic()).imports.filter((entry) => entry.code === 'track_file_empty')).toHaveLength(60)
    await scan()
    expect(notices).toHaveLength(61)
  })

  it('a file that comes back as another workout it gave is that workout\'s duplicate, no longer the first one\'s import', async () => {
    const [first, second] = [await ride(4), await ride(5)]
    await put('x.gpx', first, day(1))
    await put('y.gpx', second, day(1))
    await scan()
    await scan()
    const ids = Object.fromEntries((await automatic()).imports.map((entry) => [entry.file, entry.workout_ids]))
    // x.gpx overwritten with y.gpx's bytes: the workout it gave is still there, but the file is now y's.
    await put('x.gpx', second, day(2))
    await scan()
    await scan()
    expect(Object.fromEntries((await automatic()).imports.map((entry) => [entry.file, [entry.status, entry.workout_ids]]))).toEqual({
      'x.gpx': ['duplicate', ids['y.gpx']],
      'y.gpx': ['imported', ids['y.gpx']],
    })
    expect(await workouts()).toHaveLength(2)
  })

  it('says once when a watched path is missing (not a folder) or unreadable (a loop of links), and watches it again once it is a folder', async () => {
    const said = (state: string) => t.logs.filter((line) => line === `warn watched folder ${folder} is ${state}; it is looked at again at every scan`)
    await scan()
    await rm(folder, { recursive: true })
    await writeFile(folder, 'a file where the folder was')
    await scan()
    await scan()
    expect((await automatic()).folders).toEqual([{ folder, state: 'missing' }])
    expect(said('missing')).toHaveLength(1)
    await rm(folder)
    await symlink(folder, folder)
    await scan()
    await scan()
    expect((await automatic()).folders).toEqual([{ folder, state: 'unreadable' }])
    expect(said('unreadable')).toHaveLength(1)
    await rm(folder)
    await mkdir(folder)
    await writeFile(join(folder, 'back.gpx'), await ride(6))
    await scan()
    await scan()
    expect(await automatic()).toMatchObject({ folders: [{ folder, state: 'watching' }], imports: [{ file: 'back.gpx', status: 'imported' }] })
    expect(t.logs.filter((line) => line === `info watching ${folder} for ${account.username}`)).toHaveLength(2)
  })

  it('reports nothing of a file it had taken when the folder goes away after the last file to take', async () => {
    await put('kept.gpx', await ride(8), day(1))
    await scan()
    await scan()
    await put('last.gpx', await ride(9), day(2))
    await scan()
    // Gone once the last file is in: the scan goes on to kept.gpx, which it finds gone, and stops.
    afterNotice = () => {
      afterNotice = null
      rmSync(folder, { recursive: true })
    }
    await scan()
    expect((await entries()).sort()).toEqual([
      ['kept.gpx', 'imported', null],
      ['last.gpx', 'imported', null],
    ])
    expect(notices.map((notice) => notice.file)).toEqual(['kept.gpx', 'last.gpx'])
  })

  it("looks four folders deep, never into hidden folders, and leaves hidden files (a sync tool's partial copies) alone", async () => {
    const deep = join(folder, 'Apps', 'Tracker', '2024', 'May')
    await mkdir(join(deep, 'too-deep'), { recursive: true })
    await mkdir(join(folder, '.sync-trash'))
    await writeFile(join(deep, 'deep.gpx'), await ride(1))
    await writeFile(join(deep, 'too-deep', 'deeper.gpx'), await ride(3))
    await writeFile(join(folder, '.sync-trash', 'deleted.gpx'), await ride(5))
    await writeFile(join(folder, '.partial.gpx'), await ride(7))
    await scan()
    await scan()
    expect(await entries()).toEqual([[join('Apps', 'Tracker', '2024', 'May', 'deep.gpx'), 'imported', null]])
  })

  it("reports a watched archive as interrupted when its task's report went before the watcher read it: the task ended before its entry was written, and its report was over a week old at the next archive's start", async () => {
    await put('week.zip', buildZip([{ name: 'a.gpx', data: await ride(11) }]), day(1))
    await scan()
    // The entry is written only once the task has ended (its end found no entry to settle).
    const held = holdEntry()
    const scanning = t.server.watcher.scan()
    await held.arrived
    await t.server.settled()
    held.release()
    await scanning
    // Shown as its report says while the report is there.
    expect(await entries()).toEqual([['week.zip', 'imported', null]])
    expect(notices).toEqual([])
    // Eight days on, another archive's start drops the reports over a week old (anyone's).
    ahead = 8 * 24 * 60 * 60_000
    expect((await upload(t, owner.token, 'other.zip', buildZip([{ name: 'b.gpx', data: await ride(12) }]))).status).toBe(202)
    await t.server.settled()
    expect(await entries()).toEqual([['week.zip', 'error', 'import_interrupted']])
    await scan()
    expect(await entries()).toEqual([['week.zip', 'error', 'import_interrupted']])
    expect(notices).toEqual([{ file: 'week.zip', status: 'error' }])
    // Its workout was made all the same: the report is what went.
    expect(await workouts()).toHaveLength(1)
  })

  it('a file copied again after it was found a duplicate is listed at the time it was looked at again, as its notice says; an imported one keeps the time it was imported at', async () => {
    const text = await ride(13)
    await put('first.gpx', text, day(1))
    await scan()
    await scan()
    await put('copy.gpx', text, day(2))
    await scan()
    await scan()
    const taken = Object.fromEntries((await automatic()).imports.map((entry) => [entry.file, entry.taken_at]))
    // Both copied again an hour later with other times: the same bytes, still one workout and its duplicate.
    ahead = 60 * 60_000
    const later = Date.now() + ahead
    await utimes(join(folder, 'first.gpx'), day(3), day(3))
    await utimes(join(folder, 'copy.gpx'), day(3), day(3))
    await scan()
    await scan()
    const [id] = (await workouts()).map((workout) => workout.id)
    const again = (await automatic()).imports
    expect(again.map((entry) => [entry.file, entry.status, entry.workout_ids])).toEqual([
      ['copy.gpx', 'duplicate', [id]],
      ['first.gpx', 'imported', [id]],
    ])
    expect(again[1]?.taken_at).toBe(taken['first.gpx'])
    expect(Date.parse(again[0]?.taken_at ?? '')).toBeGreaterThanOrEqual(later)
    const said = notices.map((notice) => `${notice.file} ${notice.status}`)
    expect(said.slice(0, 2)).toEqual(['first.gpx imported', 'copy.gpx duplicate'])
    expect(said.slice(2).sort()).toEqual(['copy.gpx duplicate', 'first.gpx duplicate'])
  })

  // A thousand files to write to the database: longer than the others on a loaded machine's disk.
  it('checks a backlog of more than 1,000 files 1,000 a scan, in turn: the first such scan checks the first 1,000 listed, the next goes on from the 1,001st', { timeout: 180_000 }, async () => {
    // A thousand files taken, seen at one scan, then 50 a scan: each over the single-file limit, so
    // refused before it is copied (the test stays cheap).
    const limit = async (bytes: number) =>
      expect((await t.api('PATCH', 'config', { token: owner.token, body: { max_single_file_size: bytes } })).status).toBe(200)
    const { max_single_file_size: before } = (await t.api<{ data: AppConfig }>('GET', 'config')).body.data
    onTestFinished(() => limit(before))
    await limit(1)
    await Promise.all(Array.from({ length: 1000 }, (_, i) => writeFile(join(folder, `old-${i}.gpx`), '..')))
    for (let i = 0; i < 21; i++) await scan()
    expect(notices).toHaveLength(1000)
    // A 1,001st, taken as a new file: from now on the backlog is more than a scan checks.
    await writeFile(join(folder, 'new.gpx'), '..')
    await scan()
    await scan()
    expect(notices).toHaveLength(1001)
    // The order the folder lists its files in is the order the backlog is checked in.
    const listed = await readdir(folder)
    expect(listed).toHaveLength(1001)
    const [thousandth, last] = [listed[999] ?? '', listed[1000] ?? '']
    await utimes(join(folder, thousandth), day(2), day(2))
    await scan()
    // Seen changed at the first scan, taken at the next.
    expect(notices).toHaveLength(1001)
    await scan()
    expect(notices.slice(1001)).toEqual([{ file: thousandth, status: 'error' }])
    // The last one listed is checked at the next scan over the whole backlog, then, going round, the
    // first one listed, and both are taken at the one after; the thousandth, changed again, is not
    // checked by that scan, which stops before it, but by the next, which checks a backlog of 1,000 whole.
    const first = listed[0] ?? ''
    for (const name of [first, last]) await utimes(join(folder, name), day(2), day(2))
    await utimes(join(folder, thousandth), day(3), day(3))
    await scan()
    expect(notices).toHaveLength(1002)
    await scan()
    expect(notices.slice(1002)).toEqual([
      { file: first, status: 'error' },
      { file: last, status: 'error' },
    ])
    await scan()
    expect(notices.slice(1004)).toEqual([{ file: thousandth, status: 'error' }])
  })

  it('stops the scan at a file whose folder went away while it was being taken: that file alone is reported, nothing of it is saved, and both are taken once back', async () => {
    const [a, b] = [await ride(14), await ride(10)]
    await put('a.gpx', a, day(1))
    await put('b.gpx', b, day(2))
    await scan()
    // Both stable now: the folder goes after the first file is checked, before it is copied.
    atSettingsRead = () => rmSync(folder, { recursive: true })
    await scan()
    const reported = await entries()
    expect(reported).toHaveLength(1)
    expect(reported[0]?.slice(1)).toEqual(['error', 'watched_source_gone'])
    expect(notices).toEqual([{ file: reported[0]?.[0], status: 'error' }])
    expect(await workouts()).toEqual([])
    // Back with the same files and times (a drive plugged in again): both are taken.
    await mkdir(folder)
    await put('a.gpx', a, day(1))
    await put('b.gpx', b, day(2))
    await scan()
    await scan()
    expect((await entries()).sort()).toEqual([
      ['a.gpx', 'imported', null],
      ['b.gpx', 'imported', null],
    ])
  })

  it('goes on with the other files when a file is moved away between its check and its copy while its folder stays, and reports nothing of it', async () => {
    await put('a.gpx', await ride(14), day(1))
    await put('b.gpx', await ride(10), day(2))
    await scan()
    // Both stable now, taken in the order the folder lists them: a sync tool moves the first away
    // after it was checked, before it is copied.
    const [first, second] = await readdir(folder)
    atSettingsRead = () => rmSync(join(folder, first ?? ''))
    await scan()
    expect(await entries()).toEqual([[second, 'imported', null]])
    expect(notices).toEqual([{ file: second, status: 'imported' }])
    expect((await automatic()).folders).toEqual([{ folder, state: 'watching' }])
  })
})
