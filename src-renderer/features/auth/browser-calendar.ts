/** What `Intl.Locale` tells of weeks: a method in current browsers, a property in older ones. */
type WeekInfoLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } }

/** The day a week starts on where the browser's language is used (1 Monday … 7 Sunday), when the browser knows it. */
function firstDayOfWeek(language: string): number | undefined {
  try {
    const locale = new Intl.Locale(language) as WeekInfoLocale
    return (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay
  } catch {
    return undefined
  }
}

/**
 * The browser's time zone and week start, sent with a registration so a new account reads dates and
 * calendars as its owner does from the first day (the server's defaults are Paris and Sunday).
 */
export function browserCalendar(language = navigator.language): { timezone?: string; weekm?: boolean } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const firstDay = firstDayOfWeek(language)
  return { ...(zone ? { timezone: zone } : {}), ...(firstDay === undefined ? {} : { weekm: firstDay === 1 }) }
}
