import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/test-support/seeded-random'
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
    const ties = ['9007199254740993', '9007199254740995', '-9007199254740993.0', '18014398509481990', '1234567890123456789', '0.000000000000000001']
    for (const text of ties) {
      const bytes = Buffer.from(text)
      expect(Object.is(parseDecimalBytes(bytes, 0, bytes.length), parseDecimal(text)), text).toBe(true)
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

  it('reads 16- to 19-digit decimals exactly as Number does, also a hair either side of a halfway point between doubles', () => {
    const random = seededRandom(19)
    const texts: string[] = []
    for (let k = 0; k < 20_000; k++) {
      // JavaScript's shortest form of a double, float32 elevations printed in full, Garmin-like coordinates.
      texts.push(String((random() - 0.5) * 10 ** Math.floor(random() * 8 - 2)), String(Math.fround(random() * 4000 - 100)))
      texts.push(String(random() * 360 - 180 + 1.234567e-9))
      // Any 16–19 digits, the dot anywhere (or none), either sign.
      const digits = Array.from({ length: 16 + Math.floor(random() * 4) }, () => Math.floor(random() * 10)).join('')
      const dot = Math.floor(random() * (digits.length + 1))
      texts.push(`${random() < 0.3 ? '-' : ''}${digits.slice(0, dot)}.${digits.slice(dot)}`)
      // The exact decimal of the point halfway between a double and the next, cut to 16–19 digits,
      // and one unit in the last digit above it: the hardest inputs for a fast path.
      const halfway = halfwayAbove(random() * 10 ** Math.floor(random() * 8 - 3))
      for (let count = 16; count <= 19; count++) texts.push(...cutAround(halfway, count))
    }
    const buffer = Buffer.alloc(64)
    const wrong = texts
      .filter((text) => !/e/.test(text) && text.replace(/[-.]/g, '').length <= 19)
      .filter((text) => !Object.is(parseDecimalBytes(buffer, 0, buffer.write(text, 'latin1')), Number(text)))
    expect(wrong).toEqual([])
  })
})

/** The exact decimal of the point halfway between the positive double `value` and the next double up. */
function halfwayAbove(value: number): string {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  const bits = view.getBigUint64(0)
  // value = significand · 2^exponent; halfway = (2·significand + 1) · 2^(exponent − 1).
  const exponent = Number((bits >> 52n) & 0x7ffn) - 1076
  const odd = 2n * ((bits & ((1n << 52n) - 1n)) | (1n << 52n)) + 1n
  if (exponent >= 0) return (odd << BigInt(exponent)).toString()
  const digits = (odd * 5n ** BigInt(-exponent)).toString().padStart(1 - exponent, '0')
  return `${digits.slice(0, digits.length + exponent)}.${digits.slice(digits.length + exponent)}`
}

/** `decimal` cut to `count` significant digits, and the same plus one unit in its last digit. */
function cutAround(decimal: string, count: number): string[] {
  const whole = decimal.indexOf('.') < 0 ? decimal.length : decimal.indexOf('.')
  const plain = decimal.replace('.', '')
  const cut = plain.slice(0, plain.search(/[1-9]/) + count)
  const above = (BigInt(cut) + 1n).toString().padStart(cut.length, '0')
  const place = (digits: string) => (whole >= digits.length ? digits.padEnd(whole, '0') : `${digits.slice(0, whole)}.${digits.slice(whole)}`)
  return above.length === cut.length ? [place(cut), place(above)] : [place(cut)]
}
