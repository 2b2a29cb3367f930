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
