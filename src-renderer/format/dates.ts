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
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm'
const DATE_FORMAT = 'DD/MM/YYYY'
/** The format the API takes for a birth date. */
export const API_DATE_FORMAT = 'YYYY-MM-DD'

/** How a date field's placeholder spells day, month and year in the interface language (`dd`, `jj`, `TT`…). */
export interface DateLetters {
  day: string
  month: string
  year: string
}

/** A date field's format (dayjs tokens: what it shows and parses) and the placeholder spelling it out. */
export interface DateInputFormat {
  valueFormat: string
  placeholder: string
}

/** The locale whose way of writing a date each interface language's date fields follow. */
const DATE_FIELD_LOCALES: Readonly<Record<string, string>> = {
  // Day first, as the app shows every date (spec: dd/MM/yyyy), whatever the browser's English variant.
  en: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
}

/**
 * The date fields' format for an interface language (de `DD.MM.YYYY`, fr and en `DD/MM/YYYY`), as
 * Intl writes a date with two-digit day and month, so that a field reads and parses dates the way
 * the rest of the interface shows them.
 */
export function dateInputFormat(language: string, letters: DateLetters): DateInputFormat {
  const locale = DATE_FIELD_LOCALES[language] ?? language
  // 31 January 2000: every field has two digits, so none is mistaken for another.
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2000, 0, 31))
  let valueFormat = ''
  let placeholder = ''
  for (const part of parts) {
    if (part.type === 'day' || part.type === 'month' || part.type === 'year') {
      valueFormat += { day: 'DD', month: 'MM', year: 'YYYY' }[part.type]
      placeholder += letters[part.type]
    } else {
      // Separators pass through; letters among them are escaped from dayjs.
      valueFormat += /[a-z]/i.test(part.value) ? `[${part.value}]` : part.value
      placeholder += part.value
    }
  }
  return { valueFormat, placeholder }
}

/** Parses a server date: RFC 1123 (`Tue, 13 Mar 2018 12:44:45 GMT`) or ISO (`2018-03-13`). */
export function parseServerDate(value: string): dayjs.Dayjs {
  const iso = dayjs.utc(value, API_DATE_FORMAT, true)
  return iso.isValid() ? iso : dayjs.utc(new Date(value))
}

interface ZonedParts {
  year: string
  month: string
  day: string
  hour: string
  minute: string
}

/** One formatter per zone, kept (null for an unknown zone): dayjs's `tz()` builds one per call. */
const zoneFormats = new Map<string, Intl.DateTimeFormat | null>()

/**
 * The wall-clock date and time of an instant in a time zone, or null when the zone is unknown.
 * Calendars and lists ask this for every workout shown, so it reuses its formatters.
 */
function partsInZone(instant: Date, zone: string): ZonedParts | null {
  let format = zoneFormats.get(zone)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    } catch {
      format = null
    }
    zoneFormats.set(zone, format)
  }
  if (!format) return null
  const parts: Record<string, string> = {}
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value
  return { year: parts.year ?? '', month: parts.month ?? '', day: parts.day ?? '', hour: parts.hour ?? '', minute: parts.minute ?? '' }
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone, or null when the zone is unknown. */
export function dayInZone(instant: Date, zone: string): string | null {
  const parts = partsInZone(instant, zone)
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : null
}

/** Today's date (`YYYY-MM-DD`) in a time zone; the browser's own day when the zone is unknown. */
export function today(zone: string | null | undefined, now: Date = new Date()): string {
  return (zone ? dayInZone(now, zone) : null) ?? dayjs(now).format(API_DATE_FORMAT)
}

/** A server timestamp shown as `dd/MM/yyyy HH:mm` in the viewer's timezone. */
export function formatDateTime(value: string, zone?: string | null): string {
  const date = parseServerDate(value)
  if (!date.isValid()) return ''
  // An unknown zone falls back to UTC rather than failing the page.
  const parts = zone ? partsInZone(date.toDate(), zone) : null
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}` : date.format(DATE_TIME_FORMAT)
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
