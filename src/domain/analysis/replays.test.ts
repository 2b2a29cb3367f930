import { describe, expect, it } from 'vitest'
import { replayedPoints } from './replays'

/** Fixes as [seconds, lat, lon] (`NaN` = missing), into the three columns `replayedPoints` reads. */
function columns(fixes: readonly (readonly [number, number, number])[]): [Float64Array, Float64Array, Float64Array] {
  return [Float64Array.from(fixes, ([s]) => s * 1000), Float64Array.from(fixes, ([, lat]) => lat), Float64Array.from(fixes, ([, , lon]) => lon)]
}
const replayed = (...fixes: (readonly [number, number, number])[]): number[] | null => {
  const marks = replayedPoints(...columns(fixes))
  return marks ? Array.from(marks) : null
}

describe('the points of a segment that repeat a stretch it already holds', () => {
  it('none while time never steps back: equal times, a missing time and a repeated fix are no replay', () => {
    // A whole-second clock under two fixes, then the same fix written twice, then a record without a time.
    expect(replayed([0, 45, 6], [0, 45.001, 6], [10, 45.002, 6], [10, 45.002, 6], [Number.NaN, 45.003, 6], [20, 45.004, 6])).toBeNull()
    expect(replayed()).toBeNull()
  })

  it('from the first step back on, a fix equal to the first one of its time, both time and place, is a replay', () => {
    // A lap whose <Track> is written twice: the step back is at index 3, itself a copy of index 0.
    expect(replayed([0, 45, 6], [10, 45.001, 6], [20, 45.002, 6], [0, 45, 6], [10, 45.001, 6], [20, 45.002, 6], [30, 45.003, 6])).toEqual([0, 0, 0, 1, 1, 1, 0])
    // A record without a time just before the step back does not hide it.
    expect(replayed([0, 45, 6], [10, 45.001, 6], [Number.NaN, 45.002, 6], [0, 45, 6])).toEqual([0, 0, 0, 1])
  })

  it('a fix written twice before the step back is no replay; one written again after it is', () => {
    // Index 1 repeats index 0 before time ever went back; index 4 repeats index 2 after the step back at 3.
    expect(replayed([0, 45, 6], [0, 45, 6], [10, 45.001, 6], [5, 44.9, 6], [10, 45.001, 6])).toEqual([0, 0, 0, 0, 1])
  })

  it('a clock that stepped back writes new places under old times: a different latitude or longitude is no copy', () => {
    expect(replayed([0, 45, 6], [10, 45.001, 6], [0, 45, 6.001], [10, 45.002, 6], [10, 45.001, 6])).toEqual([0, 0, 0, 0, 1])
    // No copy at all after the step back: nothing is marked.
    expect(replayed([0, 45, 6], [10, 45.001, 6], [0, 45, 6.001], [10, 45.002, 6])).toBeNull()
  })

  it('a point without a time or a position is no replay, nor the fix a later one of its time copies', () => {
    const nan = Number.NaN
    // Index 1 lacks its longitude: index 4 is the first fix of 10 s, so not a copy; index 5 copies index 4.
    expect(replayed([0, 45, 6], [10, 45.001, nan], [20, 45.002, 6], [5, 46, 6], [10, 45.001, 6], [10, 45.001, 6])).toEqual([0, 0, 0, 0, 0, 1])
    // Likewise without its latitude.
    expect(replayed([0, 45, 6], [10, nan, 6], [20, 45.002, 6], [5, 46, 6], [10, 45.001, 6], [10, 45.001, 6])).toEqual([0, 0, 0, 0, 0, 1])
    // Two records without a time at one place after the step back: no time, so no copy of one.
    expect(replayed([0, 45, 6], [10, 45.001, 6], [5, 46, 6], [nan, 45.001, 6], [nan, 45.001, 6])).toBeNull()
  })

  it('a later fix is compared with the first of its time, not the last', () => {
    // Index 4 repeats index 3, but the first fix of 10 s is index 1, elsewhere.
    expect(replayed([0, 45, 6], [10, 45.001, 6], [5, 46, 6], [10, 45.002, 6], [10, 45.002, 6])).toBeNull()
  })
})
