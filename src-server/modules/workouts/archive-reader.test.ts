import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/errors'
import { buildZip, type ZipEntryInput } from '../../test/zip-builder'
import { createBudget, listEntries, openZip, readEntry, takeWorkout, type ArchiveLimits, type ImportBudget, type ListedEntry } from './archive-reader'

// The read step of an archive import on real archives, byte for byte (yauzl reading what buildZip wrote).
const limits: ArchiveLimits = { maxFiles: 10, maxFileBytes: 1_000, maxArchiveBytes: 5_000 }
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex')

let folder = ''
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'waymark-archive-reader-'))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

/**
 * The archive's entries as an import lists them, and what reads them; `edit` changes the archive's
 * bytes before they are written (a lying size, damaged data).
 */
async function opened(entries: readonly ZipEntryInput[], budget: ImportBudget = createBudget(limits), depth = 0, edit = (bytes: Buffer) => bytes) {
  const path = join(folder, `archive-${Math.random().toString(36).slice(2)}.zip`)
  await writeFile(path, edit(buildZip(entries)))
  const zip = await openZip(path)
  const listed = await listEntries(zip, limits, depth, budget)
  const entry = (name: string): ListedEntry => {
    const found = listed.find((item) => item.name === name)
    if (!found) throw new Error(`${name} is not listed`)
    return found
  }
  return { path, zip, listed, entry, source: { zip, limits, budget, depth } }
}

/** An archive's bytes with its first entry declaring `size` bytes, in its central directory and its local header. */
const firstEntryDeclaring =
  (size: number) =>
  (bytes: Buffer): Buffer => {
    bytes.writeUInt32LE(size, bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24)
    bytes.writeUInt32LE(size, 22)
    return bytes
  }

describe('an archive listed', () => {
  it('lists files by kind, and leaves out folders, macOS forks and dot-files but not a way up', async () => {
    const { zip, listed } = await opened([
      { name: 'ride.gpx', data: '<gpx/>' },
      { name: 'RUN.FIT.GZ', data: 'x' },
      { name: 'laps/swim.Tcx', data: 'x' },
      { name: 'more.ZIP', data: 'x' },
      { name: 'notes.txt', data: 'x' },
      { name: 'laps/', data: '' },
      { name: '__MACOSX/ride.gpx', data: 'x' },
      { name: 'laps\\bike.gpx', data: 'x' },
      { name: 'laps/.hidden.gpx', data: 'x' },
      { name: '.DS_Store', data: 'x' },
      { name: '../up.gpx', data: 'x' },
      { name: './here.gpx', data: 'x' },
    ])
    zip.close()
    expect(listed.map(({ name, kind, refusal }) => [name, kind, refusal])).toEqual([
      ['ride.gpx', 'track', null],
      ['RUN.FIT.GZ', 'track', null],
      ['laps/swim.Tcx', 'track', null],
      ['more.ZIP', 'archive', null],
      ['notes.txt', 'other', 'file_extension_not_allowed'],
      // Written with a backslash (by Windows tools), read with a slash.
      ['laps/bike.gpx', 'track', null],
      ['../up.gpx', 'track', 'archive_entry_unsafe_path'],
      ['./here.gpx', 'track', null],
    ])
  })

  it('refuses up front a link, an archive within an archive, and an entry over its size limit or inflating over 100 times', async () => {
    const exactly = 'a'.repeat(limits.maxFileBytes)
    const entries: ZipEntryInput[] = [
      { name: 'link.gpx', data: '/etc/passwd', symlink: true },
      { name: 'inner.zip', data: 'x' },
      { name: 'exactly.gpx', data: exactly },
      { name: 'over.gpx', data: `${exactly}a` },
      { name: 'over.zip', data: 'a'.repeat(limits.maxArchiveBytes + 1) },
      { name: 'archive-sized.zip', data: 'a'.repeat(limits.maxArchiveBytes) },
      // 5,000 zeros deflate to a few bytes: far over 100 times.
      { name: 'bomb.zip', data: Buffer.alloc(limits.maxArchiveBytes), deflate: true },
      { name: 'text.gpx', data: '<gpx></gpx>'.repeat(9), deflate: true },
    ]
    const top = await opened(entries)
    top.zip.close()
    const refusals = (listed: ListedEntry[]) => Object.fromEntries(listed.map(({ name, refusal }) => [name, refusal]))
    expect(refusals(top.listed)).toEqual({
      'link.gpx': 'archive_entry_symlink',
      'inner.zip': null,
      'exactly.gpx': null,
      'over.gpx': 'file_too_large',
      'over.zip': 'archive_extracted_too_large',
      'archive-sized.zip': null,
      'bomb.zip': 'archive_entry_ratio',
      'text.gpx': null,
    })
    const nested = await opened(entries, createBudget(limits), 1)
    nested.zip.close()
    // Within an archive every archive is refused as too deep, and nothing else more.
    const deep = 'archive_nested_too_deep'
    expect(refusals(nested.listed)).toEqual({ ...refusals(top.listed), 'inner.zip': deep, 'over.zip': deep, 'archive-sized.zip': deep, 'bomb.zip': deep })
  })

  it('spends one of the budget’s entries for each, folders and clutter too, and refuses more than are left', async () => {
    const entries = [
      { name: 'a.gpx', data: 'x' },
      { name: 'b/', data: '' },
      { name: '.c', data: 'x' },
    ]
    const budget: ImportBudget = { files: 10, bytes: 10_000, entries: 3 }
    const { zip } = await opened(entries, budget)
    zip.close()
    expect(budget.entries).toBe(0)
    await expect(opened(entries, { files: 10, bytes: 10_000, entries: 2 })).rejects.toThrow(new AppError('zip_too_many_files'))
  })

  it('refuses a file that is no archive, and one whose central directory is damaged', async () => {
    const notZip = join(folder, 'not.zip')
    await writeFile(notZip, 'not a zip at all, though long enough to hold an end record')
    await expect(openZip(notZip)).rejects.toThrow(new AppError('zip_invalid'))
    const bytes = buildZip([
      { name: 'a.gpx', data: 'x' },
      { name: 'b.gpx', data: 'y' },
    ])
    // The second central directory record's signature overwritten.
    const first = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bytes.writeUInt32LE(0, bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), first + 4))
    const damaged = join(folder, 'damaged.zip')
    await writeFile(damaged, bytes)
    const zip = await openZip(damaged)
    await expect(listEntries(zip, limits, 0, createBudget(limits))).rejects.toThrow(new AppError('zip_invalid'))
    zip.close()
  })
})

describe("an import's budget", () => {
  it('holds the files and bytes left of the limits after what a stopped run spent, and 10,000 entries more than files', () => {
    expect(createBudget(limits)).toEqual({ files: 10, bytes: 5_000, entries: 10_010 })
    expect(createBudget(limits, { files: 3, bytes: 1_200 })).toEqual({ files: 7, bytes: 3_800, entries: 10_010 })
  })

  it('gives a workout while one is left', () => {
    const budget: ImportBudget = { files: 2, bytes: 0, entries: 0 }
    expect([takeWorkout(budget), takeWorkout(budget), takeWorkout(budget)]).toEqual([true, true, false])
    expect(budget.files).toBe(0)
  })
})

describe('an entry read', () => {
  it('writes its bytes, stored or deflated, and answers their SHA-256; each spends its bytes and a track a workout', async () => {
    const gpx = '<gpx><trk><trkseg></trkseg></trk></gpx>'.repeat(5)
    const { zip, entry, source } = await opened([
      { name: 'stored.gpx', data: gpx },
      { name: 'deflated.gpx', data: gpx, deflate: true },
      { name: 'activities.csv', data: 'id,name\n1,ride\n' },
    ])
    expect(await readEntry(source, entry('stored.gpx'), 'track', join(folder, 'stored'))).toBe(sha256(gpx))
    expect(await readEntry(source, entry('deflated.gpx'), 'track', join(folder, 'deflated'))).toBe(sha256(gpx))
    expect(await readEntry(source, entry('activities.csv'), 'metadata', join(folder, 'meta'))).toBe(sha256('id,name\n1,ride\n'))
    zip.close()
    expect((await readFile(join(folder, 'deflated'))).toString()).toBe(gpx)
    expect(source.budget).toEqual({ files: 8, bytes: 5_000 - 2 * gpx.length - 15, entries: 10_007 })
  })

  it('reads a nested archive within the bytes left, not a file\'s limit, without spending them (its files will), and gunzips a packed track only', async () => {
    const gpx = '<gpx/>'.repeat(100)
    const packedCsv = gzipSync('id\n1\n')
    const { zip, entry, source } = await opened([
      { name: 'inner.zip', data: 'z'.repeat(1_500) },
      { name: 'ride.gpx.gz', data: gzipSync(gpx) },
      { name: 'activities.csv.gz', data: packedCsv },
    ])
    await readEntry(source, entry('inner.zip'), 'archive', join(folder, 'inner'))
    expect(source.budget.bytes).toBe(5_000)
    expect(await readEntry(source, entry('ride.gpx.gz'), 'track', join(folder, 'ride'))).toBe(sha256(gpx))
    expect(await readEntry(source, entry('activities.csv.gz'), 'metadata', join(folder, 'csv'))).toBe(sha256(packedCsv))
    zip.close()
    expect(source.budget.bytes).toBe(5_000 - gpx.length - packedCsv.length)
  })

  it('reads a track or a metadata file of exactly the limit, and a track of exactly the bytes left', async () => {
    const exactly = 'a'.repeat(limits.maxFileBytes)
    const { zip, entry, source } = await opened([
      { name: 'exactly.gpx', data: exactly },
      { name: 'exactly.csv', data: exactly },
      { name: 'rest.gpx', data: 'b'.repeat(600) },
    ])
    expect(await readEntry(source, entry('exactly.gpx'), 'track', join(folder, 'gpx'))).toBe(sha256(exactly))
    expect(await readEntry(source, entry('exactly.csv'), 'metadata', join(folder, 'csv'))).toBe(sha256(exactly))
    source.budget.bytes = 600
    expect(await readEntry(source, entry('rest.gpx'), 'track', join(folder, 'rest'))).toBe(sha256('b'.repeat(600)))
    zip.close()
    expect(source.budget.bytes).toBe(0)
  })

  it('refuses what the listing refused, a track without a workout left, and bytes over a limit, leaving no file and spending nothing', async () => {
    const { zip, entry, source } = await opened([
      { name: 'link.gpx', data: 'x', symlink: true },
      { name: 'one.gpx', data: 'x' },
      { name: 'big.gpx.gz', data: gzipSync('a'.repeat(limits.maxFileBytes + 1)) },
      { name: 'big.csv', data: 'a'.repeat(limits.maxFileBytes + 1) },
      { name: 'fits.gpx', data: 'a'.repeat(600) },
      { name: 'deflated.gpx', data: 'ab'.repeat(300), deflate: true },
    ])
    const refused = (name: string, use: 'track' | 'archive' | 'metadata') => readEntry(source, entry(name), use, join(folder, name))
    await expect(refused('link.gpx', 'track')).rejects.toThrow(new AppError('archive_entry_symlink'))
    // The packed track is larger than a file may be once gunzipped.
    await expect(refused('big.gpx.gz', 'track')).rejects.toThrow(new AppError('file_too_large'))
    await expect(refused('big.csv', 'metadata')).rejects.toThrow(new AppError('export_metadata_too_large'))
    // Over what is left of the archive's bytes: 500 left for 600.
    source.budget.bytes = 500
    await expect(refused('fits.gpx', 'track')).rejects.toThrow(new AppError('archive_extracted_too_large'))
    await expect(refused('deflated.gpx', 'track')).rejects.toThrow(new AppError('archive_extracted_too_large'))
    expect(source.budget.bytes).toBe(500)
    source.budget.files = 0
    await expect(refused('one.gpx', 'track')).rejects.toThrow(new AppError('zip_too_many_files'))
    zip.close()
    expect((await readdir(folder)).filter((name) => !name.endsWith('.zip'))).toEqual([])
  })

  it('refuses as damaged an entry inflating to more or fewer bytes than it declares, leaving no file and spending nothing', async () => {
    const gpx = '<gpx><trk><trkseg></trkseg></trk></gpx>'.repeat(5)
    for (const declared of [gpx.length - 10, gpx.length + 10]) {
      const { zip, entry, source } = await opened([{ name: 'lying.gpx', data: gpx, deflate: true }], createBudget(limits), 0, firstEntryDeclaring(declared))
      await expect(readEntry(source, entry('lying.gpx'), 'track', join(folder, 'lying'))).rejects.toThrow(new AppError('archive_entry_damaged'))
      zip.close()
      expect(source.budget.bytes).toBe(limits.maxArchiveBytes)
    }
    expect((await readdir(folder)).filter((name) => !name.endsWith('.zip'))).toEqual([])
  })

  it('refuses as damaged an entry whose stored bytes are no deflate data or end before it does, and a packed track that is no gzip as such', async () => {
    const gpx = '<gpx><trk><trkseg></trkseg></trk></gpx>'.repeat(5)
    const notDeflate = (bytes: Buffer): Buffer => bytes.fill(0xff, 30 + 'broken.gpx'.length, 30 + 'broken.gpx'.length + 4)
    const broken = await opened([{ name: 'broken.gpx', data: gpx, deflate: true }], createBudget(limits), 0, notDeflate)
    await expect(readEntry(broken.source, broken.entry('broken.gpx'), 'track', join(folder, 'broken'))).rejects.toThrow(new AppError('archive_entry_damaged'))
    broken.zip.close()
    // The archive cut short after it was listed (a file still being written): its entry's bytes end early.
    const cut = await opened([{ name: 'cut.gpx', data: gpx }])
    await truncate(cut.path, 30 + 'cut.gpx'.length + 50)
    await expect(readEntry(cut.source, cut.entry('cut.gpx'), 'track', join(folder, 'cut'))).rejects.toThrow(new AppError('archive_entry_damaged'))
    cut.zip.close()
    const packed = await opened([{ name: 'ride.gpx.gz', data: gpx }])
    await expect(readEntry(packed.source, packed.entry('ride.gpx.gz'), 'track', join(folder, 'packed'))).rejects.toThrow(new AppError('gzip_invalid'))
    packed.zip.close()
    expect((await readdir(folder)).filter((name) => !name.endsWith('.zip'))).toEqual([])
  })

  it('refuses whole an archive listing a stored entry whose stored and declared sizes differ', async () => {
    await expect(opened([{ name: 'a.gpx', data: 'abc' }], createBudget(limits), 0, firstEntryDeclaring(2))).rejects.toThrow(new AppError('zip_invalid'))
  })

  it("reads a failed entry's stored bytes to their end, so the archive's file closes with the archive", async () => {
    // 3 MB stored and 3 MB deflated, each failing at its first piece: the budget has 100 bytes left.
    const big: ArchiveLimits = { maxFiles: 10, maxFileBytes: 4_000_000, maxArchiveBytes: 8_000_000 }
    const path = join(folder, 'big.zip')
    const entries = [
      { name: 'stored.gpx', data: randomBytes(3_000_000) },
      { name: 'deflated.gpx', data: randomBytes(3_000_000), deflate: true },
      { name: 'small.gpx', data: 'small' },
    ]
    await writeFile(path, buildZip(entries))
    const zip = await openZip(path)
    const budget = createBudget(big)
    const listed = await listEntries(zip, big, 0, budget)
    const source = { zip, limits: big, budget, depth: 0 }
    const [stored, deflated, small] = listed
    if (!stored || !deflated || !small) throw new Error('three entries expected')
    budget.bytes = 100
    // Refused for the budget, not as damaged though their reading stops half-way.
    await expect(readEntry(source, stored, 'track', join(folder, 'stored'))).rejects.toThrow(new AppError('archive_extracted_too_large'))
    await expect(readEntry(source, deflated, 'track', join(folder, 'deflated'))).rejects.toThrow(new AppError('archive_extracted_too_large'))
    expect(await readEntry(source, small, 'track', join(folder, 'small'))).toBe(sha256('small'))
    // The archive's file is closed only once no entry's stream is left open: one never read to its end would hold it.
    const closed = once(zip, 'close')
    zip.close()
    await closed
  })

  it('never writes over a file already at its target', async () => {
    const { zip, entry, source } = await opened([{ name: 'ride.gpx', data: '<gpx/>' }])
    await writeFile(join(folder, 'taken'), 'already here')
    await expect(readEntry(source, entry('ride.gpx'), 'track', join(folder, 'taken'))).rejects.toMatchObject({ code: 'EEXIST' })
    zip.close()
  })
})
