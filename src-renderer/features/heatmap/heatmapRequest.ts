import type { endpoints, QueryInputOf } from '../../../src/contracts'
import { getRequest } from '../../api/client'
import { loadEarly } from '../../api/early'
import type { ExpectedMap } from './heatmap.worker'
import { LINE_STYLES } from './heatmapRaster'
import { loadHeatmap, type HeatmapData } from './heatmapWorker'

/** The layout's page width (Mantine's `lg` container), its side padding, and the map frame's border. */
const CONTAINER = 1140
const CONTAINER_PADDING = 16
const BORDER = 1

/**
 * The map the heatmap page lays out in this window (`HeatmapPage.module.css`'s frame in the
 * layout's container): known before the page renders, so the worker draws the first picture while
 * the app starts. A window where the page then scrolls sideways or narrower than the container
 * plus a scroll bar may differ: the map then has its own picture drawn.
 */
function expectedMap(): ExpectedMap {
  const page = Math.min(document.documentElement.clientWidth, CONTAINER) - 2 * CONTAINER_PADDING
  return {
    width: page - 2 * BORDER,
    height: Math.max(320, window.innerHeight - 300) - 2 * BORDER,
    ratio: window.devicePixelRatio || 1,
    style: LINE_STYLES[window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'],
  }
}

/** The heatmap's request by its filters, and its key for `useLoad`: the answer, read by the heatmap's worker. */
export function heatmapRequest(query: QueryInputOf<(typeof endpoints)['getHeatmap']>): { key: string; load: () => Promise<HeatmapData> } {
  return { key: `heatmap:${JSON.stringify(query)}`, load: () => loadHeatmap(getRequest('getHeatmap', { query }), expectedMap()) }
}

/**
 * Asks for the unfiltered heatmap as the app opens on `/heatmap`: its answer (~1.4 MB) then
 * comes, and the worker reads it and draws it, while the page's code loads rather than after
 * (kept in the first chunk: a few lines, and the worker's own script loads apart).
 */
export function loadHeatmapEarly(): void {
  const { key, load } = heatmapRequest({})
  loadEarly(key, load)
}
