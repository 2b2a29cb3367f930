/**
 * The heatmap's work off the page's thread: asks for the answer itself (the page's thread may be
 * busy starting the app), reads it (~2.8 MB of JSON for 5,000 workouts), decodes and projects its
 * ~450,000 points, and for each view counts and colours the pixels into a picture handed over
 * without a copy. The first picture is drawn at once for the map the page is expected to show, so
 * the map finds it ready when it mounts.
 */
import {
  canvasAround,
  countLines,
  fitView,
  paintCounts,
  projectLines,
  rasterView,
  unproject,
  type LineStyle,
  type ProjectedLines,
  type RasterView,
} from './heatmapRaster'

/** The map the page expects to show the lines on (CSS pixels), for the first picture. */
export interface ExpectedMap {
  readonly width: number
  readonly height: number
  /** Device pixels per CSS pixel. */
  readonly ratio: number
  readonly style: LineStyle
}

/** The fitted view of an {@link ExpectedMap}: the map takes it when its size is the expected one. */
export interface FittedMap {
  readonly width: number
  readonly height: number
  readonly zoom: number
  readonly center: readonly [number, number]
}

/** What the page asks: `id` names the question (and, for `load`, the lines it keeps). */
export type HeatmapQuestion =
  | {
      readonly type: 'load'
      readonly id: number
      /** The API call, as the page's client would send it (its token included). */
      readonly request: { readonly url: string; readonly headers: Readonly<Record<string, string>> }
      readonly expected: ExpectedMap | null
    }
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
      readonly fitted: FittedMap | null
      readonly timings: Timings
    }
  | { readonly type: 'drawn'; readonly id: number; readonly picture: ImageBitmap | null; readonly timings: Timings }
  /** `status` and `body` when the call failed (status 0: no answer), so the page reports it as its client does. */
  | { readonly type: 'failed'; readonly id: number; readonly status?: number; readonly body?: string }

/** A picture drawn ahead, for the view and style it was drawn for. */
interface Drawn {
  readonly key: string
  readonly picture: ImageBitmap | null
  readonly timings: Timings
}

/** The lines of each answer still shown, by the id of its `load`, with the first picture until the map takes it. */
const kept = new Map<number, { projected: ProjectedLines; ahead: Drawn | null }>()
const now = () => performance.timeOrigin + performance.now()
const keyOf = (view: RasterView, style: LineStyle) => JSON.stringify([view, style])

function isAnswer(json: unknown): json is { data: { workouts: number; lines: string[] } } {
  const data = (json as { data?: { workouts?: unknown; lines?: unknown } } | null)?.data
  return typeof data?.workouts === 'number' && Array.isArray(data.lines) && data.lines.every((line) => typeof line === 'string')
}

/** The lines in `view`, counted and coloured, as a picture of its size (null when it has no pixels). */
async function draw(projected: ProjectedLines, view: RasterView, style: LineStyle): Promise<Drawn> {
  const key = keyOf(view, style)
  if (view.width === 0 || view.height === 0) return { key, picture: null, timings: [] }
  const began = now()
  const counts = countLines(projected, view)
  const counted = now()
  const picture = await createImageBitmap(new ImageData(paintCounts(counts, style), view.width, view.height))
  const timings: Timings = [
    ['heatmap: count', began, counted],
    ['heatmap: colour', counted, now()],
  ]
  return { key, picture, timings }
}

/** Fits the expected map to the lines as the page's map would, and draws that view's picture. */
async function drawAhead(projected: ProjectedLines, expected: ExpectedMap): Promise<{ fitted: FittedMap; ahead: Drawn } | null> {
  const { width, height, ratio, style } = expected
  if (!projected.extent || width <= 0 || height <= 0) return null
  const view = fitView(projected.extent, width, height)
  const scale = 256 * 2 ** view.zoom
  // The centre of the map's rounded corner, so the map rounds back to that same corner.
  const center = unproject((view.left + width / 2) / scale, (view.top + height / 2) / scale)
  const canvas = canvasAround(width, height)
  const raster = rasterView({ zoom: view.zoom, left: view.left - canvas.marginX, top: view.top - canvas.marginY, width: canvas.width, height: canvas.height }, ratio)
  return { fitted: { width, height, zoom: view.zoom, center }, ahead: await draw(projected, raster, style) }
}

async function load(question: Extract<HeatmapQuestion, { type: 'load' }>): Promise<HeatmapReply> {
  const { id, request, expected } = question
  const asked = now()
  let response: Response
  try {
    response = await fetch(request.url, { headers: request.headers })
  } catch {
    return { type: 'failed', id, status: 0 }
  }
  if (!response.ok) return { type: 'failed', id, status: response.status, body: await response.text() }
  const answer = await response.arrayBuffer()
  const began = now()
  const json: unknown = JSON.parse(new TextDecoder().decode(answer))
  if (!isAnswer(json)) return { type: 'failed', id }
  const parsed = now()
  const projected = projectLines(json.data.lines)
  const projectedAt = now()
  const first = expected ? await drawAhead(projected, expected) : null
  kept.set(id, { projected, ahead: first?.ahead ?? null })
  const timings: Timings = [
    ['heatmap: answer', asked, began],
    ['heatmap: parse', began, parsed],
    ['heatmap: decode and project', parsed, projectedAt],
    ...(first?.ahead.timings ?? []),
  ]
  return { type: 'loaded', id, workouts: json.data.workouts, lines: json.data.lines.length, bounds: projected.bounds, fitted: first?.fitted ?? null, timings }
}

async function reply(question: HeatmapQuestion): Promise<HeatmapReply | null> {
  switch (question.type) {
    case 'load':
      return load(question)
    case 'draw': {
      const lines = kept.get(question.lines)
      if (!lines) return { type: 'failed', id: question.id }
      const { ahead } = lines
      lines.ahead = null
      // The picture drawn ahead when the map asks for that very view; otherwise drawn now.
      if (ahead?.key === keyOf(question.view, question.style)) return { type: 'drawn', id: question.id, picture: ahead.picture, timings: [] }
      ahead?.picture?.close()
      const drawn = await draw(lines.projected, question.view, question.style)
      return { type: 'drawn', id: question.id, picture: drawn.picture, timings: drawn.timings }
    }
    case 'drop':
      kept.get(question.lines)?.ahead?.picture?.close()
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
