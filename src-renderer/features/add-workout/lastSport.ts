const KEY = 'waymark.lastSportId'

/** The sport of the last workout this browser added, when it is still one the user can choose. */
export function lastSportId(selectable: readonly { id: number }[]): string | null {
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(KEY)
  } catch {
    return null
  }
  return stored !== null && selectable.some((sport) => String(sport.id) === stored) ? stored : null
}

/** Remembers the sport of a workout just added, for the next visit of the add page. */
export function rememberSport(sportId: number): void {
  try {
    window.localStorage.setItem(KEY, String(sportId))
  } catch {
    // Storage unavailable (private modes): the next visit simply starts without a sport.
  }
}

/** What still keeps Submit disabled, as a translation key, or null when nothing is missing. */
export function missingKey(missing: { sport: boolean; file?: boolean }): string | null {
  if (missing.sport && missing.file) return 'workouts.ADD.MISSING.SPORT_AND_FILE'
  if (missing.sport) return 'workouts.ADD.MISSING.SPORT'
  if (missing.file) return 'workouts.ADD.MISSING.FILE'
  return null
}
