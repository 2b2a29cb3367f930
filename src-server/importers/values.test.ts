import { describe, expect, it } from 'vitest'
import { parseDecimal, parseDecimalBytes, parseIsoTime, parseIsoTimeBytes } from './values'

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

  it('byte parsers give exactly what the string parsers give', () => {
    const decimals = [
      '0', '-0', '12', '12.5', '-12.50', '.5', '5.', '-.5', '45.123456', '6.1234567', '402.399993896484375',
      '46.52035236731172', '123456789012345', '1234567890123456', '0.000000000000001', '1e3', '+1', ' 7', '7 ',
      '', ' ', '-', '.', '1.2.3', '12abc', '0x10', 'NaN', 'Infinity', '９', '1\u00a0',
    ]
    for (const text of decimals) {
      const bytes = Buffer.from(`[${text}]`)
      expect(Object.is(parseDecimalBytes(bytes, 1, bytes.length - 1), parseDecimal(text)), JSON.stringify(text)).toBe(true)
      const plain = Uint8Array.from(Buffer.from(text))
      expect(Object.is(parseDecimalBytes(plain, 0, plain.length), parseDecimal(text)), `plain ${JSON.stringify(text)}`).toBe(true)
    }
    const times = [
      '2018-03-13T12:44:45Z', '2018-03-13T12:44:45.787Z', '2018-03-13T12:44:45.5Z', '2018-03-13T12:44:45.123456789Z',
      '2024-02-29T23:59:60Z', '2023-02-31T24:00:00Z', '1900-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2018-13-13T12:44:45Z',
      '2018-03-13T12:44:45.Z', '2018-03-13T12:44:45+01:00', '2018-03-13T12:44:45', ' 2018-03-13T12:44:45Z', '2018-03-13t12:44:45z',
      '2018-03-13T12:4a:45Z', '', 'yesterday',
    ]
    for (const text of times) {
      const bytes = Buffer.from(text)
      expect(Object.is(parseIsoTimeBytes(bytes, 0, bytes.length), parseIsoTime(text)), text).toBe(true)
    }
  })
})
