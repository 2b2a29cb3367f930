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

  it('ascent/descent: a climb or drop counts once it reaches 1 m from the last turning point', () => {
    const climb = (...elevations: number[]) => uphillDownhill(Float64Array.from(elevations), elevations.length)
    // Two points are not smoothed: exactly 1 m counts, 0.99 m does not, either way.
    expect(climb(100, 101)).toEqual({ ascentM: 1, descentM: 0 })
    expect(climb(101, 100)).toEqual({ ascentM: 0, descentM: 1 })
    expect(climb(100, 100.99)).toEqual({ ascentM: 0, descentM: 0 })
    expect(climb(100.99, 100)).toEqual({ ascentM: 0, descentM: 0 })
    // Measured from the turning point, not the previous point: 100 → 100.5 → 101 climbs 1 m in
    // two steps of 0.5 m (the middle one smoothed: 0.3·100 + 0.4·100.5 + 0.3·101 = 100.5).
    expect(climb(100, 100.5, 101).ascentM).toBeCloseTo(1, 10)
    expect(climb(100, 100.5, 100.99)).toEqual({ ascentM: 0, descentM: 0 })
    // 0.4, 0.5 … 1.5 m: the 11th point smooths to 1.3999999999999999 in floating point, still 1 m up.
    expect(climb(...Array.from({ length: 12 }, (_, i) => (4 + i) / 10)).ascentM).toBeCloseTo(1, 9)
    // A barometer wobbling 0.9 m: smoothed 100, 100.36, 100.54, 100.36, 100 never moves 1 m.
    expect(climb(100, 100.9, 100, 100.9, 100)).toEqual({ ascentM: 0, descentM: 0 })
    // Smoothed 100, 100, 103, 107, 110, 108.2, 105.8, 104, 104: up 3 + 4 + 3, down 1.8 + 2.4 + 1.8.
    const hill = climb(100, 100, 100, 110, 110, 110, 104, 104, 104)
    expect([hill.ascentM, hill.descentM].map((m) => Number(m.toFixed(6)))).toEqual([10, 6])
    // A rise under 1 m past the last counted point is not counted, nor the fall back from it:
    // smoothed 100, 101.5, 103.5, 104.1, 102.9, 102.6, 103.4, 104 climbs 3.5 m in all.
    expect(climb(100, 100, 105, 105, 102, 102, 104, 104).ascentM).toBeCloseTo(3.5, 10)
    expect(climb(100, 100, 105, 105, 102, 102, 104, 104).descentM).toBe(0)
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
