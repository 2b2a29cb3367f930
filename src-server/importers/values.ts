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
