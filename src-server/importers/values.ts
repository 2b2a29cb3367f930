/** Parsing of the text values found in track files. Every parser returns `NaN` for junk. */

const ISO_TIME =
  /^\s*(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?\s*$/

/** Two ASCII digits at `at` as a number, or NaN. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48
  const units = text.charCodeAt(at + 1) - 48
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : Number.NaN
}

/** The common `YYYY-MM-DDTHH:MM:SSZ` form, parsed without a regular expression; NaN otherwise. */
function parseBasicUtc(text: string): number {
  if (text.length !== 20 || text.charCodeAt(19) !== 0x5a || text.charCodeAt(10) !== 0x54) return Number.NaN
  if (text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d || text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a) {
    return Number.NaN
  }
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2)
  const month = twoDigits(text, 5)
  const day = twoDigits(text, 8)
  const hours = twoDigits(text, 11)
  const minutes = twoDigits(text, 14)
  const seconds = twoDigits(text, 17)
  if (!(year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hours <= 24 && minutes <= 59 && seconds <= 60)) {
    return Number.NaN
  }
  return Date.UTC(year, month - 1, day, hours, minutes, seconds)
}

/**
 * An ISO 8601 / XML Schema date-time (`2018-03-13T12:44:45Z`, `…+01:00`, `…45.787Z`) as epoch
 * milliseconds UTC, fractional milliseconds kept. A time without zone designator is UTC (as the
 * reference tracker reads it; `Date.parse` would take local time). Returns `NaN` when invalid.
 */
export function parseIsoTime(text: string): number {
  const basic = parseBasicUtc(text)
  if (!Number.isNaN(basic)) return basic
  const match = ISO_TIME.exec(text)
  if (!match) return Number.NaN
  const [, y, mo, d, h, mi, s, fraction, zone] = match
  const month = Number(mo)
  const day = Number(d)
  const hours = Number(h)
  const minutes = Number(mi)
  const seconds = Number(s)
  const year = Number(y)
  // Date.UTC maps years below 100 to the 1900s; no GPS track predates 1900 anyway.
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31 || hours > 24 || minutes > 59 || seconds > 60) {
    return Number.NaN
  }
  let ms = Date.UTC(year, month - 1, day, hours, minutes, seconds)
  if (fraction) ms += Number(fraction) / 10 ** (fraction.length - 3)
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')
    ms -= sign * offsetMinutes * 60_000
  }
  return ms
}

/** A decimal number, or `NaN` for blank or non-numeric text (`Number('')` would give 0). */
export function parseDecimal(text: string): number {
  const value = Number(text)
  // Number() trims whitespace itself; only blank text needs the slow check.
  return value === 0 && text.trim() === '' ? Number.NaN : value
}

/** `value` when it lies in `[min, max]`, else `NaN` (sensor values outside physical ranges are junk). */
export function withinRange(value: number, min: number, max: number): number {
  return value >= min && value <= max ? value : Number.NaN
}

/** Plausible ranges of sensor values; anything outside is treated as missing. */
export const SENSOR_RANGES = {
  heartRate: [1, 300],
  cadence: [0, 400],
  power: [0, 5000],
  temperature: [-90, 90],
} as const satisfies Record<string, readonly [number, number]>

/** True when a latitude/longitude pair is finite and on Earth. */
export function validPosition(lat: number, lon: number): boolean {
  return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}

/** Collapses runs of whitespace and trims; `null` for blank text. */
export function cleanText(text: string): string | null {
  const cleaned = text.replace(/\s+/g, ' ').trim()
  return cleaned === '' ? null : cleaned
}

/** Powers of ten, all exact doubles (10^22 is the last), for the decimal fast paths. */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

/** The bytes as text, for the general (slow) paths. */
function bytesText(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8')
}

/** 2^27 + 1: splits a double into two halves whose products are exact (Veltkamp). */
const SPLITTER = 134_217_729
const TWO_26 = 67_108_864
/** Far above the quotient's error below (~2^-100 of it), far below half a unit in the last place (2^-53). */
const TIE_MARGIN = 2 ** -75

/** `a·b − fl(a·b)`, exactly (Dekker's product), given `product = a * b`. */
function productError(a: number, b: number, product: number): number {
  let t = SPLITTER * a
  const aHigh = t - (t - a)
  const aLow = a - aHigh
  t = SPLITTER * b
  const bHigh = t - (t - b)
  const bLow = b - bHigh
  return aLow * bLow - (product - aHigh * bHigh - aLow * bHigh - aHigh * bLow)
}

/**
 * The double nearest `(head·10^tailDigits + tail) / scale` (head < 10^15, tail < 10^tailDigits ≤ 10^4,
 * scale a power of ten up to 10^19): what `Number` gives for a decimal of 16–19 digits, which no
 * double holds exactly. The numerator is kept as a sum of two doubles (exact to ~2^-105), divided
 * with one correction step (Dekker), so the quotient is known to ~2^-100 of itself; when even that
 * cannot tell which side of a halfway point between two doubles it lies (a tie, or closer than
 * 2^-75), the answer is NaN and the caller asks `Number`.
 */
function nearestQuotient(head: number, tail: number, tailDigits: number, scale: number): number {
  // head·10^k as two exact products: each half of head times 10^k stays within 53 bits.
  const headHigh = Math.floor(head / TWO_26)
  const a = headHigh * (POW10[tailDigits] ?? Number.NaN) * TWO_26
  const b = (head - headHigh * TWO_26) * (POW10[tailDigits] ?? Number.NaN)
  // Knuth's two-sums: numerator = high + low, the low part holding both rounding errors.
  const sum = a + b
  let virtual = sum - a
  const error1 = a - (sum - virtual) + (b - virtual)
  const high = sum + tail
  virtual = high - sum
  const error2 = sum - (high - virtual) + (tail - virtual)
  const low = error1 + error2
  const quotient = high / scale
  const product = quotient * scale
  // high − quotient·scale is exact (Sterbenz), the product's own error comes from Dekker.
  const correction = (high - product - productError(quotient, scale, product) + low) / scale
  const margin = quotient * TIE_MARGIN
  const below = quotient + (correction - margin)
  return below === quotient + (correction + margin) ? below : Number.NaN
}

/**
 * {@link parseDecimal} of UTF-8 `bytes[start, end)`, without building a string for the common
 * `-?digits(.digits)?` form of at most 19 digits. Up to 15 digits make an exact integer `m` and
 * `m / 10^k` is then one correctly rounded division of exact values, i.e. exactly what
 * `Number(text)` returns; 16 to 19 digits (Garmin Connect's coordinates and float32 elevations
 * printed in full, JavaScript's shortest form of a double) go through {@link nearestQuotient}.
 * Anything else (spaces, exponents, long numbers, junk) takes the string path, so results never
 * differ from {@link parseDecimal}.
 */
export function parseDecimalBytes(bytes: Uint8Array, start: number, end: number): number {
  let i = start
  const negative = bytes[i] === 0x2d
  if (negative) i++
  /** The first 15 digits, then the next ones apart: each an exact integer. */
  let mantissa = 0
  let tail = 0
  let digits = 0
  let fractionDigits = -1
  for (; i < end; i++) {
    const code = bytes[i] ?? 0
    if (code >= 0x30 && code <= 0x39) {
      if (digits < 15) mantissa = mantissa * 10 + (code - 0x30)
      else tail = tail * 10 + (code - 0x30)
      digits++
      if (fractionDigits >= 0) fractionDigits++
    } else if (code === 0x2e && fractionDigits < 0) {
      fractionDigits = 0
    } else {
      break
    }
  }
  if (i !== end || digits === 0) return parseDecimal(bytesText(bytes, start, end))
  const scale = fractionDigits > 0 ? (POW10[fractionDigits] ?? Number.NaN) : 1
  const value = digits <= 15 ? mantissa / scale : digits <= 19 ? nearestQuotient(mantissa, tail, digits - 15, scale) : Number.NaN
  if (Number.isNaN(value)) {
    // Only digits, a sign and a dot: ASCII, so `Number` of the latin1 text, without the UTF-8 decoding.
    return Number(Buffer.isBuffer(bytes) ? bytes.toString('latin1', start, end) : bytesText(bytes, start, end))
  }
  return negative ? -value : value
}

const MS_PER_DAY = 86_400_000

/** Days from 1970-01-01 to the first of `month` (1–12) of `year` (proleptic Gregorian, as `Date.UTC`). */
function daysToMonthStart(year: number, month: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const monthFromMarch = month > 2 ? month - 3 : month + 9
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5)
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** Two ASCII digits at `at` as a number, or NaN. */
function twoDigitBytes(bytes: Uint8Array, at: number): number {
  const tens = (bytes[at] ?? 0) - 48
  const units = (bytes[at + 1] ?? 0) - 48
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : Number.NaN
}

/** Last month start computed (a track's points share their date): key `year * 100 + month`. */
let cachedMonthKey = -1
let cachedMonthMs = 0

/**
 * {@link parseIsoTime} of UTF-8 `bytes[start, end)`. Fast path, no string: the form devices
 * write, `YYYY-MM-DDTHH:MM:SS[.fff…]Z`; the date arithmetic is `Date.UTC`'s (days since the
 * epoch, out-of-range days/hours rolling over the same way) and fractions are added exactly as
 * {@link parseIsoTime} does. Every other form (offsets, no zone, spaces) takes the string path.
 */
export function parseIsoTimeBytes(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start
  if (
    length >= 20 &&
    bytes[end - 1] === 0x5a &&
    bytes[start + 4] === 0x2d &&
    bytes[start + 7] === 0x2d &&
    bytes[start + 10] === 0x54 &&
    bytes[start + 13] === 0x3a &&
    bytes[start + 16] === 0x3a &&
    (length === 20 || (bytes[start + 19] === 0x2e && length > 21 && length <= 36))
  ) {
    const year = twoDigitBytes(bytes, start) * 100 + twoDigitBytes(bytes, start + 2)
    const month = twoDigitBytes(bytes, start + 5)
    const day = twoDigitBytes(bytes, start + 8)
    const hours = twoDigitBytes(bytes, start + 11)
    const minutes = twoDigitBytes(bytes, start + 14)
    const seconds = twoDigitBytes(bytes, start + 17)
    let fraction = 0
    let fractionDigits = 0
    for (let i = start + 20; i < end - 1; i++) {
      const digit = (bytes[i] ?? 0) - 48
      if (digit < 0 || digit > 9) return parseIsoTime(bytesText(bytes, start, end))
      fraction = fraction * 10 + digit
      fractionDigits++
    }
    if (!(year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hours <= 24 && minutes <= 59 && seconds <= 60)) {
      return Number.NaN
    }
    const key = year * 100 + month
    if (key !== cachedMonthKey) {
      cachedMonthMs = daysToMonthStart(year, month) * MS_PER_DAY
      cachedMonthKey = key
    }
    const ms = cachedMonthMs + (day - 1) * MS_PER_DAY + hours * 3_600_000 + minutes * 60_000 + seconds * 1000
    return fractionDigits > 0 ? ms + fraction / 10 ** (fractionDigits - 3) : ms
  }
  return parseIsoTime(bytesText(bytes, start, end))
}
