import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseForStorage } from '../../../src/domain/analysis'
import { realFixtures } from '../../test/workouts'
import { poolSwimFit, type CraftedLength } from '../test-support/pool-swim-fit'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'

/**
 * A pool swim's laps are what its swimmer swam between rests: each run of active lengths within one
 * device lap, of (active lengths × pool length) metres, the rest at the wall after it kept as its
 * rest, never a lap of 0 m. Checked on every real pool swim of the corpus against what Garmin's SDK
 * decodes: the session's own total distance, and the runs of active lengths in each of its laps
 * (its lap messages' first_length_index and num_lengths, not times).
 */
const POOL_SWIMS = [
  'fit/event-timestamp.fit',
  'fit/fitsdk-activity-poolswim.fit',
  'fit/goldencheetah-2016-05-23.fit',
  'fit/goldencheetah-fr920-lap-swim.fit',
  'fit/goldencheetah-garmin-swim-example.fit',
  'fit/goldencheetah-morning-swim.fit',
  'fit/goldencheetah-swim-2015.fit',
  'fit/goldencheetah-swim-antfs.fit',
  'fit/phpfit-swim.fit',
  'fit/poolswim-hr.fit',
  'fit/runpage-jasonjdd-coros-0f93a1fd8da64939bbef23f4571d0515.fit',
  'fit/runpage-jasonjdd-coros-468645376696549385.fit',
  'fit/runpage-jasonjdd-coros-d57895c7457842f59a4a4fd657879dfd.fit',
  'fit/runpage-jasonjdd-coros-e06e8fbe67c0472e8e944d0cc2f34f7e.fit',
  'fit/runpage-jasonjdd-fr265-626124578.fit',
  'fit/sportslib-swim-6021532030.fit',
  'fit/sportslib-swim-6860712481.fit',
  'fit/sportslib-swim-7617306288.fit',
  'fit/swim-6688025408.fit',
]

/**
 * The time the SDK's active lengths took (their total_elapsed_time), those no swimmer can swim
 * left out (3 m/s and faster: world records average under 2.4 m/s over 50 m), and the fastest of them, m/s.
 */
function sdkSwum(bytes: Uint8Array): { swumS: number; fastestMs: number } {
  const { messages } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read()
  const poolM = Number(messages.sessionMesgs?.[0]?.poolLength)
  let swumS = 0
  let fastestMs = 0
  for (const length of messages.lengthMesgs ?? []) {
    const seconds = Number(length.totalElapsedTime)
    if (length.lengthType !== 'active' || !(seconds > 0)) continue
    if (poolM / seconds >= 3) continue
    swumS += seconds
    fastestMs = Math.max(fastestMs, poolM / seconds)
  }
  return { swumS, fastestMs }
}

/** The SDK's reading: session total and pool length, and per lap the runs of consecutive active lengths it holds. */
function sdkPoolSwim(bytes: Uint8Array): { totalM: number; poolM: number; runs: number[] } {
  const { messages } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read()
  const session = messages.sessionMesgs?.[0]
  const lengths = messages.lengthMesgs ?? []
  const runs: number[] = []
  for (const lap of messages.lapMesgs ?? []) {
    const first = Number(lap.firstLengthIndex)
    let run = 0
    for (let i = first; i < first + Number(lap.numLengths ?? 0); i++) {
      if (lengths[i]?.lengthType === 'active') run++
      else if (run > 0) {
        runs.push(run)
        run = 0
      }
    }
    if (run > 0) runs.push(run)
  }
  return { totalM: Number(session?.totalDistance), poolM: Number(session?.poolLength), runs }
}

describe('pool swim laps', () => {
  for (const name of POOL_SWIMS) {
    it(`${name}: laps are the swum intervals (active lengths × pool length), summing to the session's total, rests apart`, () => {
      const bytes = readFileSync(join(realFixtures(), name))
      const sdk = sdkPoolSwim(bytes)
      expect(sdk.poolM).toBeGreaterThan(0)
      const { insights } = analyseForStorage(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1 })
      const laps = insights.laps
      expect(laps.map((lap) => Math.round(lap.distanceM / sdk.poolM))).toEqual(sdk.runs)
      expect(Math.abs(laps.reduce((sum, lap) => sum + lap.distanceM, 0) - sdk.totalM)).toBeLessThanOrEqual(0.5)
      for (const lap of laps) expect(lap.movingMs).toBeGreaterThan(0)
      // Every lap but the last has the rest that follows it.
      expect(laps.slice(0, -1).every((lap) => lap.restMs !== undefined && lap.restMs >= 0)).toBe(true)
      expect(laps.at(-1)?.restMs).toBeUndefined()
    }, 60_000)
  }

  // Two more whose watch marked some 50 m lengths of 13–15 s active: push-offs to the laps' rule, not to the SDK.
  for (const name of [...POOL_SWIMS, 'fit/runpage-x3cl-114124442.fit', 'fit/runpage-x3cl-678006.fit']) {
    it(`${name}: moves while it swims: moving time its active lengths' time, top speed never above its fastest length`, () => {
      const bytes = readFileSync(join(realFixtures(), name))
      const sdk = sdkSwum(bytes)
      const { workout } = analyseForStorage(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1 })
      // Clipped to the records' span: a length begun before the first record (or ended after the last) counts only within it.
      expect(Math.abs(workout.movingS - sdk.swumS), `moving ${workout.movingS} s vs the lengths' ${sdk.swumS} s`).toBeLessThanOrEqual(sdk.swumS * 0.03 + 2)
      expect(workout.maxSpeedKmh ?? Number.NaN).toBeLessThanOrEqual(sdk.fastestMs * 3.6 + 0.01)
      expect(workout.maxSpeedKmh ?? Number.NaN).toBeGreaterThan(0)
    }, 60_000)
  }

  it('a length faster than any swimmer (a push off the wall counted as a length) is no lap and no distance', () => {
    // 25 m lengths: 30 s, 30 s, then 60 s at the wall, then a 4 s "length" (6 m/s), then 30 s, 30 s.
    const lengths: CraftedLength[] = [
      [0, 30, 'active'],
      [30, 30, 'active'],
      [60, 60, 'idle'],
      [120, 4, 'active'],
      [124, 30, 'active'],
      [154, 30, 'active'],
    ]
    const bytes = poolSwimFit(lengths,
      lengths.map(([s, elapsed]) => s + elapsed),
      () => 130,
      100,
    )
    const { insights } = analyseForStorage(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1 })
    expect(insights.laps.map((lap) => [lap.distanceM, lap.movingMs])).toEqual([
      [50, 60_000],
      [50, 60_000],
    ])
    // The rest runs from the end of the second length to the start of the next real one: 60 s at the wall and the 4 s push.
    expect(insights.laps[0]?.restMs).toBe(64_000)
  })
})
