import { createHash, type Hash } from 'node:crypto'
import { close, open, write } from 'node:fs'
import { rm, unlink } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { Writable, pipeline, type Readable } from 'node:stream'
import multer from '@koa/multer'
import type { Context, Middleware } from 'koa'
import { AppError } from '../../src/errors'
import type { ArrivingUpload } from '../compute/compute-pool'
import { isDiskFull } from '../lib/disk-full'
import { randomToken } from '../lib/secrets'

/**
 * Bytes of an upload gathered in memory before each write to disk (and before each hand-over to a
 * compute thread). The network's 64 KiB chunks written one by one cost a 12 MB file ~190 writes
 * and their callbacks on the event loop; in blocks of 1 MiB it takes 12.
 */
const BLOCK_BYTES = 1 << 20

/** An uploaded file as stored: where, its size, and the SHA-256 of its bytes when asked for. */
export interface StoredUpload {
  path: string
  originalname: string
  size: number
  /** Hex SHA-256 of the bytes, computed as they arrived (see `singleFileUpload`'s `hashWhen`). */
  sha256?: string | undefined
  /** The file as a compute thread reads it while it arrived (see `singleFileUpload`'s `readWhile`). */
  arriving?: ArrivingUpload | undefined
}

/**
 * What the storage does with each file besides writing it, by its name: hash it, and hand its
 * bytes to a compute thread as they arrive (`sizeHint`: the request's length).
 */
export interface UploadTaps {
  readonly hashWhen: (name: string) => boolean
  readonly readWhile?: (name: string, sizeHint: number) => ArrivingUpload | null
}

/**
 * An upload's file written to `path` block by block ({@link BLOCK_BYTES}), hashed as it passes when
 * `hash` is given, each block then moved to `arriving`'s thread (one copy of the bytes in all:
 * network chunk to block), or else filled again.
 */
class BlockSpool extends Writable {
  bytesWritten = 0
  /** The open file, -1 until opened and once closed. */
  private fd = -1
  private block = Buffer.allocUnsafeSlow(BLOCK_BYTES)
  private used = 0
  private writing = false
  /** Set when destroyed during a write: the file is closed once the write is back (its descriptor could be reused meanwhile). */
  private closeAfterWrite: (() => void) | null = null

  constructor(
    private readonly path: string,
    readonly hash: Hash | null,
    private readonly arriving: ArrivingUpload | null,
  ) {
    super({ highWaterMark: BLOCK_BYTES })
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.path, 'w', (error, fd) => {
      if (!error) this.fd = fd
      callback(error)
    })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, next: (error?: Error | null) => void): void {
    this.hash?.update(chunk)
    let at = 0
    const fill = (error?: Error | null) => {
      if (error) return next(error)
      while (at < chunk.length) {
        const count = chunk.copy(this.block, this.used, at)
        this.used += count
        at += count
        if (this.used === this.block.length) return this.flush(fill)
      }
      next()
    }
    fill()
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.used > 0) this.flush(callback)
    else callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const closeFile = () => {
      if (this.fd < 0) return callback(error)
      close(this.fd, (closing) => callback(error ?? closing))
      this.fd = -1
    }
    if (this.writing) this.closeAfterWrite = closeFile
    else closeFile()
  }

  /** Writes the block's bytes whole (a short write goes on from where it stopped), then hands it on. */
  private flush(done: (error?: Error | null) => void): void {
    const bytes = this.block.subarray(0, this.used)
    const from = (offset: number) => {
      this.writing = true
      write(this.fd, bytes, offset, bytes.length - offset, null, (error, written) => {
        this.writing = false
        if (this.destroyed) return this.closeAfterWrite?.()
        if (error) return done(error)
        if (offset + written < bytes.length) return from(offset + written)
        this.bytesWritten += bytes.length
        this.used = 0
        if (!this.arriving) return done()
        this.arriving.take(bytes)
        this.block = Buffer.allocUnsafeSlow(BLOCK_BYTES)
        done()
      })
    }
    from(0)
  }
}

/** Unlinks `path` once `out` has let the file go (Windows refuses to remove an open file). */
function removeOnceClosed(out: Writable | undefined, path: string, done: (error: Error | null) => void): void {
  const remove = () => void unlink(path).then(() => done(null), (error: unknown) => done((error as { code?: string }).code === 'ENOENT' ? null : (error as Error)))
  if (!out || out.closed) return remove()
  out.once('close', remove)
  out.destroy()
}

/**
 * A multer storage engine writing the file under `tmpDir`, and hashing it on the way when
 * `hashWhen(originalName)` says so, so that the import does not read the file again to hash it
 * (and handing its bytes to a compute thread as they pass, see {@link UploadTaps}).
 */
function hashingDiskStorage(tmpDir: string, { hashWhen, readWhile }: UploadTaps): multer.StorageEngine {
  const streams = new WeakMap<object, Writable>()
  const engine = {
    _handleFile(req: IncomingMessage, file: multer.File, done: (error?: unknown, info?: Partial<StoredUpload>) => void) {
      const path = join(tmpDir, `upload-${randomToken()}`)
      const source = (file as multer.File & { stream: Readable }).stream
      const arriving = readWhile?.(file.originalname, Number(req.headers['content-length']) || 0) ?? null
      // Hashed here even while a thread parses the file: the thread's parse is the slower of the two
      // (a 50k-point GPX: ~45 ms, ~10 more when it hashed too, against ~25 ms for this receipt), so
      // the duplicate check and the analysis' options are ready at the last byte, not after the parse.
      const out = new BlockSpool(path, hashWhen(file.originalname) ? createHash('sha256') : null, arriving)
      streams.set(file, out)
      pipeline(source, out, (error) => {
        if (!error) {
          arriving?.end()
          return done(null, { path, size: out.bytesWritten, sha256: out.hash?.digest('hex'), arriving: arriving ?? undefined })
        }
        arriving?.abort()
        // Stored nothing, as multer expects of a failed engine: the partial file goes.
        removeOnceClosed(out, path, () => done(error))
      })
    },
    _removeFile(_req: IncomingMessage, file: multer.File, done: (error: Error | null) => void) {
      ;(file as multer.File & StoredUpload).arriving?.abort()
      removeOnceClosed(streams.get(file), file.path, done)
    },
  }
  // The types ask for a whole file description back; multer merges what an engine gives into its own.
  return engine as unknown as multer.StorageEngine
}

/**
 * Streams the `file` field of a multipart request to the data folder's `tmp/` (never whole into
 * memory: see {@link BLOCK_BYTES}), refusing it past `maxBytes` while it streams, and hashing it as it arrives when
 * `hashWhen` says so for its name. Handlers move the file where it belongs; whatever is still in
 * `tmp/` when the request ends is deleted, success or failure. A full disk, while the file arrives or
 * while the handler stores what it makes, answers `disk_full` (507).
 */
export function singleFileUpload(tmpDir: string, maxBytes: () => Promise<number>, taps: UploadTaps = { hashWhen: () => false }): Middleware {
  const storage = hashingDiskStorage(tmpDir, taps)
  return async (ctx, next) => {
    const limit = await maxBytes()
    const upload = multer({ storage, limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } })
    try {
      await upload.single('file')(ctx, next)
    } catch (error) {
      // No space for the upload or what it makes (its file, its rows): a state the user can act on, not a crash.
      throw isDiskFull(error, tmpDir) ? new AppError('disk_full') : error
    } finally {
      // A file the handler did not have analysed as it arrived frees its thread (no effect otherwise).
      ;(ctx.file as StoredUpload | undefined)?.arriving?.abort()
      if (ctx.file?.path) await rm(ctx.file.path, { force: true })
    }
  }
}

/**
 * The uploaded `file` of a multipart request, or the catalogued reason there is none. A part sent
 * without a file name is dropped by the multipart parser, so "nothing selected" shows as an
 * empty file.
 */
export function uploadedFile(ctx: Context): StoredUpload {
  if (!ctx.is('multipart')) throw new AppError('no_file_part')
  const file = ctx.file as (multer.File & Pick<StoredUpload, 'sha256' | 'arriving'>) | undefined
  if (!file) throw new AppError('no_file_part')
  if (!file.originalname || file.size === 0) throw new AppError('no_selected_file')
  return file
}
