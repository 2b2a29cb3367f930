import { describe, expect, it } from 'vitest'
import { dropImpossibleElevations } from './plausibility'

const seconds = (count: number): Float64Array => Float64Array.from({ length: count }, (_, i) => i * 1000)

describe('impossible elevations', () => {
  it('drops a spike of several samples and keeps the real profile', () => {
    // (The rule takes the longest plausible stretch as the truth: junk is the shorter part.)
    const ele = Float64Array.from([1085, 1085, 1085, 1085, 12136, 12136, 12136, 1086, 1087])
    dropImpossibleElevations(ele, seconds(9))
    expect(Array.from(ele)).toEqual([1085, 1085, 1085, 1085, NaN, NaN, NaN, 1086, 1087])
  })

  it('keeps the longest plausible run when the track starts on a wrong value', () => {
    const ele = Float64Array.from([0, 0, 1200, 1201, 1202, 1203])
    dropImpossibleElevations(ele, seconds(6))
    expect(Array.from(ele)).toEqual([NaN, NaN, 1200, 1201, 1202, 1203])
  })

  it('keeps a steep but possible descent, and steps it cannot time', () => {
    const descent = Float64Array.from([2000, 1991, 1982, 1973])
    dropImpossibleElevations(descent, seconds(4))
    expect(Array.from(descent)).toEqual([2000, 1991, 1982, 1973])
    const untimed = Float64Array.from([100, 900, 100])
    dropImpossibleElevations(untimed, Float64Array.from([NaN, NaN, NaN]))
    expect(Array.from(untimed)).toEqual([100, 900, 100])
  })
})
