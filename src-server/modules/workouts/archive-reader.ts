import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { extname } from 'node:path'
import { PassThrough, Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createInflateRaw } from 'node:zlib'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { AppError, type ErrorCode } from '../../../src/errors'
import { trackExtension } from './workout-import'
import { removeFiles } from './workout-files'

/**
 * The read step of an archive import: the one way an import reads an archive's bytes or makes a
 * workout, each drawn from the import's {@link ImportBudget}. Track files, nested archives and an
 * export's metadata files are read by {@link readEntry}, which applies the entry's refusals (path,
 * link, nesting, size, compression ratio) itself, so no caller can read around them; rows of an
 * export that become workouts without a file take their place with {@link takeWorkout}.
 */

/** Entries that decompress more than this many times their stored size are refused (zip bombs). */
const MAX_COMPRESSION_RATIO = 100
/** An archive may hold archives, but those may not hold more. */
const MAX_NESTING = 1
/**
 * Entries an import lists beyond the files it may import (clutter, an export's photos and lists):
 * each costs memory while listed and a line in the report, so a central directory of a million
 * entries is refused rather than read.
 */
const MAX_OTHER_ENTRIES = 10_000

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

/** Limits from the application settings, read when the upload arrives. */
export interface ArchiveLimits {
  /** Files that may become workouts, nested archives' files and an export's rows without a file included. */
  maxFiles: number
  /** Largest file read: each track file, and each metadata file of an export. */
  maxFileBytes: number
  /** Bytes that may be extracted from the archive in all (the archive size limit of the settings). */
  maxArchiveBytes: number
}

/**
 * What is left of an import's limits while it runs: one budget per upload, shared by its nested
 * archives and its export's metadata, so packing files into inner archives or lists buys nothing
 * (issue 14 M1, issue 28). CPU and memory of the metadata are bounded by its thread (see
 * `ComputePool.readExportMetadata`), and its rows by the files limit (see `planRows`).
 */
export interface ImportBudget {
  /** Workouts that may still be made (track files, rows without a file). */
  files: number
  /** Bytes that may still be extracted. */
  bytes: number
  /** Entries that may still be listed (nested archives' included). */
  entries: number
}

/** A fresh budget for an import under `limits`, less what a stopped run of it already spent. */
export function createBudget(limits: ArchiveLimits, spent: { files: number; bytes: number } = { files: 0, bytes: 0 }): ImportBudget {
  return { files: limits.maxFiles - spent.files, bytes: limits.maxArchiveBytes - spent.bytes, entries: limits.maxFiles + MAX_OTHER_ENTRIES }
}

/** Takes one workout from the budget; false when none is left (the file or row is refused as too many). */
export function takeWorkout(budget: ImportBudget): boolean {
  if (budget.files <= 0) return false
  budget.files -= 1
  return true
}

/** An entry of an archive as listed in its central directory, before anything is extracted. */
export interface ListedEntry {
  entry: Entry
  name: string
  /** Why the entry is refused as a track file or a nested archive without being read, or null. */
  refusal: ErrorCode | null
  kind: 'track' | 'archive' | 'other'
}

/** How an entry is read: each has its own size limit and refusal. */
type EntryUse = 'track' | 'archive' | 'metadata'

/** System clutter (macOS resource forks, dot-files) is skipped silently; `..` is not clutter but an attack. */
const isHidden = (name: string) =>
  name.split('/').some((part) => part === '__MACOSX' || (part.startsWith('.') && part !== '.' && part !== '..'))

export function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(new AppError('zip_invalid')) : resolve(zip),
    )
  })
}

/** Why an entry may not be read for `use`, from its central directory record alone, or null. */
function refusalOf(entry: Entry, name: string, use: EntryUse | 'other', limits: ArchiveLimits, depth: number): ErrorCode | null {
  if (yauzl.validateFileName(name) !== null) return 'archive_entry_unsafe_path'
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return 'archive_entry_symlink'
  if (use === 'other') return 'file_extension_not_allowed'
  if (use === 'archive' && depth >= MAX_NESTING) return 'archive_nested_too_deep'
  if (entry.uncompressedSize > limits.maxArchiveBytes) return 'archive_extracted_too_large'
  if (use === 'metadata' && entry.uncompressedSize > limits.maxFileBytes) return 'export_metadata_too_large'
  if (use === 'track' && entry.uncompressedSize > limits.maxFileBytes) return 'file_too_large'
  if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > MAX_COMPRESSION_RATIO) return 'archive_entry_ratio'
  return null
}

/**
 * Reads the central directory: names, sizes and the reasons to refuse entries up front. Each entry
 * listed spends one of the budget's entries; an archive with more than are left is refused whole.
 */
export function listEntries(zip: ZipFile, limits: ArchiveLimits, depth: number, budget: ImportBudget): Promise<ListedEntry[]> {
  return new Promise((resolve, reject) => {
    // The end record says how many entries there are: too many is refused before any is read.
    if (zip.entryCount > budget.entries) return reject(new AppError('zip_too_many_files'))
    const listed: ListedEntry[] = []
    zip.on('error', () => reject(new AppError('zip_invalid')))
    zip.on('end', () => resolve(listed))
    zip.on('entry', (entry: Entry) => {
      budget.entries -= 1
      if (budget.entries < 0) return reject(new AppError('zip_too_many_files'))
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false)
      const kind = trackExtension(name) ? 'track' : extname(name).toLowerCase() === '.zip' ? 'archive' : 'other'
      if (!name.endsWith('/') && !isHidden(name)) listed.push({ entry, name, refusal: refusalOf(entry, name, kind, limits, depth), kind })
      zip.readEntry()
    })
    zip.readEntry()
  })
}

/** Largest piece an entry is inflated in: a 2,000-point track (~400 kB) is one piece. */
const MAX_INFLATE_CHUNK = 1 << 20

/** Pieces of about the entry's size (zlib's 16 kB default costs a callback and a write each). */
const inflateChunk = (size: number) => Math.min(MAX_INFLATE_CHUNK, Math.max(64 * 1024, size + 1))

/** Fails a stream that gives more or fewer bytes than its entry declares (what yauzl checks only when it inflates). */
function declaredSize(expected: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(seen > expected ? new AppError('archive_entry_damaged') : null, chunk)
    },
    flush(done) {
      done(seen < expected ? new AppError('archive_entry_damaged') : null)
    },
  })
}

/** Reads a stream to its end, discarding it (see `readEntry`: never destroyed mid-read). */
function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    stream.once('end', resolve).once('error', () => resolve()).once('close', resolve)
    stream.unpipe()
    stream.resume()
  })
}

/** Where an entry is read from and under which limits (the import's). */
export interface EntrySource {
  zip: ZipFile
  limits: ArchiveLimits
  budget: ImportBudget
  /** Nesting depth of the archive the entry is in (0: the upload). */
  depth: number
}

/**
 * Extracts one entry to `target` for `use`, after its refusals (see {@link refusalOf}; a track file
 * also takes its workout from the budget), never writing more than it declared, than the size
 * limit of its use, or than what is left of the import's bytes, which it spends (a nested archive
 * is bounded by them but does not spend them: its files do, as they are extracted, so temporary
 * space stays under twice the limit). A refused or damaged entry leaves no file and spends nothing.
 * A `.gz` track is limited by its decompressed size: the guard counts what gunzip gives.
 * @returns the SHA-256 of the bytes written, hashed as they pass (the file is not read again for it)
 */
export async function readEntry(source: EntrySource, item: ListedEntry, use: EntryUse, target: string): Promise<string> {
  const { zip, limits, budget, depth } = source
  const { entry } = item
  const refusal = refusalOf(entry, item.name, use, limits, depth)
  if (refusal) throw new AppError(refusal)
  if (use === 'track' && !takeWorkout(budget)) throw new AppError('zip_too_many_files')
  const spent = use === 'archive' ? { ...budget } : budget
  const maxBytes = use === 'archive' ? budget.bytes : limits.maxFileBytes
  const tooLarge: ErrorCode = use === 'archive' ? 'archive_extracted_too_large' : use === 'metadata' ? 'export_metadata_too_large' : 'file_too_large'
  // A deflated entry is read as stored and inflated here, in pieces of its size; anything else
  // (stored, encrypted, other methods) as yauzl decodes or refuses it.
  const deflated = entry.compressionMethod === 8 && !entry.isEncrypted()
  const raw = await zip.openReadStreamPromise(entry, deflated ? { decodeFileData: false } : {})
  // The entry's stream is never destroyed mid-read: yauzl queues each read of an archive's entries
  // in turn, and a stream destroyed with a read queued crashes the process when the read comes
  // (its file descriptor is gone). A failed extraction reads the rest of the stored bytes instead.
  const stream = raw.pipe(new PassThrough({ highWaterMark: MAX_INFLATE_CHUNK }))
  // Bad bytes are the file's fault, not the server's: a stored entry that ends early, deflate
  // data that is none, a packed track that is no gzip. Other errors keep their own (a full disk).
  raw.once('error', () => stream.destroy(new AppError('archive_entry_damaged')))
  const badBytes = new Map<unknown, ErrorCode>()
  /** zlib's own errors (codes `Z_…`) as `code`; errors a pipeline's failure passes to it are another part's. */
  const zlibFailsAs = <T extends Transform>(part: T, code: ErrorCode): T =>
    part.once('error', (error: NodeJS.ErrnoException) => error.code?.startsWith('Z_') && badBytes.set(error, code))
  const chunkSize = inflateChunk(Math.min(entry.uncompressedSize, maxBytes))
  const inflate = deflated ? [zlibFailsAs(createInflateRaw({ chunkSize }), 'archive_entry_damaged')] : []
  const gunzip = use === 'track' && item.name.toLowerCase().endsWith('.gz')
  const unpack = gunzip ? [zlibFailsAs(createGunzip({ chunkSize: MAX_INFLATE_CHUNK }), 'gzip_invalid')] : []
  const hash = createHash('sha256')
  let written = 0
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      written += chunk.length
      // Spent as it is written, so entries extracted at the same time share one budget.
      spent.bytes -= chunk.length
      if (spent.bytes < 0) done(new AppError('archive_extracted_too_large'))
      else done(written > maxBytes ? new AppError(tooLarge) : null, chunk)
    },
  })
  try {
    // Stored bytes are counted too: yauzl reads a stored entry of an archive cut short since it was listed to where the file ends.
    await pipeline([stream, ...inflate, declaredSize(entry.uncompressedSize), ...unpack, guard, createWriteStream(target, { flags: 'wx' })])
  } catch (error) {
    // A refused entry leaves nothing behind: its bytes are not spent.
    spent.bytes += written
    await Promise.all([removeFiles([target]), drain(raw)])
    const code = badBytes.get(error)
    throw code ? new AppError(code) : error
  }
  return hash.digest('hex')
}
