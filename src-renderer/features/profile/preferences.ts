import type { User, UserPreferences } from '../../../src/contracts'
import type { WorkoutLevels } from '../../../src/domain/visibility'
import { isLanguage } from '../../../src/i18n/language'

/** Default preferences (spec §9) for a profile that lacks some. */
const DEFAULT_TIMEZONE = 'Europe/Paris'

/** A user's preferences, with the spec's defaults filled in. */
export function preferencesOf(profile: User): UserPreferences {
  return {
    display_ascent: profile.display_ascent ?? true,
    imperial_units: profile.imperial_units ?? false,
    language: isLanguage(profile.language) ? profile.language : 'en',
    timezone: profile.timezone ?? DEFAULT_TIMEZONE,
    weekm: profile.weekm ?? false,
    max_hr: profile.max_hr ?? null,
    resting_hr: profile.resting_hr ?? null,
    ftp: profile.ftp ?? null,
    workouts_visibility: profile.workouts_visibility ?? 'private',
    analysis_visibility: profile.analysis_visibility ?? 'private',
    map_visibility: profile.map_visibility ?? 'private',
    hr_visibility: profile.hr_visibility ?? 'private',
    manually_approves_followers: profile.manually_approves_followers ?? true,
    notification_emails: profile.notification_emails ?? false,
  }
}

const FALLBACK_ZONES = ['Europe/Paris', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'UTC']

/** The IANA zones offered by the timezone field (the runtime's list, fixed per browser). */
export function timezones(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone')
    return zones.includes('UTC') ? zones : [...zones, 'UTC']
  } catch {
    return FALLBACK_ZONES
  }
}

/** A new workout's levels as the user's defaults set them (all private before the profile is loaded). */
export function defaultLevels(profile: User | null): WorkoutLevels {
  const preferences = profile ? preferencesOf(profile) : null
  return { workout: preferences?.workouts_visibility ?? 'private', analysis: preferences?.analysis_visibility ?? 'private', map: preferences?.map_visibility ?? 'private' }
}

/** The levels as an add's fields. */
export const levelsBody = (levels: WorkoutLevels) => ({ workout_visibility: levels.workout, analysis_visibility: levels.analysis, map_visibility: levels.map })
