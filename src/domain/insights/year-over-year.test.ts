import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import { createZoneClock } from '../zoned-time'
import { cumulativeByDay, dayOfYear, totalsByDayOfYear } from './year-over-year'

describe('year over year', () => {
  it('numbers the days of the year, leap years included', () => {
    expect(dayOfYear(2025, 1, 1)).toBe(1)
    expect(dayOfYear(2025, 3, 1)).toBe(60)
    expect(dayOfYear(2024, 3, 1)).toBe(61)
    expect(dayOfYear(2024, 12, 31)).toBe(366)
    expect(dayOfYear(2025, 12, 31)).toBe(365)
  })

  it('puts a workout on the day of the user’s wall clock', () => {
    const figures = { distance: 10, moving: 3600, ascent: 100, descent: 90, aveSpeed: 10 }
    // 31 December 2024 23:30 UTC is 1 January 2025 00:30 in Paris.
    const years = totalsByDayOfYear([{ epochMs: Date.UTC(2024, 11, 31, 23, 30), ...figures }], createZoneClock('Europe/Paris'))
    expect([...years.keys()]).toEqual([2025])
    expect(years.get(2025)?.get(1)).toEqual({ workouts: 1, distance: 10, moving: 3600, ascent: 100, descent: 90, speedSum: 10 })
    expect(totalsByDayOfYear([{ epochMs: Date.UTC(2024, 11, 31, 23, 30), ...figures }], createZoneClock('UTC')).get(2024)?.get(366)?.workouts).toBe(1)
  })

  it('running totals end at the year’s sum, never fall, and stop after the last day', () => {
    const random = seededRandom(5)
    for (let run = 0; run < 20; run++) {
      const values = new Map<number, number>()
      for (let i = 0; i < 40; i++) values.set(1 + Math.floor(random() * 365), Math.round(random() * 5000) / 100)
      const line = cumulativeByDay(values, 365, 365)
      const sum = [...values.values()].reduce((a, b) => a + b, 0)
      expect(line).toHaveLength(365)
      expect(line.at(-1)).toBeCloseTo(sum, 6)
      for (let i = 1; i < line.length; i++) expect(line[i] ?? 0).toBeGreaterThanOrEqual(line[i - 1] ?? 0)
      const partial = cumulativeByDay(values, 100, 365)
      expect(partial.slice(0, 100)).toEqual(line.slice(0, 100))
      expect(partial.slice(100).every((value) => value === null)).toBe(true)
    }
  })
})
