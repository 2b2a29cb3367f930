/** The unit letters of {@link formatDaysDuration}, translated (`statistics.DURATION_UNITS`). */
export interface DurationUnits {
  d: string
  h: string
  m: string
  s: string
}

/** Seconds as `1d 2h 3m 4s` (tooltips, spec §9), leaving out leading zero parts (`0s` for nothing). */
export function formatDaysDuration(totalSeconds: number, units: DurationUnits): string {
  let rest = Math.max(0, Math.round(totalSeconds))
  const days = Math.floor(rest / 86_400)
  rest %= 86_400
  const parts: [number, string][] = [
    [days, units.d],
    [Math.floor(rest / 3600), units.h],
    [Math.floor((rest % 3600) / 60), units.m],
    [rest % 60, units.s],
  ]
  const first = parts.findIndex(([value]) => value > 0)
  if (first === -1) return `0${units.s}`
  return parts
    .slice(first)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ')
}
