import type { endpoints, QueryInputOf } from '../../../src/contracts'
import { call } from '../../api/client'
import { loadEarly } from '../../api/early'

/** The heatmap's request by its filters, and its key for `useLoad`. */
export function heatmapRequest(query: QueryInputOf<(typeof endpoints)['getHeatmap']>): { key: string; load: () => ReturnType<typeof call<'getHeatmap'>> } {
  return { key: `heatmap:${JSON.stringify(query)}`, load: () => call('getHeatmap', { query }) }
}

/**
 * Asks for the unfiltered heatmap as the app opens on `/heatmap`: its answer (~1.4 MB) then
 * comes while the page's code loads rather than after (kept in the first chunk: a few lines).
 */
export function loadHeatmapEarly(): void {
  const { key, load } = heatmapRequest({})
  loadEarly(key, load)
}
