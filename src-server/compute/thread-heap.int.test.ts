import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { PROMOTED_COUNT, promotingScript } from '../test/promoting-heap'
import { createComputePool } from './compute-pool'

describe('compute threads', () => {
  it('run no full collection while their old generation holds less than its floor, garbage included', async () => {
    // The pool sets V8's floor for the threads started after it.
    await createComputePool({ threads: 1 }).close()
    // A thread promoting as one analysing an archive does, with the pool's 48 MB young generation.
    const script = `const { parentPort } = require('node:worker_threads')\n${promotingScript('parentPort.postMessage({ full, count })')}`
    const thread = new Worker(script, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } })
    const answer = await new Promise<{ full: number; count: number }>((resolve, reject) => {
      thread.once('message', resolve)
      thread.once('error', reject)
    })
    await thread.terminate()
    // Without the floor V8 ran 1 or 2 full collections here (Node 22, 24, 26), from ~8 MB of old generation.
    expect(answer).toEqual({ full: 0, count: PROMOTED_COUNT })
  }, 120_000)
})
