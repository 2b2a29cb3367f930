import { describe, expect, it } from 'vitest'
import { haversineM, pointDistanceM } from '../geo/distance'
import { uphillDownhill, usableElevation } from './elevation'
import { filteredMaxSpeedMs } from './max-speed'

describe('reference formulas', () => {
  it('distance: flat approximation below 0.2°, haversine above, 3-D only with two known elevations', () => {
    // 0.001° of latitude on the reference sphere: 2π·6378137/360/1000 m.
    expect(pointDistanceM(45, 6, Number.NaN, 45.001, 6, Number.NaN)).toBeCloseTo(111.31949, 5)
    expect(pointDistanceM(45, 6, 100, 45.001, 6, 100)).toBeCloseTo(111.31949, 5)
    expect(pointDistanceM(45, 6, 100, 45.001, 6, 130)).toBeCloseTo(Math.hypot(111.31949079327357, 30), 6)
    expect(pointDistanceM(45, 6, 0, 45.001, 6, 30)).toBeCloseTo(Math.hypot(111.31949079327357, 30), 6)
    expect(pointDistanceM(45, 6, 100, 45.001, 6, Number.NaN)).toBeCloseTo(111.31949, 5)
    expect(pointDistanceM(45, 6, 0, 46, 6, 1000)).toBe(haversineM(45, 6, 46, 6))
    expect(haversineM(0, 0, 0, 1)).toBeCloseTo(111_319.49, 1)
  })

  it('elevation: |ele| ≥ 9,999.99 m and NaN are missing, 0 is kept', () => {
    expect([0, -12.5, 9_999.98, 9_999.99, -19_999, Number.NaN, Number.POSITIVE_INFINITY].map(usableElevation)).toEqual([
      0, -12.5, 9_999.98, Number.NaN, Number.NaN, Number.NaN, Number.NaN,
    ])
  })

  it('ascent/descent: 0.3/0.4/0.3 smoothing of interior points, raw ends', () => {
    // Smoothed: 100, 103, 104, 100 → ascent 4, descent 4 (raw steps would give 10 and 10).
    const result = uphillDownhill(Float64Array.of(100, 100, 110, 100), 4)
    expect(result.ascentM).toBeCloseTo(4, 10)
    expect(result.descentM).toBeCloseTo(4, 10)
    expect(uphillDownhill(Float64Array.of(5), 1)).toEqual({ ascentM: 0, descentM: 0 })
  })

  it('max speed: drops distance outliers beyond 1.5 σ and the top 5 % of speeds', () => {
    expect(filteredMaxSpeedMs(Float64Array.of(3), Float64Array.of(10), 1)).toBe(0)
    expect(filteredMaxSpeedMs(Float64Array.of(2, 5), Float64Array.of(10, 25), 2)).toBe(5)
    // 20 intervals of 10 m at 1..20 m/s: index ⌊20 × 0.95⌋ = 19 → 20 m/s.
    const speeds = Float64Array.from({ length: 20 }, (_, i) => i + 1)
    expect(filteredMaxSpeedMs(speeds, new Float64Array(20).fill(10), 20)).toBe(20)
    // One GPS jump (1 km interval at 99 m/s) among 10 m intervals is dropped as a distance outlier.
    const withJump = Float64Array.from([...speeds.slice(0, 19), 99])
    const distances = Float64Array.from([...new Array<number>(19).fill(10), 1000])
    expect(filteredMaxSpeedMs(withJump, distances, 20)).toBe(19)
  })
})
