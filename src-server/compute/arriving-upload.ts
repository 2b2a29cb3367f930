import type { MessagePort } from 'node:worker_threads'
import { detectFormat } from '../importers/detect-format'
import { gpxOutings, importGpx, type GpxImport } from '../importers/gpx/gpx-importer'
import { analyseFile, type AnalysedFile, type ParseAndAnalyseOptions } from './compute-tasks'
import type { ArrivingMessage } from './protocol'

/** Bytes of a file's start that tell its format (`detectFormat` needs no more). */
const FORMAT_BYTES = 4096

/** Thrown inside the reader when the upload is given up (aborted, or too slow): the caller reads the stored file instead. */
class GivenUp extends Error {}

/**
 * An upload's bytes as the event loop posts them on `port` (blocks, then the end, then the
 * analysis' options, or an abort at any time), waited for until `deadline` (epoch ms) at most.
 */
class ArrivingBytes {
  private readonly blocks: Uint8Array[] = []
  /** Bytes of `blocks[0]` already read. */
  private readAt = 0
  private ended = false
  private aborted = false
  private options: ParseAndAnalyseOptions | null = null
  private wake: (() => void) | null = null

  constructor(
    port: MessagePort,
    private readonly deadline: number,
  ) {
    port.on('message', (message: ArrivingMessage) => {
      if (message instanceof Uint8Array) this.blocks.push(message)
      else if ('end' in message) this.ended = true
      else if ('options' in message) this.options = message.options
      else this.aborted = true
      this.wake?.()
    })
  }

  /** Waits until `ready()`; gives up past the deadline or on an abort. */
  private async until(ready: () => boolean): Promise<void> {
    for (;;) {
      if (this.aborted) throw new GivenUp()
      if (ready()) return
      const left = this.deadline - Date.now()
      if (left <= 0) throw new GivenUp()
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
    }
  }

  /** The file's first bytes (all of it when shorter), without consuming them. */
  async head(): Promise<Uint8Array> {
    await this.until(() => this.ended || this.blocks.length > 0)
    return (this.blocks[0] ?? new Uint8Array(0)).subarray(0, FORMAT_BYTES)
  }

  /** A `ByteReader` of the bytes in order, waiting for those not arrived yet. */
  readonly read = async (buffer: Uint8Array, offset: number, length: number): Promise<number> => {
    await this.until(() => this.ended || this.blocks.length > 0)
    const block = this.blocks[0]
    if (!block) return 0
    const count = Math.min(length, block.length - this.readAt)
    buffer.set(block.subarray(this.readAt, this.readAt + count), offset)
    this.readAt += count
    if (this.readAt === block.length) {
      this.blocks.shift()
      this.readAt = 0
      // A turn of this thread's loop between blocks, where an abort is received: an upload found a
      // duplicate (known at its last byte) frees its thread within a block, not after its whole parse.
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
    return count
  }

  /** The analysis' options, once the event loop knows them (after the request's other fields). */
  async analysisOptions(): Promise<ParseAndAnalyseOptions> {
    await this.until(() => this.options !== null)
    return this.options as ParseAndAnalyseOptions
  }
}

/** The GPX track of the arriving bytes, or null when they are not a GPX file the importer takes (not a reason to give up). */
async function gpxTrack(bytes: ArrivingBytes, sizeHint: number): Promise<GpxImport | null> {
  try {
    return detectFormat(await bytes.head()) === 'gpx' ? await importGpx(bytes.read, sizeHint) : null
  } catch (error) {
    if (error instanceof GivenUp) throw error
    return null
  }
}

/**
 * Parses an upload while it arrives when it is GPX, then analyses it as `parseAndAnalyse` would
 * the stored file, so the parse overlaps the transfer instead of following it. The event loop
 * hashes the bytes as they pass (see `uploads.ts`), so its duplicate check and the analysis'
 * options are done while this thread still parses. Answers null, and the caller parses the stored
 * file as usual, for anything else: another format, a file the importer refuses (its error is
 * then the file's own), an abort, or bytes and options not all there within `limitMs`: a slow
 * client holds this thread that long at most.
 */
export async function analyseArriving(port: MessagePort, sizeHint: number, limitMs: number): Promise<AnalysedFile | null> {
  const bytes = new ArrivingBytes(port, Date.now() + limitMs)
  try {
    const gpx = await gpxTrack(bytes, sizeHint)
    // As `importTrackFile` reads a GPX file: its outings, and a cut's warning.
    return gpx && (await analyseFile({ format: 'gpx', activities: gpxOutings(gpx.track), warnings: gpx.warnings }, await bytes.analysisOptions()))
  } catch (error) {
    if (error instanceof GivenUp) return null
    throw error
  } finally {
    port.close()
  }
}
