const DAY_MS = 86_400_000
/** Instants whose year has four digits (0000–9999), where `toUTCString` writes a fixed layout. */
const FIRST_FOUR_DIGIT_MS = -62_167_219_200_000
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999
/** The day's part (`Tue, 13 Mar 2018 `) of the last day formatted: a chart's points share a few days. */
let cachedDay = Number.NaN
let cachedPrefix = ''
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value))
/** Day 0 of the epoch (1970-01-01) was a Thursday. */
const WEEKDAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/**
 * The day's part of the text (`Tue, 13 Mar 2018 `) of a day since the epoch, by the proleptic
 * Gregorian calendar `toUTCString` uses (days to year, month and day as in Howard Hinnant's
 * `civil_from_days`): a list's dates fall on many days, and `toUTCString` for each cost ~0.4 µs.
 */
function dayText(day: number): string {
  const shifted = day + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  // Months counted from March, so February's leap day ends the year.
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const dayOfMonth = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 2 : monthFromMarch - 10
  const year = yearOfEra + era * 400 + (month < 2 ? 1 : 0)
  return `${WEEKDAYS[((day % 7) + 7) % 7] ?? ''}, ${twoDigits(dayOfMonth)} ${MONTHS[month] ?? ''} ${String(year).padStart(4, '0')} `
}

/**
 * RFC 1123 date in GMT, the API's date format (`Tue, 13 Mar 2018 12:44:45 GMT`): `toUTCString`'s
 * text, written here (a chart answer formats 2,000 of them, a list of 100 workouts 300; the
 * platform's string cost more than the rest of the chart's presentation).
 */
export function toHttpDate(date: Date): string {
  const ms = date.getTime()
  if (!(ms >= FIRST_FOUR_DIGIT_MS && ms <= LAST_FOUR_DIGIT_MS)) return date.toUTCString()
  const day = Math.floor(ms / DAY_MS)
  if (day !== cachedDay) {
    cachedPrefix = dayText(day)
    cachedDay = day
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000)
  return `${cachedPrefix}${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)} GMT`
}
