import { describe, expect, it } from 'vitest'
import { toHttpDate } from './http-date'

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('toHttpDate', () => {
  it('writes what the platform’s toUTCString writes (RFC 1123), for any instant, alone or in a series of one day', () => {
    const next = random(3)
    const wrong: string[] = []
    const check = (ms: number) => {
      const date = new Date(ms)
      if (toHttpDate(date) !== date.toUTCString()) wrong.push(`${ms}: ${toHttpDate(date)}`)
    }
    for (let i = 0; i < 20_000; i += 1) {
      // Instants from 1900 to 2100, then seconds after each (a chart's next points).
      const start = Math.floor((next() * 200 - 70) * 365.25 * 86_400_000)
      for (let k = 0; k < 5; k += 1) check(start + k * Math.floor(next() * 90_000))
    }
    for (const ms of [0, -1, 999, 1000, 86_399_999, 86_400_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 951_782_400_000, 8.64e15, -8.64e15]) check(ms)
    expect(wrong).toEqual([])
    expect(toHttpDate(new Date(Number.NaN))).toBe('Invalid Date')
    expect(toHttpDate(new Date(Date.UTC(2018, 2, 13, 12, 44, 45)))).toBe('Tue, 13 Mar 2018 12:44:45 GMT')
  })
})
