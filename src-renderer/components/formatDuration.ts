/**
 * Durations as the interface shows them: `hh:mm:ss`, hours never wrapping into days (a 26-hour
 * ride reads `26:00:00`), so figures, chart axes and tooltips all agree.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = seconds % 60
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':')
}

/**
 * Seconds of an API duration: `H:MM:SS`, or `N day(s), H:MM:SS` (Python's timedelta text).
 * @returns null when the text is neither
 */
export function parseApiDuration(text: string | null | undefined): number | null {
  if (!text) return null
  const match = /^(?:(\d+) days?, )?(\d+):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(text.trim())
  if (!match) return null
  const [, days, hours, minutes, seconds] = match
  return Number(days ?? 0) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
}

/** An API duration shown as `hh:mm:ss` (unparseable text is shown as it came). */
export function formatApiDuration(text: string | null | undefined): string {
  const seconds = parseApiDuration(text)
  return seconds === null ? (text ?? '') : formatDuration(seconds)
}
