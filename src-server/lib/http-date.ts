const DAY_MS = 86_400_000
/** Instants whose year has four digits (0000–9999), where `toUTCString` writes a fixed layout. */
const FIRST_FOUR_DIGIT_MS = -62_167_219_200_000
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999
/** The day's part (`Tue, 13 Mar 2018 `) of the last day formatted: a chart's points share a few days. */
let cachedDay = Number.NaN
let cachedPrefix = ''
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value))

/**
 * RFC 1123 date in GMT, the API's date format (`Tue, 13 Mar 2018 12:44:45 GMT`): `toUTCString`'s
 * text, its time of day written here (a chart answer formats 2,000 of them; the whole string cost
 * more than the rest of the chart's presentation).
 */
export function toHttpDate(date: Date): string {
  const ms = date.getTime()
  if (!(ms >= FIRST_FOUR_DIGIT_MS && ms <= LAST_FOUR_DIGIT_MS)) return date.toUTCString()
  const day = Math.floor(ms / DAY_MS)
  if (day !== cachedDay) {
    const text = date.toUTCString()
    // `Tue, 13 Mar 2018 ` — the day's part is the text up to its time of day.
    cachedPrefix = text.slice(0, text.length - 12)
    cachedDay = day
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000)
  return `${cachedPrefix}${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)} GMT`
}
