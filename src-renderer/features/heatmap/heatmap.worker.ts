/**
 * The heatmap's work off the page's thread: reads the answer (~2.8 MB of JSON for 5,000
 * workouts), decodes and projects its ~450,000 points, and for each view counts and colours the
 * pixels into a picture handed over without a copy. The page's thread stays free to start the app,
 * load the page's code and lay it out meanwhile.
 */
import { countLines, paintCounts, projectLines, type ProjectedLines, type RasterView } from './heatmapRaster'

export interface LineStyle {
  readonly color: string
  readonly opacity: number
}

/** What the page asks: `id` names the question (and, for `load`, the lines it keeps). */
export type HeatmapQuestion =
  | { readonly type: 'load'; readonly id: number; readonly answer: ArrayBuffer }
  | { readonly type: 'draw'; readonly id: number; readonly lines: number; readonly view: RasterView; readonly style: LineStyle }
  | { readonly type: 'drop'; readonly lines: number }

/** Steps and their times, ms since the Unix epoch (the page puts them on its own timeline). */
export type Timings = readonly (readonly [name: string, start: number, end: number])[]

export type HeatmapReply =
  | {
      readonly type: 'loaded'
      readonly id: number
      readonly workouts: number
      readonly lines: number
      readonly bounds: ProjectedLines['bounds']
      readonly timings: Timings
    }
  | { readonly type: 'drawn'; readonly id: number; readonly picture: ImageBitmap | null; readonly timings: Timings }
  | { readonly type: 'failed'; readonly id: number }

/** The lines of each answer still shown, by the id of its `load`. */
const kept = new Map<number, ProjectedLines>()
const now = () => performance.timeOrigin + performance.now()

function isAnswer(json: unknown): json is { data: { workouts: number; lines: string[] } } {
  const data = (json as { data?: { workouts?: unknown; lines?: unknown } } | null)?.data
  return typeof data?.workouts === 'number' && Array.isArray(data.lines) && data.lines.every((line) => typeof line === 'string')
}

async function reply(question: HeatmapQuestion): Promise<HeatmapReply | null> {
  switch (question.type) {
    case 'load': {
      const began = now()
      const json: unknown = JSON.parse(new TextDecoder().decode(question.answer))
      if (!isAnswer(json)) return { type: 'failed', id: question.id }
      const parsed = now()
      const projected = projectLines(json.data.lines)
      kept.set(question.id, projected)
      const { workouts, lines } = json.data
      const timings: Timings = [
        ['heatmap: parse', began, parsed],
        ['heatmap: decode and project', parsed, now()],
      ]
      return { type: 'loaded', id: question.id, workouts, lines: lines.length, bounds: projected.bounds, timings }
    }
    case 'draw': {
      const projected = kept.get(question.lines)
      if (!projected) return { type: 'failed', id: question.id }
      const { view } = question
      if (view.width === 0 || view.height === 0) return { type: 'drawn', id: question.id, picture: null, timings: [] }
      const began = now()
      const counts = countLines(projected, view)
      const counted = now()
      const picture = await createImageBitmap(new ImageData(paintCounts(counts, question.style), view.width, view.height))
      const timings: Timings = [
        ['heatmap: count', began, counted],
        ['heatmap: colour', counted, now()],
      ]
      return { type: 'drawn', id: question.id, picture, timings }
    }
    case 'drop':
      kept.delete(question.lines)
      return null
  }
}

self.onmessage = (event: MessageEvent<HeatmapQuestion>) => {
  const question = event.data
  void reply(question)
    .catch((): HeatmapReply => ({ type: 'failed', id: 'id' in question ? question.id : 0 }))
    .then((answer) => {
      if (answer) self.postMessage(answer, { transfer: answer.type === 'drawn' && answer.picture ? [answer.picture] : [] })
    })
}
