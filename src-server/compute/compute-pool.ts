import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { Bounds, LatLon } from '../../src/domain/analysis'
import { AppError } from '../../src/errors'
import { TrackFileError } from '../importers/track-file-error'
import type { ExportKind, ExportPlan } from '../modules/workouts/export-archives'
import type { AnalysedActivity, AnalysedFile, ExportGpxOptions, ParseAndAnalyseOptions, TileImage } from './compute-tasks'
import { WARMED_UP, type ArrivingMessage, type ComputeReply, type ComputeRequest, type ComputeWorkerData, type WireAnalysedFile, type WireError } from './protocol'

/**
 * Parsing, analysis and map drawing run here, in worker threads, so the event loop only
 * coordinates: a 20 MB upload parsing for seconds no longer holds up anybody's requests. (A
 * Koa server has one event loop; any synchronous work over a few milliseconds delays every other
 * request by as much.)
 */
export interface ComputePool {
  /**
   * Reads and analyses a workout file (see `parseAndAnalyse` in `compute-tasks.ts`). A
   * `background` task (an archive's file) waits for a thread no other task wants: the other tasks
   * (a user's upload) queue only behind tasks already running, never behind an archive's files.
   */
  parseAndAnalyse(path: string, options: ParseAndAnalyseOptions, lane?: { background?: boolean }): Promise<AnalysedFile>
  /**
   * Starts reading an upload's file in a thread while its bytes arrive (see `analyseArriving`),
   * when a thread is free now and the file is not large; null otherwise (the file is then parsed
   * once stored, in turn).
   * @param sizeHint the file's size or a guess near it (the request's length)
   */
  readArriving(sizeHint: number): ArrivingUpload | null
  /** Draws a static map PNG, over the given tiles or on a plain background. */
  drawMap(lines: readonly (readonly LatLon[])[], bounds: Bounds, tiles: readonly TileImage[] | null): Promise<Buffer>
  /**
   * Writes a workout's stored file as GPX with all it recorded (see `exportGpx` in
   * `compute-tasks.ts`) into a new file at `target`, as the API's whole answer (`GpxResponse`) in
   * JSON, ready to stream; answers its size in bytes.
   */
  exportGpx(path: string, options: ExportGpxOptions, target: string): Promise<number>
  /** A bcrypt hash of the password at `rounds` (see `passwords.ts`). */
  hashPassword(password: string, rounds: number): Promise<string>
  /** Whether the password matches a bcrypt hash. */
  verifyPassword(password: string, hash: string): Promise<boolean>
  /**
   * Reads an export's metadata file into its plan (see `readExportMetadata` in `compute-tasks.ts`)
   * in the metadata thread: one at a time, its heap bounded by {@link METADATA_HEAP_MB} and its time
   * by {@link METADATA_TIME_MS}; a file past either fails with `export_metadata_too_large` (the
   * thread is ended, the server goes on).
   */
  readExportMetadata(kind: ExportKind, path: string, name: string, maxRows: number): Promise<ExportPlan>
  /** The most threads it runs at once (work beyond waits in its queue). */
  readonly size: number
  /** Threads started, tasks running or queued: for tests and the load benchmark. */
  stats(): { threads: number; queued: number; completed: number }
  /**
   * Resolves once every thread of a warm pool has started and warmed up (benchmarks wait for it:
   * a user's app has been open a moment before they import); at once for a pool started on demand.
   */
  ready(): Promise<void>
  /** Finishes running tasks and ends the threads. */
  close(): Promise<void>
}

/** An upload's file being read in a compute thread as it arrives (see `ComputePool.readArriving`). */
export interface ArrivingUpload {
  /**
   * The file's next bytes, in order: a block that has its ArrayBuffer to itself, moved to the
   * thread (detached here: the caller must not use it again).
   */
  take(block: Uint8Array): void
  /** Every byte was written. */
  end(): void
  /** Frees the thread when the file will not be analysed this way (refused, failed, analysed otherwise); no effect after {@link analyse}. */
  abort(): void
  /**
   * The file's analysis with `options`, as `parseAndAnalyse` gives it for the stored file, or null
   * when the thread gave the file up (not GPX, refused, too slow): parse the stored file then.
   */
  analyse(options: ParseAndAnalyseOptions): Promise<AnalysedFile | null>
}

/**
 * How long an arriving upload may hold a thread, from its first byte until the analysis is asked
 * for: a 50k-point GPX (12 MB) takes ~40 ms over loopback, a slow client far longer.
 */
const ARRIVAL_LIMIT_MS = 1000
/**
 * Larger uploads (by the request's length) are parsed once stored: over a fast link a big file
 * arrives faster than it parses, so the thread holds copies of most of it besides the parse's own
 * data, and a file the importer refuses is parsed twice. A hostile 17.6 MB GPX grew the server by
 * 251–254 MB this way (the memory test's bound is 250); a 50,000-point GPX (10–12 MB) still
 * overlaps its transfer.
 */
const ARRIVING_MAX_BYTES = 16 << 20

/**
 * Heap of the thread reading export metadata: a 20 MiB list (the default files size limit) parses
 * in well under it; a crafted one that would take gigabytes ends the thread instead of the server.
 */
const METADATA_HEAP_MB = 256
/** Time one metadata file may take to read (a real 10,000-activity list: well under a second). */
const METADATA_TIME_MS = 30_000

/** Where the worker's code is, and how Node must start to load it. */
export interface ComputeWorkerLocation {
  readonly filename: string
  readonly execArgv: readonly string[]
}

/**
 * The built worker (`compute-worker.js` beside the bundle, or one folder up from a shared chunk)
 * when this code runs from the electron-vite bundle; otherwise the TypeScript source, loaded
 * through `tsx` (tests under vitest, the CLI run with tsx): worker threads do not inherit the
 * parent's TypeScript transform, so they get the loader in their own `execArgv`.
 */
export function computeWorkerLocation(here: string = __dirname): ComputeWorkerLocation {
  for (const candidate of [join(here, 'compute-worker.js'), join(here, '..', 'compute-worker.js')]) {
    if (existsSync(candidate)) return { filename: candidate, execArgv: [] }
  }
  const source = join(here, 'compute-worker.ts')
  const tsx = pathToFileURL(createRequire(join(here, 'compute-pool.ts')).resolve('tsx')).href
  return { filename: source, execArgv: ['--import', tsx] }
}

/**
 * The main thread's share of an archive's CPU time: extraction, hashing, file moves and SQLite
 * writes run there, parsing, analysis and map drawing in the pool (profile of a 200-file archive
 * of 2,000-point rides: 7.5 of 24.8 ms per file on the main thread).
 */
const MAIN_THREAD_SHARE = 0.3
/** Each thread parsing a large file holds its points (up to a few hundred MB). */
const MAX_THREADS = 4

/**
 * Threads so that the pool and the main thread together keep every core busy: the cores' time
 * less the main thread's share, rounded up (2 cores: 2 threads, whose work is two thirds of the
 * whole; 4 cores: 3), at least one, at most {@link MAX_THREADS}.
 */
export function defaultThreadCount(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_THREADS, Math.ceil(cores * (1 - MAIN_THREAD_SHARE))))
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** An analysed file as the worker sent it, with its bytes as Buffers and its failures as errors again. */
function fromWire(file: WireAnalysedFile): AnalysedFile {
  const activities = file.activities.map((activity): AnalysedActivity => {
    if (activity.analysis && activity.packed) {
      // Bytes cross the thread boundary as plain Uint8Arrays: Buffers again, as made in the worker.
      const { track, analysis, packed, map } = activity
      return {
        track,
        analysis: { ...analysis, insights: { ...analysis.insights, document: asBuffer(analysis.insights.document) } },
        packed: { ...packed, chart: asBuffer(packed.chart), polyline: asBuffer(packed.polyline) },
        map: map ? asBuffer(map) : null,
      }
    }
    const failure = rebuild(activity.failure ?? { kind: 'other', message: 'activity neither analysed nor failed' })
    if (!(failure instanceof AppError)) throw failure
    return { track: activity.track, failure }
  })
  return { ...file, activities }
}

function rebuild(error: WireError): Error {
  if (error.kind === 'app') {
    return error.detail !== undefined ? new TrackFileError(error.code, error.detail) : new AppError(error.code)
  }
  return Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code })
}

/**
 * How the pool keeps its threads. `warm` (the app and the server process): every thread starts
 * with the pool, warms up on a built-in ride written to `dir` (see `warm-up.ts`) and stays for the
 * pool's life, so neither a lone upload nor an archive pays a thread's start (~250 ms CPU built,
 * twice that from source) and its first slow files. Without it (tests, the offline CLI) threads
 * start with the first task and end after a minute idle.
 */
export interface WarmThreads {
  readonly dir: string
}

/**
 * Each compute thread's young generation, MB: V8's 16 MB semi-spaces, Node 22's default. Node 24
 * sizes them from the machine's memory (larger on a 24 GB machine), which added ~100 MB to a
 * 200,000-segment upload's peak with no gain in speed (85,000-point GPX and FIT parses measured the
 * same, ±10 %, at 48 MB and unbounded).
 */
const YOUNG_GENERATION_MB = 48

/**
 * Old generation, MB, below which a compute thread skips full collections (V8's floor on its next
 * limit). A thread analysing an archive keeps ~13 MB alive and promotes a little of each file, so V8
 * judges its collections cheap and sets each next limit only ~16 MB above the live
 * size, where (Node 24) incremental marking restarts at once: a thread often fell into a full
 * collection every file or few, 16–113 per 1,000 files (2–4 with the floor), with the V8 helper
 * threads' marking beside them. Above the floor V8's own limits apply, and the idle reclaim after a
 * large file (`compute-worker.ts`) is unchanged. V8 takes the floor only from this process-wide
 * flag, read as an isolate is created: set before the pool starts threads, it reaches them and not
 * the event loop's isolate, which exists already. Marking starts the young generation's new space
 * (32 MB) below the floor, at ~16 MB, just above a warm thread's ~15 MB alive: a 50,000-point
 * upload's thread still marks and collects in full on most uploads. A 64 MB floor did not lower
 * the upload's CPU measurably (load 22–26) and raised a 1,000-file archive's peak RSS from 356–387
 * to 391–403 MB (issue 35's bound is 400), so it stays at 48.
 */
const OLD_GENERATION_FLOOR_MB = 48

export function createComputePool(
  options: { location?: ComputeWorkerLocation; threads?: number; warm?: WarmThreads; arrivalLimitMs?: number } = {},
): ComputePool {
  const location = options.location ?? computeWorkerLocation()
  const threads = options.threads ?? defaultThreadCount()
  const { warm } = options
  const workerData: ComputeWorkerData = warm ? { warmUpDir: warm.dir } : {}
  setFlagsFromString(`--initial-old-space-size=${OLD_GENERATION_FLOOR_MB}`)
  const pool = new Piscina<ComputeRequest, ComputeReply>({
    filename: location.filename,
    execArgv: [...location.execArgv],
    workerData,
    minThreads: warm ? threads : 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    // Tasks wait in order rather than being refused: uploads are few and already size-limited.
    maxQueue: Infinity,
    // An idle thread waits for its next task without blocking its event loop (piscina's default
    // blocks it in `Atomics.wait`): its collection after a large file runs then, not at its next task.
    atomics: 'async',
  })
  // Export metadata is read in a thread of its own, its heap bounded: a hostile list can only end
  // that thread (and waits only for other metadata, never for a user's upload).
  const metadataPool = new Piscina<ComputeRequest, ComputeReply>({
    filename: location.filename,
    execArgv: [...location.execArgv],
    workerData: {},
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 10_000,
    maxQueue: Infinity,
    resourceLimits: { maxOldGenerationSizeMb: METADATA_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  })
  // Each warm thread says when its warm-up is done (a message of its own beside piscina's).
  let warmed = 0
  const allWarm = new Promise<void>((resolve) => {
    if (!warm) return resolve()
    const onMessage = (message: unknown) => {
      if (message !== WARMED_UP) return
      warmed += 1
      if (warmed < threads) return
      pool.off('message', onMessage)
      resolve()
    }
    pool.on('message', onMessage)
  })

  /** Tasks given to piscina and not yet settled. */
  let busy = 0
  /** Background tasks waiting for a free thread, first come first served. */
  const background: (() => void)[] = []
  const startBackground = () => {
    while (busy < threads && background.length > 0) {
      busy += 1
      background.shift()?.()
    }
  }

  async function run(request: ComputeRequest, inBackground = false, transferList: MessagePort[] = []): Promise<ComputeReply & { ok: true }> {
    if (inBackground && (busy >= threads || background.length > 0)) await new Promise<void>((start) => background.push(start))
    else busy += 1
    try {
      const reply = await pool.run(request, { transferList })
      if (!reply.ok) throw rebuild(reply.error)
      return reply
    } finally {
      busy -= 1
      startBackground()
    }
  }

  return {
    async parseAndAnalyse(path, analysisOptions, lane = {}) {
      const reply = await run({ task: 'parseAndAnalyse', path, options: analysisOptions }, lane.background)
      if (reply.task !== 'parseAndAnalyse') throw new Error('compute worker answered another task')
      return fromWire(reply.value)
    },
    readArriving(sizeHint) {
      if (busy >= threads || sizeHint > ARRIVING_MAX_BYTES) return null
      const { port1, port2 } = new MessageChannel()
      const reply = run({ task: 'analyseArriving', port: port2, sizeHint, limitMs: options.arrivalLimitMs ?? ARRIVAL_LIMIT_MS }, false, [port2])
      // Once the thread has answered, nothing more is posted (it gave up, or the analysis is done).
      let open = true
      const closed = reply.finally(() => {
        open = false
        port1.close()
      })
      closed.catch(() => undefined)
      const post = (message: ArrivingMessage, transfer: ArrayBuffer[] = []) => {
        if (open) port1.postMessage(message, transfer)
      }
      return {
        // Moved, not copied again. The thread never moves a block back for reuse: the first
        // ArrayBuffer a thread detaches drops V8's assumption that none is, and its warm code is
        // compiled again (+200–250 ms CPU on the next 50k-point upload).
        take(block) {
          post(block, [block.buffer as ArrayBuffer])
        },
        end() {
          post({ end: true })
        },
        abort() {
          post({ abort: true })
        },
        async analyse(analysisOptions) {
          post({ options: analysisOptions })
          const answer = await reply
          if (answer.task !== 'analyseArriving') throw new Error('compute worker answered another task')
          // Nothing more to post (an abort from the request's end must not reach a finished thread).
          open = false
          return answer.value && fromWire(answer.value)
        },
      }
    },
    async drawMap(lines, bounds, tiles) {
      const reply = await run({ task: 'drawMap', lines, bounds, tiles })
      if (reply.task !== 'drawMap') throw new Error('compute worker answered another task')
      return asBuffer(reply.value)
    },
    async exportGpx(path, exportOptions, target) {
      const reply = await run({ task: 'exportGpx', path, options: exportOptions, target })
      if (reply.task !== 'exportGpx') throw new Error('compute worker answered another task')
      return reply.value
    },
    async hashPassword(password, rounds) {
      const reply = await run({ task: 'hashPassword', password, rounds })
      if (reply.task !== 'hashPassword') throw new Error('compute worker answered another task')
      return reply.value
    },
    async verifyPassword(password, hash) {
      const reply = await run({ task: 'verifyPassword', password, hash })
      if (reply.task !== 'verifyPassword') throw new Error('compute worker answered another task')
      return reply.value
    },
    async readExportMetadata(kind, path, name, maxRows) {
      let reply: ComputeReply
      try {
        reply = await metadataPool.run({ task: 'readExportMetadata', kind, path, name, maxRows }, { signal: AbortSignal.timeout(METADATA_TIME_MS) })
      } catch (error) {
        // Out of its heap or of its time (aborted): the file is too large to read.
        const { code, name } = error as { code?: unknown; name?: unknown }
        if (code === 'ERR_WORKER_OUT_OF_MEMORY' || name === 'AbortError') throw new AppError('export_metadata_too_large')
        throw error
      }
      if (!reply.ok) throw rebuild(reply.error)
      if (reply.task !== 'readExportMetadata') throw new Error('compute worker answered another task')
      return reply.value
    },
    size: threads,
    stats: () => ({ threads: pool.threads.length, queued: pool.queueSize, completed: pool.completed }),
    ready: () => allWarm,
    close: async () => {
      await Promise.all([pool.close(), metadataPool.close()])
    },
  }
}
