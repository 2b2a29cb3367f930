import { describe, expect, it } from 'vitest'
import { parseDecimal, parseIsoTime } from './values'

describe('value parsing', () => {
  it('parses ISO times with zones, offsets and fractions as UTC epoch ms', () => {
    const base = Date.UTC(2018, 2, 13, 12, 44, 45)
    expect(parseIsoTime('2018-03-13T12:44:45Z')).toBe(base)
    expect(parseIsoTime('2018-03-13T12:44:45')).toBe(base)
    expect(parseIsoTime(' 2018-03-13T13:44:45+01:00\n')).toBe(base)
    expect(parseIsoTime('2018-03-13T07:14:45-0530')).toBe(base)
    expect(parseIsoTime('2018-03-13T12:44:45.787Z')).toBe(base + 787)
    expect(parseIsoTime('2018-03-13T12:44:45.787123Z')).toBeCloseTo(base + 787.123, 3)
    for (const junk of ['', 'yesterday', '2018-13-13T12:44:45Z', '0018-03-13T12:44:45Z', '2018-03-13', '2018-03-13T12:44:61Z']) {
      expect(parseIsoTime(junk), junk).toBeNaN()
    }
  })

  it('parses decimals, blank is missing (not 0)', () => {
    expect(parseDecimal(' 12.5 ')).toBe(12.5)
    expect(parseDecimal('0')).toBe(0)
    expect(parseDecimal('')).toBeNaN()
    expect(parseDecimal('  ')).toBeNaN()
    expect(parseDecimal('12abc')).toBeNaN()
  })
})
