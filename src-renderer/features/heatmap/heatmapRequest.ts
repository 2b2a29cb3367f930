import type { endpoints, QueryInputOf } from '../../../src/contracts'
import { callForBytes } from '../../api/client'
import { loadEarly } from '../../api/early'
import { readHeatmap, startHeatmapWorker, type HeatmapData } from './heatmapWorker'

/** The heatmap's request by its filters, and its key for `useLoad`: the answer, read by the heatmap's worker. */
export function heatmapRequest(query: QueryInputOf<(typeof endpoints)['getHeatmap']>): { key: string; load: () => Promise<HeatmapData> } {
  const load = () => {
    const answer = callForBytes('getHeatmap', { query })
    // After the request, which leaves first: the worker's script then loads while the answer comes.
    startHeatmapWorker()
    return answer.then(readHeatmap)
  }
  return { key: `heatmap:${JSON.stringify(query)}`, load }
}

/**
 * Asks for the unfiltered heatmap as the app opens on `/heatmap`: its answer (~1.4 MB) then
 * comes, and the worker reads it, while the page's code loads rather than after (kept in the
 * first chunk: a few lines, and the worker's own script loads apart).
 */
export function loadHeatmapEarly(): void {
  const { key, load } = heatmapRequest({})
  loadEarly(key, load)
}
