import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import { formatPace, paceOf, paceOfSpeed, speedOfPace } from './pace'

/** Seconds of a `m:ss` or `h:mm:ss` text (the test's own reading, not the code's). */
function secondsOf(text: string): number {
  return text.split(':').reduce((sum, part) => sum * 60 + Number(part), 0)
}

describe('pace', () => {
  it('gives the paces runners know', () => {
    // 10 km/h is the 6:00 /km of race pace charts; a 4-minute mile is 15 mi/h.
    expect(formatPace(paceOfSpeed(10) ?? 0)).toBe('6:00')
    expect(speedOfPace(240)).toBe(15)
    // Kipchoge's 2:01:09 Berlin marathon (2022) is 2:52 per km on 42.195 km.
    expect(formatPace(paceOf(42.195, 2 * 3600 + 69) ?? 0)).toBe('2:52')
    // 2.5 m/s = 9 km/h = 6:40 /km.
    expect(formatPace(paceOfSpeed(9) ?? 0)).toBe('6:40')
  })

  it('rounds to whole seconds with the carry, and shows hours from an hour on', () => {
    expect(formatPace(299.6)).toBe('5:00')
    expect(formatPace(59.4)).toBe('0:59')
    expect(formatPace(3600)).toBe('1:00:00')
    expect(formatPace(3725)).toBe('1:02:05')
  })

  it('has no pace standing still or without distance', () => {
    expect(paceOfSpeed(0)).toBeNull()
    expect(paceOfSpeed(-1)).toBeNull()
    expect(paceOfSpeed(Number.POSITIVE_INFINITY)).toBeNull()
    expect(paceOf(0, 600)).toBeNull()
  })

  it('round-trips speed → pace → speed, and the text within half a second (1,000 random speeds)', () => {
    const random = seededRandom(17)
    for (let i = 0; i < 1000; i++) {
      const speed = 0.5 + random() * 80
      const pace = paceOfSpeed(speed)
      if (pace === null) throw new Error('a moving speed has a pace')
      expect(speedOfPace(pace)).toBeCloseTo(speed, 9)
      expect(Math.abs(secondsOf(formatPace(pace)) - pace)).toBeLessThanOrEqual(0.5)
      // Faster is never a slower pace.
      const faster = paceOfSpeed(speed * (1 + random()))
      expect(faster).not.toBeNull()
      expect(faster ?? Infinity).toBeLessThan(pace)
    }
  })

  it('agrees with the pace of distance and time at the same average', () => {
    const random = seededRandom(5)
    for (let i = 0; i < 200; i++) {
      const km = 0.1 + random() * 50
      const seconds = 60 + random() * 20_000
      expect(paceOf(km, seconds)).toBeCloseTo(paceOfSpeed((km / seconds) * 3600) ?? 0, 6)
    }
  })
})
