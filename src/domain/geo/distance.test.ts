// Distances on the reference's sphere (radius 6,378,137 m), checked against geometry rather than our
// output: a degree along a meridian or the equator is one degree of arc, the way over a pole is
// the sum of the two colatitudes, and the reference (gpxpy's geo.py) switches to the flat formula
// within 0.2°, scales longitude by the cosine of the first latitude and adds the climb in 3-D.
import { describe, expect, it } from 'vitest'
import { groundDistanceM, haversineM, ONE_DEGREE_M, pointDistanceM, withClimbM } from './distance'

const RADIUS_M = 6_378_137

describe('haversine', () => {
  it('measures arcs of the sphere', () => {
    expect(ONE_DEGREE_M).toBeCloseTo((2 * Math.PI * RADIUS_M) / 360, 9)
    expect(haversineM(0, 0, 0, 1)).toBeCloseTo(ONE_DEGREE_M, 6)
    expect(haversineM(10, 20, 13, 20)).toBeCloseTo(3 * ONE_DEGREE_M, 6)
    // Over the pole: 10° up to it and 10° down the other side.
    expect(haversineM(80, 0, 80, 180)).toBeCloseTo(20 * ONE_DEGREE_M, 6)
    expect(haversineM(-80, 30, -80, -150)).toBeCloseTo(20 * ONE_DEGREE_M, 6)
    // Half the equator.
    expect(haversineM(0, 0, 0, 180)).toBeCloseTo(Math.PI * RADIUS_M, 6)
    expect(haversineM(45, 7, 45, 7)).toBe(0)
  })
})

describe('ground distance', () => {
  it('within 0.2°, is flat with longitude scaled by the cosine of the first latitude', () => {
    // cos 60° = ½: 0.1° of longitude there is 0.05° of arc.
    expect(groundDistanceM(60, 0, 60, 0.1)).toBeCloseTo(0.05 * ONE_DEGREE_M, 6)
    expect(groundDistanceM(60, 0, 60.1, 0.1)).toBeCloseTo(Math.hypot(0.1, 0.05) * ONE_DEGREE_M, 6)
    expect(groundDistanceM(-60, 0.1, -60.15, 0)).toBeCloseTo(Math.hypot(0.15, 0.05) * ONE_DEGREE_M, 6)
    // The first latitude, not the second: from 60.1° the cosine is smaller.
    expect(groundDistanceM(60.1, 0.1, 60, 0)).toBeCloseTo(Math.hypot(0.1, 0.1 * Math.cos((60.1 * Math.PI) / 180)) * ONE_DEGREE_M, 6)
  })

  it('beyond 0.2° in either direction, is the great circle', () => {
    // Along the 60th parallel the great circle is shorter than the parallel the flat formula follows.
    for (const [lat1, lon1, lat2, lon2] of [
      [60, 0, 60, 0.3],
      [60, 0.3, 60, 0],
      [60, 0, 60.25, 0],
      [60.25, 0, 60, 0.1],
    ] as const) {
      expect(groundDistanceM(lat1, lon1, lat2, lon2)).toBeCloseTo(haversineM(lat1, lon1, lat2, lon2), 9)
    }
    expect(groundDistanceM(60, 0, 60, 0.3)).toBeLessThan(0.15 * ONE_DEGREE_M - 0.01)
  })
})

describe('distance with elevation', () => {
  const thirtyMetresNorth = 30 / ONE_DEGREE_M

  it('adds the climb in 3-D when both elevations are known and differ', () => {
    expect(pointDistanceM(45, 7, 100, 45 + thirtyMetresNorth, 7, 140)).toBeCloseTo(50, 6)
    expect(pointDistanceM(45, 7, 140, 45 + thirtyMetresNorth, 7, 100)).toBeCloseTo(50, 6)
    expect(pointDistanceM(45, 7, 100, 45 + thirtyMetresNorth, 7, 100)).toBeCloseTo(30, 6)
    expect(pointDistanceM(45, 7, Number.NaN, 45 + thirtyMetresNorth, 7, 140)).toBeCloseTo(30, 6)
    expect(pointDistanceM(45, 7, 100, 45 + thirtyMetresNorth, 7, Number.NaN)).toBeCloseTo(30, 6)
    expect(withClimbM(30, 45, 7, 0, 45, 7, -40)).toBeCloseTo(50, 6)
  })

  it('ignores the climb beyond 0.2°, where the reference is 2-D', () => {
    expect(pointDistanceM(0, 0, 0, 0.3, 0, 1000)).toBeCloseTo(0.3 * ONE_DEGREE_M, 6)
    expect(pointDistanceM(0, 0, 0, 0, 0.25, 1000)).toBeCloseTo(0.25 * ONE_DEGREE_M, 6)
    expect(withClimbM(1000, 0, 0, 0, 0.21, 0, 500)).toBe(1000)
    expect(withClimbM(1000, 0, 0.21, 0, 0, 0, 500)).toBe(1000)
  })
})
