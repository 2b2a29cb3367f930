import { describe, expect, it } from 'vitest'
import { roundLikeToFixed } from './rounding'

/** What the API's rounding is defined as: the platform's own `toFixed`, read back as a number. */
const reference = (value: number, decimals: number) => Number(value.toFixed(decimals))

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('roundLikeToFixed', () => {
  it('rounds every value as toFixed does, at each chart column precision', () => {
    const next = random(7)
    const wrong: string[] = []
    for (let i = 0; i < 200_000; i += 1) {
      const decimals = i % 8
      const scale = 10 ** Math.floor(next() * 9 - 3)
      const value = (next() - 0.3) * scale
      if (!Object.is(roundLikeToFixed(value, decimals), reference(value, decimals))) wrong.push(`${value} to ${decimals}`)
    }
    expect(wrong).toEqual([])
  })

  it('rounds values written at a half of the last decimal as toFixed does, whichever way their double leans', () => {
    // 3,599.5 m is 3.5995 km: its double lies under the half, and toFixed(3) says 3.599.
    const wrong: string[] = []
    for (let decimals = 0; decimals <= 6; decimals += 1) {
      for (let units = 0; units < 20_000; units += 1) {
        for (const sign of [1, -1]) {
          const value = (sign * (units + 0.5)) / 10 ** decimals
          if (!Object.is(roundLikeToFixed(value, decimals), reference(value, decimals))) wrong.push(`${value} to ${decimals}`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(roundLikeToFixed(3599.5 / 1000, 3)).toBe(3.599)
  })

  it('gives a value whose scaling past its decimals overflows a double back as toFixed does, itself', () => {
    // 10^300 × 10^10 is past the largest double (1.8 × 10^308): only toFixed can round it.
    for (const value of [1e300, -1e300, Number.MAX_VALUE]) {
      for (const decimals of [10, 15]) expect(roundLikeToFixed(value, decimals), `${value} to ${decimals}`).toBe(value)
    }
  })

  it('keeps toFixed’s signs, missing values and huge values', () => {
    for (const value of [0, -0, -0.0001, 0.0001, Number.NaN, Infinity, -Infinity, 1e20, -1e17, 2 ** 52 + 0.5, 123456789.123456]) {
      for (const decimals of [0, 1, 3, 6]) expect(Object.is(roundLikeToFixed(value, decimals), reference(value, decimals)), `${value} to ${decimals}`).toBe(true)
    }
  })
})
