import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import { filteredMaxSpeedMs } from './max-speed'

/**
 * gpxpy's `calculate_max_speed` (the reference tracker's filter), written plainly from its
 * description: drop the intervals whose length is further than 1.5 population standard
 * deviations from the mean length, sort the speeds left and take the one at ⌊n × 0.95⌋ (the last
 * when that is past the end); fewer than two intervals, or none left, give none (0 here).
 */
function referenceMaxSpeed(pairs: readonly (readonly [speed: number, distance: number])[]): number {
  if (pairs.length < 2) return 0
  const mean = pairs.reduce((sum, [, distance]) => sum + distance, 0) / pairs.length
  const deviation = Math.sqrt(pairs.reduce((sum, [, distance]) => sum + (distance - mean) ** 2, 0) / pairs.length)
  const speeds = pairs.filter(([, distance]) => Math.abs(distance - mean) <= deviation * 1.5).map(([speed]) => speed)
  if (speeds.length === 0) return 0
  speeds.sort((a, b) => a - b)
  const index = Math.floor(speeds.length * (1 - 0.05))
  return speeds[index >= speeds.length ? speeds.length - 1 : index] ?? 0
}

describe('filtered max speed (the reference method)', () => {
  it('equals the reference on random tracks with GPS jumps, reading only the first `count` intervals', () => {
    const random = seededRandom(2024)
    for (let round = 0; round < 300; round++) {
      const count = 2 + Math.floor(random() * 120)
      const pairs = Array.from({ length: count }, (): [number, number] => {
        // Most intervals a few metres at a runner's or rider's speed; now and then a jump.
        const jump = random() < 0.08
        const distance = jump ? 50 + random() * 2000 : 1 + random() * 12
        return [jump ? 20 + random() * 200 : random() * 15, distance]
      })
      // Room past `count` filled with what would change the figure if it were read.
      const speeds = Float64Array.from([...pairs.map(([speed]) => speed), 1e6, 1e6])
      const distances = Float64Array.from([...pairs.map(([, distance]) => distance), 1e6, -1e6])
      expect(filteredMaxSpeedMs(speeds, distances, count), `round ${round}`).toBe(referenceMaxSpeed(pairs))
    }
  })

  it('takes the speed at ⌊n × 0.95⌋ of the kept intervals, not the fastest', () => {
    // 40 intervals of 10 m at 1..40 m/s: index 38 → 39 m/s (the top 5 %, here 40 m/s, ignored).
    const speeds = Float64Array.from({ length: 40 }, (_, i) => i + 1)
    expect(filteredMaxSpeedMs(speeds, new Float64Array(40).fill(10), 40)).toBe(39)
    // Shuffled, the same.
    const shuffled = Float64Array.from(speeds).reverse()
    expect(filteredMaxSpeedMs(shuffled, new Float64Array(40).fill(10), 40)).toBe(39)
  })

  it('keeps an interval exactly 1.5 σ from the mean and drops one just beyond', () => {
    // Lengths 0 and 2 (mean 1, σ 1) and the tested one: 1.5 σ away is kept, a little more is not.
    // Eight of each so the tested interval's own weight in the mean stays small but exact.
    const lengths = (last: number) => Float64Array.from([...new Array<number>(8).fill(0), ...new Array<number>(8).fill(2), last])
    const speeds = Float64Array.from([...new Array<number>(16).fill(1), 9])
    const pairsOf = (last: number) => Array.from(lengths(last), (distance, i): [number, number] => [speeds[i] ?? 0, distance])
    for (const last of [1, 2.5, 2.6, 3, 4]) expect(filteredMaxSpeedMs(speeds, lengths(last), 17), `length ${last}`).toBe(referenceMaxSpeed(pairsOf(last)))
  })
})

describe('filtered max speed on a median-of-three killer', () => {
  it('still takes the speed at ⌊n × 0.95⌋ when the quick selection degenerates and gives up for a sort', () => {
    // The speeds 0…63 m/s in the order McIlroy's adversary (“A killer adversary for quicksort”,
    // 1999) builds against this selection's median-of-three partition for index 60: each round
    // sets only a few speeds aside, so the selection runs out of rounds with 20 speeds left and
    // sorts those (the adversary leaves their order free: falling, so none is where it belongs).
    // Index ⌊64 × 0.95⌋ = 60 of 0…63 is 60 m/s.
    const speeds = Float64Array.of(
      1, 2, 32, 63, 4, 62, 6, 34, 8, 61, 10, 36, 12, 60, 14, 38, 16, 59, 18, 40, 20, 58, 22, 42, 24, 57, 26, 56, 28, 55, 30, 0, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21,
      23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
    )
    expect([...speeds].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i))
    expect(filteredMaxSpeedMs(speeds, new Float64Array(64).fill(10), 64)).toBe(60)
  })
})

describe('filtered max speed without lengths', () => {
  it('is 0 when an interval length is not a number (nothing can be kept)', () => {
    expect(filteredMaxSpeedMs(Float64Array.of(3, 4, 5), Float64Array.of(10, Number.NaN, 10), 3)).toBe(0)
  })
})
