import { createReadStream, createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { extname } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { AppError, isAppError } from '../../../src/errors'

/**
 * Track files that arrive packed: `ride.fit.gz` (any track file gzipped, as Strava's exports hold
 * them) and `.kmz` (Google Earth's zip around one KML document). Both are unpacked to a plain file
 * before the import reads it, never into memory, and never past the single-file size limit: the
 * limit applies to what decompression gives, not to the packed bytes.
 */

/** The name a packed file stands for: `ride.fit.gz` → `ride.fit`, `trip.kmz` → `trip.kml`; others unchanged. */
export function unpackedName(name: string): string {
  const lower = name.toLowerCase()
  if (lower.endsWith('.gz')) return name.slice(0, -3)
  if (lower.endsWith('.kmz')) return `${name.slice(0, -4)}.kml`
  return name
}

/** Counts the bytes passing through and stops the stream once they exceed `maxBytes`. */
function sizeGuard(maxBytes: number): Transform {
  let written = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length
      done(written > maxBytes ? new AppError('file_too_large') : null, chunk)
    },
  })
}

/** Streams `source` through `steps` into a new file `target`; on any failure the target is removed. */
async function writeCapped(source: Readable, steps: Transform[], target: string, maxBytes: number): Promise<void> {
  try {
    await pipeline([source, ...steps, sizeGuard(maxBytes), createWriteStream(target, { flags: 'wx' })])
  } catch (error) {
    await rm(target, { force: true })
    throw error
  }
}

/**
 * Decompresses a gzip file into `target`.
 * @throws AppError `file_too_large` past `maxBytes` decompressed, `gzip_invalid` when the file is
 *   not gzip or is damaged or cut short
 */
async function gunzipFile(source: string, target: string, maxBytes: number): Promise<void> {
  try {
    await writeCapped(createReadStream(source), [createGunzip()], target, maxBytes)
  } catch (error) {
    // zlib reports a wrong header, bad data and a cut-off stream as Z_* errors.
    if (!isAppError(error) && /^Z_/.test(String((error as { code?: unknown }).code))) throw new AppError('gzip_invalid')
    throw error
  }
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(new AppError('zip_invalid')) : resolve(zip),
    )
  })
}

/** The KML document of a KMZ: `doc.kml` at the root by convention, else the first `.kml` entry. */
function kmlEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    let first: Entry | null = null
    zip.on('error', () => reject(new AppError('zip_invalid')))
    zip.on('end', () => resolve(first))
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName
      if (!name.endsWith('/') && extname(name).toLowerCase() === '.kml') {
        if (name.toLowerCase() === 'doc.kml') {
          resolve(entry)
          return
        }
        first ??= entry
      }
      zip.readEntry()
    })
    zip.readEntry()
  })
}

/**
 * Extracts the KML document of a KMZ file into `target` (its images and other entries are ignored).
 * @throws AppError `zip_invalid` for a damaged zip, `kmz_no_kml` when it holds no KML document,
 *   `file_too_large` when the document is larger than `maxBytes`
 */
async function extractKmz(source: string, target: string, maxBytes: number): Promise<void> {
  const zip = await openZip(source)
  try {
    const entry = await kmlEntry(zip)
    if (!entry) throw new AppError('kmz_no_kml')
    if (entry.uncompressedSize > maxBytes) throw new AppError('file_too_large')
    const stream = await zip.openReadStreamPromise(entry).catch(() => {
      throw new AppError('zip_invalid')
    })
    await writeCapped(stream, [], target, maxBytes).catch((error: unknown) => {
      throw isAppError(error) ? error : new AppError('zip_invalid')
    })
  } finally {
    zip.close()
  }
}

/** Unpacks a `.gz` or `.kmz` file (by its name, see {@link unpackedName}) to `target`. */
export async function unpackTrackFile(source: string, name: string, target: string, maxBytes: number): Promise<void> {
  if (name.toLowerCase().endsWith('.kmz')) await extractKmz(source, target, maxBytes)
  else await gunzipFile(source, target, maxBytes)
}
