/**
 * Formats whole seconds the way the reference tracker's API does (Python's timedelta text):
 * `H:MM:SS`, and `N day(s), H:MM:SS` from one day on.
 * @param totalSeconds a non-negative duration in seconds (fractions are dropped)
 */
export function formatTimedelta(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const days = Math.floor(seconds / 86_400)
  const rest = seconds % 86_400
  const clock = `${Math.floor(rest / 3600)}:${String(Math.floor((rest % 3600) / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`
  if (days === 0) return clock
  return `${days} ${days === 1 ? 'day' : 'days'}, ${clock}`
}

/**
 * A rough time left in the reader's language ("45 seconds", "12 minutes", "1.5 hours"): the
 * estimate is rough, so it is rounded to the unit that reads best.
 * @param seconds estimated seconds left (negative counts as 0)
 * @param locale a BCP 47 language tag (`en`, `fr`, `de`)
 */
export function formatTimeLeft(seconds: number, locale: string): string {
  const left = Math.max(0, seconds)
  const [value, unit, digits] = left < 60 ? [Math.round(left), 'second', 0] : left < 90 * 60 ? [Math.round(left / 60), 'minute', 0] : [left / 3600, 'hour', 1]
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: digits }).format(value)
}
