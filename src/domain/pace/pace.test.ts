import { describe, expect, it } from 'vitest'
import { SPORT_ID } from '../sports'
import { seededRandom } from '../../test-support/seeded-random'
import { formatPace, PACE_UNIT_M, paceOf, paceOfSpeed, paceUnitFor, speedOfPace, type PaceUnit } from './pace'

/** Seconds of a `m:ss` or `h:mm:ss` text (the test's own reading, not the code's). */
function secondsOf(text: string): number {
  return text.split(':').reduce((sum, part) => sum * 60 + Number(part), 0)
}

const UNITS = Object.keys(PACE_UNIT_M) as PaceUnit[]

describe('pace', () => {
  it('gives the paces runners know', () => {
    // 10 km/h is the 6:00 /km of race pace charts; a 4-minute mile is 15 mi/h (24.14016 km/h).
    expect(formatPace(paceOfSpeed(10, 'km') ?? 0)).toBe('6:00')
    expect(speedOfPace(240, 'mi')).toBeCloseTo(15 * 1.609344, 12)
    // Kipchoge's 2:01:09 Berlin marathon (2022) is 2:52 per km on 42.195 km.
    expect(formatPace(paceOf(42_195, 2 * 3600 + 69, 'km') ?? 0)).toBe('2:52')
    // 2.5 m/s = 9 km/h = 6:40 /km.
    expect(formatPace(paceOfSpeed(9, 'km') ?? 0)).toBe('6:40')
  })

  it('gives the paces swimmers know, per 100 m and per 100 yd', () => {
    // Pan Zhanle's 46.40 s 100 m freestyle (Paris 2024); Bobby Finke's 14:30.67 1500 m (Paris 2024) is 0:58 /100 m.
    expect(formatPace(paceOf(100, 46.4, '100m') ?? 0)).toBe('0:46')
    expect(formatPace(paceOf(1500, 14 * 60 + 30.67, '100m') ?? 0)).toBe('0:58')
    // 100 m in 1:30 is 1.11 m/s, 4 km/h; 100 yd are 91.44 m, covered in 82.3 s at that speed.
    expect(paceOfSpeed(4, '100m')).toBeCloseTo(90, 12)
    expect(formatPace(paceOfSpeed(4, '100yd') ?? 0)).toBe('1:22')
  })

  it('counts swimmers per 100 m (100 yd in imperial units), everyone else per km or mile', () => {
    expect(paceUnitFor(SPORT_ID.swimmingPool, false)).toBe('100m')
    expect(paceUnitFor(SPORT_ID.swimmingOpenWater, true)).toBe('100yd')
    expect(paceUnitFor(SPORT_ID.running, false)).toBe('km')
    expect(paceUnitFor(SPORT_ID.rowing, true)).toBe('mi')
  })

  it('rounds to whole seconds with the carry, and shows hours from an hour on', () => {
    expect(formatPace(299.6)).toBe('5:00')
    expect(formatPace(59.4)).toBe('0:59')
    expect(formatPace(3600)).toBe('1:00:00')
    expect(formatPace(3725)).toBe('1:02:05')
  })

  it('has no pace standing still or without distance', () => {
    for (const unit of UNITS) {
      expect(paceOfSpeed(0, unit)).toBeNull()
      expect(paceOfSpeed(-1, unit)).toBeNull()
      expect(paceOfSpeed(Number.POSITIVE_INFINITY, unit)).toBeNull()
      expect(paceOf(0, 600, unit)).toBeNull()
    }
  })

  it('round-trips speed → pace → speed in every unit, and the text within half a second (1,000 random speeds)', () => {
    const random = seededRandom(17)
    for (let i = 0; i < 1000; i++) {
      const speed = 0.5 + random() * 80
      for (const unit of UNITS) {
        const pace = paceOfSpeed(speed, unit)
        if (pace === null) throw new Error('a moving speed has a pace')
        expect(speedOfPace(pace, unit)).toBeCloseTo(speed, 9)
        expect(Math.abs(secondsOf(formatPace(pace)) - pace)).toBeLessThanOrEqual(0.5)
        // Faster is never a slower pace.
        const faster = paceOfSpeed(speed * (1 + random()), unit)
        expect(faster).not.toBeNull()
        expect(faster ?? Infinity).toBeLessThan(pace)
      }
      // A kilometre is ten times 100 m; a mile is 1,760 yd, 17.6 times 100 yd.
      expect(paceOfSpeed(speed, 'km')).toBeCloseTo(10 * (paceOfSpeed(speed, '100m') ?? 0), 9)
      expect(paceOfSpeed(speed, 'mi')).toBeCloseTo(17.6 * (paceOfSpeed(speed, '100yd') ?? 0), 9)
    }
  })

  it('agrees with the pace of distance and time at the same average, in every unit', () => {
    const random = seededRandom(5)
    for (let i = 0; i < 200; i++) {
      const metres = 100 + random() * 50_000
      const seconds = 60 + random() * 20_000
      for (const unit of UNITS) expect(paceOf(metres, seconds, unit)).toBeCloseTo(paceOfSpeed((metres / seconds) * 3.6, unit) ?? 0, 6)
    }
  })
})
