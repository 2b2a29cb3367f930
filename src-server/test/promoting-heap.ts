/**
 * A script for a fresh isolate (an `eval` worker, `node -e`): after a full collection it promotes
 * ~0.7 MB of short-lived data per round for 30 rounds, as each file of an archive promotes a little,
 * until ~20 MB of its old generation is garbage, then hands `{ full, count }` to `report` (a
 * statement using both): the full collections that ran meanwhile, and the data made (its check).
 */
export function promotingScript(report: string): string {
  return `
const { setFlagsFromString } = require('node:v8')
const { runInNewContext } = require('node:vm')
const { PerformanceObserver, constants } = require('node:perf_hooks')
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')
setFlagsFromString('--no-expose-gc')
let full = 0
let since = Infinity
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR && entry.startTime > since) full += 1
}).observe({ entryTypes: ['gc'] })
;(async () => {
  gc()
  since = performance.now()
  let count = 0
  for (let round = 0; round < 30; round += 1) {
    // ~1 MB of small arrays, alive through several young collections: promoted.
    let kept = Array.from({ length: 2048 }, (_, i) => Array.from({ length: 32 }, (_, k) => round + i + k + 0.5))
    // Garbage that escapes, so the young collections happen.
    let batch = []
    for (let i = 0; i < 1000000; i += 1) {
      batch.push({ i, values: [i] })
      if (batch.length === 1000) { count += batch.length; batch = [] }
    }
    await new Promise(setImmediate)
    count += kept.length
    kept = null
  }
  // The observer hears of the last collections a turn later.
  await new Promise((resolve) => setTimeout(resolve, 50))
  ${report}
})()
`
}

/** What `promotingScript` finds, its 30 rounds of data all made. */
export const PROMOTED_COUNT = 30 * (1_000_000 + 2048)
