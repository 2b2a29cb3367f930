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
        const { sha256, file } = await analyseArriving(request.port, request.sizeHint, request.limitMs)
        return { ok: true, task: request.task, value: { sha256, file: file && wireFile(file) } }
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
 * The handler piscina calls. A promise of it, when the pool asks for warm threads: piscina awaits
 * it before the thread takes tasks, so the thread is ready once its warm-up is done.
 */
const data = workerData as ComputeWorkerData | undefined
export default data?.warmUpDir ? warmUp(data.warmUpDir).then(() => compute) : compute
