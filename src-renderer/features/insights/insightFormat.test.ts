import { describe, expect, it } from 'vitest'
import type { WorkoutPart } from '../../../src/contracts'
import { exactSplits, paceText } from './insightFormat'

/** A split as the API answers it: km to 3 decimals, seconds to a tenth. */
const part = (distance: number, moving: number): WorkoutPart => ({ distance, moving, ave_speed: null, ascent: null, descent: null, ave_hr: null })

describe('exactSplits', () => {
  it('gives every split but the last its unit’s exact length, so 100 yd swum in 91.4 s reads 1:31, not 1:32', () => {
    // 1,500 m at 1 m/s: 16 splits of 100 yd (91.44 m, 91.44 s; the API says 0.091 km, 91.4 s), then 36.96 m.
    const answer = [...Array.from({ length: 16 }, () => part(0.091, 91.4)), part(0.037, 37)]
    const splits = exactSplits(answer, '100yd')
    expect(splits.slice(0, 16).map((split) => split.distance)).toEqual(Array.from({ length: 16 }, () => 0.09144))
    // 91.4 s for 91.44 m: 91.4 s per 100 yd, rounded to the second.
    expect(paceText(splits[0]!.distance, splits[0]!.moving, '100yd')).toBe('1:31')
    // From the rounded distance it read 1:32 (91.4 × 91.44 / 91 = 91.84 s).
    expect(paceText(answer[0]!.distance, answer[0]!.moving, '100yd')).toBe('1:32')
    // The last split keeps what the API measured.
    expect(splits[16]).toEqual(answer[16])
  })

  it('leaves a single split (a workout shorter than the unit) as measured', () => {
    expect(exactSplits([part(0.8, 240)], 'km')).toEqual([part(0.8, 240)])
    expect(exactSplits([part(1, 300), part(0.8, 240)], 'mi')[0]?.distance).toBe(1.609344)
  })
})
