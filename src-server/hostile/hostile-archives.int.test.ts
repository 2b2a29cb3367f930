import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportTask, ImportTaskResponse } from '../../src/contracts'
import { errorCatalogue } from '../../src/errors'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { upload, waitForImport } from '../test/workouts'
import { buildZip, type ZipEntryInput } from '../test/zip-builder'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { answeredWhile, busyWhile } from './invariants'

/** A valid GPX of two points, distinct per `n`, padded with a comment to about `padBytes`. */
function gpx(n: number, padBytes = 0): string {
  const time = (s: number) => new Date(Date.UTC(2021, 0, 1, 8) + n * 3_600_000 + s * 1000).toISOString()
  // Four letters from a cheap generator: compresses about 4:1, far under the zip-bomb ratio.
  let seed = n + 1
  const pad = Array.from({ length: padBytes }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return 'acgt'[(seed >>> 16) % 4]
  }).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="hostile" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
<trkpt lat="45.0000" lon="6.0000"><time>${time(0)}</time></trkpt><trkpt lat="45.0010" lon="${(6 + n * 0.0001).toFixed(4)}"><time>${time(60)}</time></trkpt>
</trkseg></trk><!-- ${pad} --></gpx>`
}

const count = (task: ImportTask, status: string) => task.results.filter((result) => result.status === status).length
const reasons = (task: ImportTask) => task.results.flatMap((result) => (result.status === 'error' ? [result.message] : []))

describe('hostile archives: limits apply to everything extracted (issue 14 M1)', () => {
  let parent: string
  let t: TestServer
  let user: Account
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-hostile-archives-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    user = await registerUser(t, 'owner')
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  const importArchive = async (archive: Buffer): Promise<ImportTask> => {
    const answer = await upload<ImportTaskResponse>(t, user.token, 'nested.zip', archive)
    expect(answer.status).toBe(202)
    return waitForImport(t, user.token, answer.body.data.task.id, 60_000)
  }

  it('files of nested archives count against the files-per-archive limit', async () => {
    expect((await t.api('PATCH', 'config', { token: user.token, body: { gpx_limit_import: 3 } })).status).toBe(200)
    const inner = buildZip(Array.from({ length: 9 }, (_, i): ZipEntryInput => ({ name: `inner-${i}.gpx`, data: gpx(100 + i), deflate: true })))
    const task = await importArchive(
      buildZip([
        { name: 'a.gpx', data: gpx(1) },
        { name: 'b.gpx', data: gpx(2) },
        { name: 'more.zip', data: inner },
      ]),
    )
    expect(count(task, 'imported')).toBe(3)
    expect(count(task, 'error')).toBe(8)
    expect(new Set(reasons(task))).toEqual(new Set([errorCatalogue.zip_too_many_files.message]))
    expect(task.files_done).toBe(task.files_total)
  })

  it('the archive size limit caps the bytes extracted from nested archives', async () => {
    const limit = 1_000_000
    const answer = await t.api('PATCH', 'config', {
      token: user.token,
      body: { gpx_limit_import: 100, max_single_file_size: 300_000, max_zip_file_size: limit },
    })
    expect(answer.status).toBe(200)
    // Ten files of ~150 kB in an inner archive: 1.5 MB extracted from a ~400 kB upload.
    const inner = buildZip(Array.from({ length: 10 }, (_, i): ZipEntryInput => ({ name: `big-${i}.gpx`, data: gpx(200 + i, 150_000), deflate: true })))
    const archive = buildZip([{ name: 'inner.zip', data: inner }])
    expect(archive.length).toBeLessThan(limit)
    const task = await importArchive(archive)
    const imported = count(task, 'imported')
    expect(imported).toBeGreaterThan(0)
    expect(imported * 150_000).toBeLessThanOrEqual(limit)
    expect(count(task, 'error')).toBe(10 - imported)
    expect(new Set(reasons(task))).toEqual(new Set([errorCatalogue.archive_extracted_too_large.message]))
  })

  it('an archive of archives beyond the files limit: the server busy a few seconds of it at most and answering meanwhile', async () => {
    const body = { gpx_limit_import: 6, max_single_file_size: 5_000_000, max_zip_file_size: 100_000_000 }
    expect((await t.api('PATCH', 'config', { token: user.token, body })).status).toBe(200)
    // 2 inner archives of 6 rides of 20,000 points: 6 are imported, 6 refused at the files limit.
    const archive = (day: number) =>
      buildZip(
        Array.from({ length: 2 }, (_, a): ZipEntryInput => ({
          name: `part-${a}.zip`,
          data: buildZip(
            Array.from({ length: 6 }, (_, i): ZipEntryInput => ({
              name: `ride-${i}.gpx`,
              data: rideToGpx(syntheticRide(20_000, { start: Date.UTC(2022, 0, day + a * 6 + i, 8) })),
              deflate: true,
            })),
          ),
        })),
      )
    const [first, second] = [archive(1), archive(15)]
    // Extraction, hashing and writes (the parsing is in a worker thread): 0.18 s of CPU idle. The
    // busy time includes this test's polling for the task's end.
    const { result: task, busyMs } = await busyWhile(() => importArchive(first))
    expect([count(task, 'imported'), count(task, 'error')]).toEqual([6, 6])
    expect(busyMs).toBeLessThan(5_000)

    // Other requests keep answering while the rides are read (in a worker thread).
    const { result: again, answered } = await answeredWhile(t, importArchive(second))
    expect([count(again, 'imported'), count(again, 'error')]).toEqual([6, 6])
    expect(answered).toBeGreaterThan(0)
  }, 120_000)

  it('an archive inside an archive inside the upload is refused: nesting depth stays 1', async () => {
    await t.api('PATCH', 'config', { token: user.token, body: { gpx_limit_import: 10, max_single_file_size: 1_048_576, max_zip_file_size: 10_485_760 } })
    const deepest = buildZip([{ name: 'deep.gpx', data: gpx(300) }])
    const task = await importArchive(buildZip([{ name: 'level1.zip', data: buildZip([{ name: 'level2.zip', data: deepest }]) }]))
    expect(task.results).toEqual([{ file: 'level1.zip/level2.zip', status: 'error', message: errorCatalogue.archive_nested_too_deep.message, code: 'archive_nested_too_deep' }])
  })

  it('a file whose bytes do not match what the archive lists is refused as damaged, the others imported, and nothing logged as the server’s error', async () => {
    await t.api('PATCH', 'config', { token: user.token, body: { gpx_limit_import: 10, max_single_file_size: 1_048_576, max_zip_file_size: 10_485_760 } })
    const lying = gpx(400)
    const archive = buildZip([
      { name: 'lying.gpx', data: lying, deflate: true },
      { name: 'packed.gpx.gz', data: gpx(401) },
      { name: 'fine.gpx', data: gpx(402) },
    ])
    // The first entry declares 10 bytes more than it inflates to, in its central directory and its local header.
    archive.writeUInt32LE(lying.length + 10, archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24)
    archive.writeUInt32LE(lying.length + 10, 22)
    const logged = t.logs.length
    const task = await importArchive(archive)
    const byFile = Object.fromEntries(task.results.map((result) => [result.file, result.status === 'error' ? result.code : result.status]))
    expect(byFile).toEqual({ 'lying.gpx': 'archive_entry_damaged', 'packed.gpx.gz': 'gzip_invalid', 'fine.gpx': 'imported' })
    expect(t.logs.slice(logged).filter((line) => line.startsWith('error'))).toEqual([])
  }, 60_000)
})
