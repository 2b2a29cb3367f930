import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { workerData } from 'node:worker_threads'
import bcrypt from 'bcryptjs'
import { isAppError } from '../../src/errors'
import { analyseArriving } from './arriving-upload'
import { drawMap, exportGpx, parseAndAnalyse, readExportMetadata, type AnalysedFile } from './compute-tasks'
import type { ComputeReply, ComputeRequest, ComputeWorkerData, WireAnalysedFile, WireError } from './protocol'
import { warmUp } from './warm-up'

/**
 * The worker threads' entry (its own bundle entry, `out/main/compute-worker.js`; run from source
 * under the `tsx` loader in tests). Errors are answered as data: a thrown error would reach the
 * pool by structured clone, which keeps the message but drops the class and the catalogue code.
 */
function wireError(error: unknown): WireError {
  if (isAppError(error)) {
    const detail = (error as { detail?: unknown }).detail
    return { kind: 'app', code: error.code, ...(typeof detail === 'string' ? { detail } : {}) }
  }
  const code = (error as { code?: unknown } | null)?.code
  return {
    kind: 'other',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  }
}

/** An analysed file as it crosses the thread boundary (failures as wire errors). */
function wireFile(file: AnalysedFile): WireAnalysedFile {
  const activities = file.activities.map((activity) => (activity.failure ? { track: activity.track, failure: wireError(activity.failure) } : activity))
  return { ...file, activities }
}

async function compute(request: ComputeRequest): Promise<ComputeReply> {
  try {
    switch (request.task) {
      case 'parseAndAnalyse':
        return { ok: true, task: request.task, value: wireFile(await parseAndAnalyse(request.path, request.options)) }
      case 'analyseArriving': {
        const file = await analyseArriving(request.port, request.sizeHint, request.limitMs)
        return { ok: true, task: request.task, value: file && wireFile(file) }
      }
      case 'drawMap':
        return { ok: true, task: request.task, value: await drawMap(request.lines, request.bounds, request.tiles) }
      case 'exportGpx':
        return { ok: true, task: request.task, value: await exportGpx(request.path, request.options, request.target) }
      // Synchronous here: this thread has nothing else to do meanwhile.
      case 'hashPassword':
        return { ok: true, task: request.task, value: bcrypt.hashSync(request.password, request.rounds) }
      case 'verifyPassword':
        return { ok: true, task: request.task, value: bcrypt.compareSync(request.password, request.hash) }
      case 'readExportMetadata':
        return { ok: true, task: request.task, value: await readExportMetadata(request.kind, request.path, request.name, request.maxRows) }
    }
  } catch (error) {
    return { ok: false, error: wireError(error) }
  }
}

/**
 * Heap a thread may keep between tasks, MB (what V8 has taken from the system, free space
 * included): a warm thread holds ~60 (its 34 MB young generation among it) after a 2,000-point
 * file; parsing 200,000 one-point segments leaves 160–260.
 */
const HEAP_KEPT_MAX_MB = 96

/**
 * V8 collects a thread's garbage only when the thread allocates: an idle thread kept the dead parse
 * of its last large file (100–220 MB each, a worst-case upload's whole rise in the server's RSS)
 * until its next task. A plain full collection empties those pages but, since Node 22, V8 keeps
 * them in its page pool, still resident; the last-resort flavour (the collection V8 runs on low
 * memory) also gives the pool back to the system. A few ms, on this thread, after its answer has
 * gone. `gc` is reached through a fresh context while the flag is briefly on, since Node refuses
 * `--expose-gc` in a worker's `execArgv`.
 */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
  setFlagsFromString('--no-expose-gc')
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
})()

function reclaimLargeHeap(): void {
  if (getHeapStatistics().total_heap_size > HEAP_KEPT_MAX_MB << 20) collectGarbage()
}

async function computeThenReclaim(request: ComputeRequest): Promise<ComputeReply> {
  const reply = await compute(request)
  // After the answer is posted (the pool's threads wait for tasks with their event loop running):
  // the task's data is garbage by then, and the caller waits no longer.
  setImmediate(reclaimLargeHeap)
  return reply
}

/**
 * The handler piscina calls. A promise of it, when the pool asks for warm threads: piscina awaits
 * it before the thread takes tasks, so the thread is ready once its warm-up is done.
 */
const data = workerData as ComputeWorkerData | undefined
export default data?.warmUpDir ? warmUp(data.warmUpDir).then(() => computeThenReclaim) : computeThenReclaim
