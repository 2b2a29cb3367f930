import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportTask, ImportTaskResponse, WorkoutsListResponse } from '../../src/contracts'
import { errorCatalogue } from '../../src/errors'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { registerUser, type Account } from '../test/accounts'
import { startServerProcess, token, type ServerProcess } from '../test/server-process'
import { startTestServer, type TestServer } from '../test/test-server'
import { importArchive, upload, uploadForm } from '../test/workouts'
import { buildZip, type ZipEntryInput } from '../test/zip-builder'

/**
 * Issue 28: everything an import makes the server read (an export's metadata lists, its rows
 * without a file, the archive's own directory) is drawn from the import's one budget, read a file
 * at a time and parsed off the event loop. Goals: while any of these runs, no other request waits
 * a second, and the server stays under 1.5 GB.
 */
const MAX_WAIT_MS = 1000
const MAX_RSS_MB = 1500

const STRAVA_HEADER = 'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Elapsed Time,Distance'
/** A fileless row of Strava's list, distinct per `n`, padded with a description to about `bytes`. */
const stravaRow = (n: number, bytes = 0) => {
  const date = new Date(Date.UTC(2020, 0, 1) + n * 3_600_000)
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
  const hour = date.getUTCHours() % 12 || 12
  const when = `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hour}:00:00 ${date.getUTCHours() < 12 ? 'AM' : 'PM'}`
  const words = Array.from({ length: Math.max(0, Math.ceil(bytes / 8)) }, (_, i) => ((n * 7919 + i * 104_729) % 99_991).toString(36)).join(' ')
  return `${n},"${when}",Row ${n},Run,"${words}",1800,5.0,,1800,${5000 + n}`
}
const gpx = (n: number) => rideToGpx(syntheticRide(60, { start: Date.UTC(2022, 0, 1, 8) + n * 86_400_000 }))

/** A server process with its owner, and what its probe measured during one attack. */
interface Attack {
  readonly server: ServerProcess
  readonly headers: { readonly authorization: string }
}

async function startAttack(dataDir: string): Promise<Attack> {
  const server = await startServerProcess(dataDir, { loopProbe: true, warmComputeThreads: false })
  const account = { username: 'owner', email: 'owner@example.com', password: 'owner-password' }
  await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
  return { server, headers: { authorization: `Bearer ${await token(server.url, account.email, account.password)}` } }
}

async function setLimits({ server, headers }: Attack, body: Record<string, number>): Promise<void> {
  const answer = await fetch(`${server.url}/api/config`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(answer.status).toBe(200)
}

/**
 * Uploads `archive` and, until its import ends, asks `GET /api/config` again and again: the
 * longest of those waits (this side), and the server's own longest event-loop block and peak RSS
 * (its probe), with the task's end.
 */
async function attack(target: Attack, archive: Buffer): Promise<{ task: ImportTask; worstWaitMs: number; blockedMs: number; peakRssMb: number }> {
  const { server, headers } = target
  await server.loopBlocks()
  const started = await fetch(`${server.url}/api/workouts`, { method: 'POST', headers: { ...headers, prefer: 'respond-async' }, body: uploadForm('export.zip', archive) })
  expect(started.status).toBe(202)
  const { data } = (await started.json()) as ImportTaskResponse
  let worstWaitMs = 0
  for (;;) {
    const asked = performance.now()
    expect((await fetch(`${server.url}/api/config`)).status).toBe(200)
    worstWaitMs = Math.max(worstWaitMs, performance.now() - asked)
    const task = ((await (await fetch(`${server.url}/api/workouts/imports/${data.task.id}`, { headers })).json()) as ImportTaskResponse).data.task
    if (task.status === 'in_progress') continue
    const { blockedMs, peakRssMb } = await server.loopBlocks()
    console.info(`attack: worst /api/config wait ${worstWaitMs.toFixed(0)} ms, longest block ${blockedMs.toFixed(0)} ms, peak RSS ${peakRssMb.toFixed(0)} MB`)
    return { task, worstWaitMs, blockedMs, peakRssMb }
  }
}

const reasonsOf = (task: ImportTask): Record<string, string> =>
  Object.fromEntries(task.results.flatMap((result) => (result.status === 'error' ? [[result.file, result.code ?? '']] : [])))

describe('hostile exports: one budget for everything an import reads (issue 28)', () => {
  let parent: string
  let run = 0
  const servers: ServerProcess[] = []
  const fresh = async () => {
    const target = await startAttack(join(parent, `data-${(run += 1)}`))
    servers.push(target.server)
    return target
  }
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-hostile-exports-'))
  })
  afterAll(async () => {
    for (const server of servers) await server.kill()
    await rm(parent, { recursive: true, force: true })
  })

  it('a Garmin export whose 12 activity summaries inflate to 60 MB each: refused from the directory, the rest imported, nobody waits', async () => {
    const summary = Buffer.concat([Buffer.from('[{"summarizedActivitiesExport":['), Buffer.alloc(60 * 1_048_576, 0x20), Buffer.from(']}]')])
    const entries: ZipEntryInput[] = Array.from({ length: 12 }, (_, i) => ({
      name: `DI_CONNECT/DI-Connect-Fitness/owner_${i}_summarizedActivities.json`,
      data: summary,
      deflate: true,
    }))
    const archive = buildZip([...entries, { name: 'DI_CONNECT/DI-Connect-Uploaded-Files/ride.gpx', data: gpx(1), deflate: true }])
    expect(archive.length).toBeLessThan(2_000_000)
    const target = await fresh()
    const { task, blockedMs, peakRssMb } = await attack(target, archive)
    expect(task.status).toBe('done')
    const reasons = reasonsOf(task)
    // Past the files size limit (20 MiB), as a track file would be: not one byte of them is inflated.
    expect(Object.values(reasons)).toEqual(Array.from({ length: 12 }, () => 'export_metadata_too_large'))
    expect(task.results.filter((result) => result.status === 'imported').map((result) => result.file)).toEqual(['DI_CONNECT/DI-Connect-Uploaded-Files/ride.gpx'])
    expect(blockedMs).toBeLessThan(MAX_WAIT_MS)
    expect(peakRssMb).toBeLessThan(MAX_RSS_MB)
  }, 240_000)

  it('a Strava list of 60 MB of rows (files limit raised to take it): read as it streams, off the event loop, cut at the files limit', async () => {
    const target = await fresh()
    await setLimits(target, { gpx_limit_import: 200, max_single_file_size: 64 * 1_048_576, max_zip_file_size: 256 * 1_048_576 })
    const rows: string[] = [STRAVA_HEADER]
    let bytes = 0
    for (let n = 0; bytes < 60 * 1_048_576; n += 1) {
      const row = stravaRow(n, 300)
      rows.push(row)
      bytes += row.length + 1
    }
    const archive = buildZip([{ name: 'activities.csv', data: rows.join('\n'), deflate: true }])
    const { task, blockedMs, peakRssMb } = await attack(target, archive)
    expect(task.status).toBe('done')
    // 200 rows became workouts (the files limit); the rest of the list was not read.
    expect(task.results.filter((result) => result.status === 'imported')).toHaveLength(200)
    expect(reasonsOf(task)).toEqual({ 'activities.csv, line 202 and after': 'export_too_many_rows' })
    expect(blockedMs).toBeLessThan(MAX_WAIT_MS)
    expect(peakRssMb).toBeLessThan(MAX_RSS_MB)
  }, 300_000)

  it('a 200 MB activities.csv ends with "metadata file too large"; the export\'s files are imported', async () => {
    const target = await fresh()
    const row = `${stravaRow(1)}\n`
    const csv = Buffer.alloc(200 * 1_048_576 + STRAVA_HEADER.length + 1, row)
    csv.write(`${STRAVA_HEADER}\n`)
    const archive = buildZip([
      { name: 'activities.csv', data: csv, deflate: true },
      { name: 'activities/1.gpx', data: gpx(2), deflate: true },
    ])
    const { task, blockedMs, peakRssMb } = await attack(target, archive)
    expect(task).toMatchObject({ status: 'done' })
    expect(reasonsOf(task)).toEqual({ 'activities.csv': 'export_metadata_too_large' })
    expect(task.results.find((result) => result.file === 'activities.csv')).toMatchObject({ message: errorCatalogue.export_metadata_too_large.message })
    expect(task.results.filter((result) => result.status === 'imported').map((result) => result.file)).toEqual(['activities/1.gpx'])
    expect(blockedMs).toBeLessThan(MAX_WAIT_MS)
    expect(peakRssMb).toBeLessThan(MAX_RSS_MB)
  }, 240_000)
})

describe('hostile exports: rows without a file are workouts of the files budget (issue 28)', () => {
  let t: TestServer
  let owner: Account
  beforeAll(async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
    expect((await t.api('PATCH', 'config', { token: owner.token, body: { gpx_limit_import: 50 } })).status).toBe(200)
  })
  afterAll(() => t.close())

  const importExport = (archive: Buffer): Promise<ImportTask> => importArchive(t, owner.token, 'export.zip', archive, undefined, 120_000)
  const workoutCount = async () => (await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=1', { token: owner.token })).body.pagination.total

  it('40 files and 40 rows without a file under a limit of 50: 50 workouts, the other rows refused as too many', async () => {
    const before = await workoutCount()
    const csv = [STRAVA_HEADER, ...Array.from({ length: 40 }, (_, n) => stravaRow(n))].join('\n')
    const files = Array.from({ length: 40 }, (_, n): ZipEntryInput => ({ name: `activities/${n}.gpx`, data: gpx(100 + n), deflate: true }))
    const task = await importExport(buildZip([{ name: 'activities.csv', data: csv, deflate: true }, ...files]))
    expect(task.results.filter((result) => result.status === 'imported')).toHaveLength(50)
    const refused = Object.values(reasonsOf(task))
    expect(refused).toHaveLength(30)
    expect(new Set(refused)).toEqual(new Set(['zip_too_many_files']))
    expect((await workoutCount()) - before).toBe(50)
  }, 120_000)

  it('2,000 rows without a file under a limit of 50: 50 workouts, the rest of the list not read', async () => {
    const before = await workoutCount()
    const csv = [STRAVA_HEADER, ...Array.from({ length: 2000 }, (_, n) => stravaRow(10_000 + n))].join('\n')
    const task = await importExport(buildZip([{ name: 'activities.csv', data: csv, deflate: true }]))
    expect(task.results.filter((result) => result.status === 'imported')).toHaveLength(50)
    expect(reasonsOf(task)).toEqual({ 'activities.csv, line 52 and after': 'export_too_many_rows' })
    expect((await workoutCount()) - before).toBe(50)
  }, 120_000)

  it('an archive listing far more entries than it may import is refused before they are read', async () => {
    const entries = Array.from({ length: 20_000 }, (_, n): ZipEntryInput => ({ name: `clutter/${n}.txt`, data: 'x' }))
    const answer = await upload(t, owner.token, 'clutter.zip', buildZip([{ name: 'ride.gpx', data: gpx(500) }, ...entries]))
    expect(answer).toMatchObject({ status: 400, body: { code: 'zip_too_many_files' } })
  }, 60_000)
})
