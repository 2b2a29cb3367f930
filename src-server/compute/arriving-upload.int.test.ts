import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { realCorpusFiles, realFile, realFixtures } from '../test/workouts'
import { createComputePool, type ArrivingUpload, type ComputePool } from './compute-pool'
import type { ParseAndAnalyseOptions } from './compute-tasks'

const options: ParseAndAnalyseOptions = { analysis: { stoppedSpeedThresholdKmh: 1, effortDistancesM: [1000, 5000] }, joinActivities: false, maps: true }

/** Hands `bytes` over as the receipt does, in blocks of `piece` bytes each in a buffer of its own (copied: moved to the thread), then ends. */
function send(arriving: ArrivingUpload, bytes: Uint8Array, piece: number, until = bytes.length): void {
  for (let at = 0; at < until; at += piece) arriving.take(new Uint8Array(bytes.subarray(at, Math.min(at + piece, until))))
  if (until === bytes.length) arriving.end()
}

/** The stored file's analysis in the pool, or its refusal's code. */
async function storedAnalysis(pool: ComputePool, path: string) {
  return pool.parseAndAnalyse(path, options).catch((error: unknown) => ({ refused: (error as { code?: string }).code }))
}

describe('an upload read by a compute thread while it arrives', () => {
  let dir: string
  let pool: ComputePool
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-arriving-'))
    pool = createComputePool({ threads: 1 })
  })
  afterAll(async () => {
    await pool.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('gives exactly the stored file\'s analysis for every real GPX file, and hands back every other file, and every refused one, to be read as stored', async () => {
    const corpus = realFixtures()
    let read = 0
    for (const name of await realCorpusFiles()) {
      const path = join(corpus, name)
      const bytes = await readFile(path)
      const arriving = pool.readArriving(bytes.length)
      if (!arriving) throw new Error('the only thread was busy')
      send(arriving, bytes, 65_536)
      const early = await arriving.analyse(options)
      const stored = await storedAnalysis(pool, path)
      if (!name.endsWith('.gpx') || 'refused' in stored) expect(early, name).toBeNull()
      else {
        expect(early, name).toEqual(stored)
        read += 1
      }
    }
    expect(read).toBeGreaterThan(15)
  }, 300_000)

  it('joins blocks of a large file from pieces of any size, cut anywhere', async () => {
    const path = join(dir, 'large.gpx')
    await writeFile(path, rideToGpx(syntheticRide(20_000)))
    const bytes = await readFile(path)
    expect(bytes.length).toBeGreaterThan(3 << 20)
    const stored = await storedAnalysis(pool, path)
    for (const piece of [65_537, 1 << 20, (1 << 20) + 1, bytes.length]) {
      const arriving = pool.readArriving(bytes.length)
      if (!arriving) throw new Error('the only thread was busy')
      send(arriving, bytes, piece)
      expect(await arriving.analyse(options)).toEqual(stored)
    }
  }, 120_000)

  it('leaves the file to the stored path when no thread is free now', async () => {
    const first = pool.readArriving(1000)
    expect(first).not.toBeNull()
    expect(pool.readArriving(1000)).toBeNull()
    first?.abort()
    expect(await first?.analyse(options)).toBeNull()
  })

  it('frees its thread as soon as the file shows it is not GPX, without waiting for the rest of its bytes', async () => {
    const path = join(dir, 'other.gpx')
    await writeFile(path, rideToGpx(syntheticRide(300)))
    const fit = await realFile('fit/20170518-191602.fit')
    const single = createComputePool({ threads: 1, arrivalLimitMs: 600_000 })
    try {
      const arriving = single.readArriving(fit.length)
      if (!arriving) throw new Error('the only thread was busy')
      // Half the file, its end never announced: a thread reading on would hold on for the whole limit.
      send(arriving, fit, 4096, fit.length >> 1)
      // The next task runs only once the thread is free (else the test times out).
      expect((await single.parseAndAnalyse(path, options)).activities).toHaveLength(1)
      expect(await arriving.analyse(options)).toBeNull()
    } finally {
      await single.close()
    }
  }, 60_000)

  it('frees its thread at once when aborted, and after its time limit when the bytes stop coming', async () => {
    const path = join(dir, 'ride.gpx')
    await writeFile(path, rideToGpx(syntheticRide(3000)))
    const bytes = await readFile(path)
    for (const [limitMs, stop] of [[600_000, 'abort'], [50, 'stall']] as const) {
      const single = createComputePool({ threads: 1, arrivalLimitMs: limitMs })
      try {
        const arriving = single.readArriving(bytes.length)
        if (!arriving) throw new Error('the only thread was busy')
        send(arriving, bytes, 4096, bytes.length >> 1)
        if (stop === 'abort') arriving.abort()
        // The next task runs only once the thread is free (else the test times out).
        expect((await single.parseAndAnalyse(path, options)).activities).toHaveLength(1)
        expect(await arriving.analyse(options)).toBeNull()
      } finally {
        await single.close()
      }
    }
  }, 120_000)
})
