import dayjs from 'dayjs'
// Month and day names of the date pickers (which all format with this module), not of the first load.
import 'dayjs/locale/de'
import 'dayjs/locale/fr'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)
dayjs.extend(customParseFormat)

/** Display formats of spec §9 (registration date and birth date). */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm'
export const DATE_FORMAT = 'DD/MM/YYYY'
/** The format the API takes for a birth date. */
export const API_DATE_FORMAT = 'YYYY-MM-DD'

/** Parses a server date: RFC 1123 (`Tue, 13 Mar 2018 12:44:45 GMT`) or ISO (`2018-03-13`). */
export function parseServerDate(value: string): dayjs.Dayjs {
  const iso = dayjs.utc(value, API_DATE_FORMAT, true)
  return iso.isValid() ? iso : dayjs.utc(new Date(value))
}

/** A server timestamp shown as `dd/MM/yyyy HH:mm` in the viewer's timezone. */
export function formatDateTime(value: string, zone?: string | null): string {
  const date = parseServerDate(value)
  if (!date.isValid()) return ''
  if (zone) {
    try {
      return date.tz(zone).format(DATE_TIME_FORMAT)
    } catch {
      // An unknown zone falls back to UTC rather than failing the page.
    }
  }
  return date.format(DATE_TIME_FORMAT)
}

/** A calendar date (no time of day, so no timezone shift) shown as `dd/MM/yyyy`. */
export function formatDate(value: string): string {
  const date = parseServerDate(value)
  return date.isValid() ? date.format(DATE_FORMAT) : ''
}

/** A calendar date as the API takes it (`yyyy-MM-dd`), or null. */
export function toApiDate(value: string | null | undefined): string | null {
  if (!value) return null
  const date = parseServerDate(value)
  return date.isValid() ? date.format(API_DATE_FORMAT) : null
}
