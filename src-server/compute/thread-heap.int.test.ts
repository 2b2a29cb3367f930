import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createComputePool } from './compute-pool'

/**
 * What a compute thread does to its heap while it analyses an archive, in a thread of its own
 * (the pool's threads run only the pool's tasks): after a full collection it promotes ~0.7 MB of
 * short-lived data per round, as each file promotes a little, until ~20 MB of its old generation is
 * garbage; it answers how many full collections ran meanwhile.
 */
const PROMOTING_THREAD = `
const { setFlagsFromString } = require('node:v8')
const { runInNewContext } = require('node:vm')
const { PerformanceObserver, constants } = require('node:perf_hooks')
const { parentPort } = require('node:worker_threads')
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
  parentPort.postMessage({ full, count })
})()
`

describe('compute threads', () => {
  it('run no full collection while their old generation holds less than its floor, garbage included', async () => {
    // The pool sets V8's floor for the threads started after it.
    await createComputePool({ threads: 1 }).close()
    // As the pool's threads (48 MB young generation).
    const thread = new Worker(PROMOTING_THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } })
    const answer = await new Promise<{ full: number; count: number }>((resolve, reject) => {
      thread.once('message', resolve)
      thread.once('error', reject)
    })
    await thread.terminate()
    // Without the floor V8 ran 1 or 2 full collections here (Node 22, 24, 26), from ~8 MB of old generation.
    expect(answer).toEqual({ full: 0, count: 30 * (1_000_000 + 2048) })
  }, 60_000)
})
