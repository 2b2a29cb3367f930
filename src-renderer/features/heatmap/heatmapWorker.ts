import { apiErrorOf } from '../../api/client'
import type { ExpectedMap, FittedMap, HeatmapQuestion, HeatmapReply, Timings } from './heatmap.worker'
import type { LineStyle, ProjectedLines, RasterView } from './heatmapRaster'

/** An answer read by the heatmap's worker, which keeps its lines to draw them. */
export interface HeatmapData {
  readonly workouts: number
  /** How many lines the worker holds. */
  readonly lines: number
  readonly bounds: ProjectedLines['bounds']
  /** The view fitted to the expected map, whose picture the worker has drawn already (null without lines). */
  readonly fitted: FittedMap | null
  /** The lines in `view` as a picture of its size (null when it has no pixels). */
  draw(view: RasterView, style: LineStyle): Promise<ImageBitmap | null>
}

type Waiting = (reply: HeatmapReply) => void

let worker: Worker | null = null
let lastId = 0
const waiting = new Map<number, Waiting>()
// The worker keeps each answer's lines while its `HeatmapData` is in use: once the page has let go
// of it (a new filter, another page), the lines go too.
const unused = new FinalizationRegistry<number>((lines) => worker?.postMessage({ type: 'drop', lines } satisfies HeatmapQuestion))

/** Puts the worker's steps on the page's timeline, where tools (the render bench, DevTools) read them. */
function measure(timings: Timings): void {
  for (const [name, start, end] of timings) performance.measure(name, { start: start - performance.timeOrigin, end: end - performance.timeOrigin })
}

/** Starts the worker if it is not running (then kept: it holds nothing once its answers are dropped). */
function startHeatmapWorker(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./heatmap.worker.ts', import.meta.url), { type: 'module' })
  started.onmessage = (event: MessageEvent<HeatmapReply>) => {
    waiting.get(event.data.id)?.(event.data)
    waiting.delete(event.data.id)
  }
  // A worker that cannot run (its script failed to load) answers nothing: every question fails.
  started.onerror = () => {
    for (const [id, answer] of waiting) answer({ type: 'failed', id })
    waiting.clear()
    worker = null
  }
  worker = started
  return started
}

/** One question to the worker. */
function ask(question: HeatmapQuestion & { id: number }): Promise<HeatmapReply> {
  const sent = startHeatmapWorker()
  return new Promise((resolve) => {
    waiting.set(question.id, resolve)
    sent.postMessage(question)
  })
}

/**
 * Has the worker send the heatmap call (`request`, from the API client), read, decode and project
 * the answer, and draw the picture of the map expected to show it; a failed call throws the
 * client's own {@link ApiError}.
 */
export async function loadHeatmap(request: { url: string; headers: Record<string, string> }, expected: ExpectedMap | null): Promise<HeatmapData> {
  const id = ++lastId
  const loaded = await ask({ type: 'load', id, request, expected })
  if (loaded.type === 'failed' && loaded.status !== undefined) throw apiErrorOf(loaded.status, loaded.body ?? '')
  if (loaded.type !== 'loaded') throw new Error('the heatmap answer could not be read')
  measure(loaded.timings)
  const data: HeatmapData = {
    workouts: loaded.workouts,
    lines: loaded.lines,
    bounds: loaded.bounds,
    fitted: loaded.fitted,
    draw: async (view, style) => {
      const drawn = await ask({ type: 'draw', id: ++lastId, lines: id, view, style })
      if (drawn.type !== 'drawn') throw new Error('the heatmap could not be drawn')
      measure(drawn.timings)
      return drawn.picture
    },
  }
  unused.register(data, id)
  return data
}
