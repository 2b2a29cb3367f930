import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseForStorage } from '../../../src/domain/analysis'
import { realFixtures } from '../../test/workouts'
import { poolSwimFit, type CraftedLength } from '../test-support/pool-swim-fit'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'

/** Faster than this over a length (m/s) is a push off the wall the watch counted, not a length (as the laps rule). */
const MAX_SWIM_SPEED_MS = 3

/**
 * The SDK's reading of a pool swim: its pool length and the timer seconds of each length swum
 * (active, and no faster than a swimmer), in order.
 */
function sdkLengths(bytes: Buffer): { poolM: number; seconds: number[] } {
  const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
  const poolM = Number(messages.sessionMesgs?.[0]?.poolLength)
  const seconds = (messages.lengthMesgs ?? [])
    .filter((length) => length.lengthType === 'active')
    .map((length) => Number(length.totalTimerTime))
    .filter((s) => s > 0 && poolM / s <= MAX_SWIM_SPEED_MS)
  return { poolM, seconds }
}

/** The largest gap between two lists of seconds of the same length (Infinity when the lengths differ). */
function largestGap(actual: readonly number[], expected: readonly number[]): number {
  if (actual.length !== expected.length) return Number.POSITIVE_INFINITY
  return Math.max(0, ...actual.map((value, i) => Math.abs(value - (expected[i] ?? Number.NaN))))
}

/** Seconds of each whole group of `per` consecutive lengths: a split made of whole lengths. */
function groupSeconds(seconds: readonly number[], per: number): number[] {
  const groups: number[] = []
  for (let i = 0; i + per <= seconds.length; i += per) groups.push(seconds.slice(i, i + per).reduce((sum, s) => sum + s, 0))
  return groups
}

const splitsOf = (bytes: Buffer) => analyseForStorage(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1, swimSplits: true }).insights

/**
 * A pool swim's splits per 100 m (and 100 yd) are its lengths' own times, the rests at the wall
 * left out, checked against the length messages Garmin's SDK decodes: in a 25 m pool a 100 m split
 * is 4 lengths, in a 50 m pool 2, in a 25 yd pool a 100 yd split is 4 lengths.
 */
describe('pool swim splits per 100 m', () => {
  for (const [name, per] of [
    ['fit/goldencheetah-fr920-lap-swim.fit', 4],
    ['fit/poolswim-hr.fit', 4],
    ['fit/swim-6688025408.fit', 2],
    ['fit/sportslib-swim-6021532030.fit', 5],
  ] as const) {
    it(`${name}: each 100 m split takes the time of its ${per} lengths, and they add up to the swim`, () => {
      const bytes = readFileSync(join(realFixtures(), name))
      const sdk = sdkLengths(bytes)
      expect(100 / sdk.poolM).toBe(per)
      const splits = splitsOf(bytes).splits100m ?? []
      const expected = groupSeconds(sdk.seconds, per)
      // Whole splits: 100 m each, timed as the SDK's lengths to the millisecond it stores.
      expect(splits.slice(0, expected.length).map((split) => split.distanceM)).toEqual(expected.map(() => 100))
      expect(largestGap(splits.slice(0, expected.length).map((split) => split.movingMs / 1000), expected)).toBeLessThan(0.005)
      // A last split of the lengths left over, if any.
      const leftover = sdk.seconds.length % per
      expect(splits).toHaveLength(expected.length + (leftover > 0 ? 1 : 0))
      if (leftover > 0) expect(splits.at(-1)?.distanceM).toBeCloseTo(leftover * sdk.poolM, 1)
    }, 60_000)
  }

  it('a 25 yd pool: 100 yd splits are 4 lengths, 100 m splits share the fifth length by distance', () => {
    const bytes = readFileSync(join(realFixtures(), 'fit/fitsdk-activity-poolswim.fit'))
    const sdk = sdkLengths(bytes)
    expect(sdk.poolM).toBe(22.86)
    const insights = splitsOf(bytes)
    const expected = groupSeconds(sdk.seconds, 4)
    const yards = insights.splits100yd ?? []
    expect(yards.map((split) => split.distanceM)).toEqual(expected.map(() => 91.4))
    expect(largestGap(yards.map((split) => split.movingMs / 1000), expected)).toBeLessThan(0.005)
    // 100 m = 4 lengths and 8.56 m of the fifth, 8.56 / 22.86 of its time.
    const [first, second, third, fourth, fifth] = sdk.seconds
    const firstHundred = (first ?? 0) + (second ?? 0) + (third ?? 0) + (fourth ?? 0) + ((100 - 4 * 22.86) / 22.86) * (fifth ?? 0)
    expect(insights.splits100m?.[0]?.distanceM).toBe(100)
    expect((insights.splits100m?.[0]?.movingMs ?? 0) / 1000).toBeCloseTo(firstHundred, 2)
    // Every metre counted once: the splits add up to the lengths swum.
    const total = (insights.splits100m ?? []).reduce((sum, split) => sum + split.distanceM, 0)
    expect(total).toBeCloseTo(sdk.seconds.length * 22.86, 0)
  })

  it('only swims get them', () => {
    const bytes = readFileSync(join(realFixtures(), 'fit/poolswim-hr.fit'))
    const { insights } = analyseForStorage(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1 })
    expect(insights.splits100m).toBeUndefined()
    expect(insights.splits100yd).toBeUndefined()
  })

  it("a split's heart rate is its lengths', not the rest's at the wall between them", () => {
    // 25 m lengths of 30 s: four at 120 bpm, 60 s at the wall at 170 bpm, four at 140 bpm.
    const lengths: CraftedLength[] = [...[0, 30, 60, 90].map((s): CraftedLength => [s, 30, 'active']), [120, 60, 'idle'], ...[180, 210, 240, 270].map((s): CraftedLength => [s, 30, 'active'])]
    const seconds = Array.from({ length: 300 }, (_, i) => i + 1)
    const bytes = poolSwimFit(lengths, seconds, (s) => (s <= 120 ? 120 : s <= 180 ? 170 : 140), 200)
    const splits = splitsOf(Buffer.from(bytes)).splits100m ?? []
    expect(splits.map((split) => [split.distanceM, split.movingMs, split.heartRate])).toEqual([
      [100, 120_000, 120],
      [100, 120_000, 140],
    ])
  })
})
