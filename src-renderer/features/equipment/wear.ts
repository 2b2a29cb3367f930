import type { TFunction } from 'i18next'
import { createZoneClock, localDayStart } from '../../../src/domain/zoned-time'
import { numberFormat } from '../../format/intl'
import { convertDistance } from '../../format/units'
import { useAppState } from '../../session/store'

/** What an item, a component or a notice entry has done and its limits (the API's fields). */
interface WearFields {
  total_distance: number | null
  total_duration_in_hours: number
  wear_limit_distance: number | null
  wear_limit_hours: number | null
}

/**
 * How far along its limits something is, as a share (0…1, capped) of the limit nearest to being
 * reached, or null without a limit.
 */
export function wearShare(fields: WearFields): number | null {
  const shares = [
    fields.wear_limit_distance === null ? null : (fields.total_distance ?? 0) / fields.wear_limit_distance,
    fields.wear_limit_hours === null ? null : fields.total_duration_in_hours / fields.wear_limit_hours,
  ].filter((share): share is number => share !== null)
  return shares.length === 0 ? null : Math.min(1, Math.max(...shares))
}

/** A distance stored in km as the user reads distances: "712 km", or "442.4 mi" for `imperial`. */
export function distanceText(t: TFunction, language: string, km: number, imperial: boolean): string {
  const { value, unit } = convertDistance(km, imperial)
  return t(unit === 'mi' ? 'equipment.MI' : 'equipment.KM', { value: numberFormat(language, { maximumFractionDigits: 1 }).format(value) })
}

/** "712 km of 700 km" (miles for `imperial`), "120 h of 100 h" or both, in the user's language; empty without a limit. */
export function wearText(t: TFunction, language: string, fields: WearFields, imperial: boolean): string {
  const number = numberFormat(language, { maximumFractionDigits: 1 })
  const parts: string[] = []
  if (fields.wear_limit_distance !== null)
    parts.push(
      t('equipment.WEAR_OF', {
        done: distanceText(t, language, fields.total_distance ?? 0, imperial),
        limit: distanceText(t, language, fields.wear_limit_distance, imperial),
      }),
    )
  if (fields.wear_limit_hours !== null)
    parts.push(
      t('equipment.WEAR_OF', {
        done: t('equipment.HOURS_VALUE', { value: number.format(fields.total_duration_in_hours) }),
        limit: t('equipment.HOURS_VALUE', { value: number.format(fields.wear_limit_hours) }),
      }),
    )
  return parts.join(', ')
}

/** A NumberInput's value as a limit: empty is none. */
export const limitOf = (value: string | number): number | null => (value === '' ? null : Number(value))

/** 1 mi = 1.609344 km exactly (the international mile). */
const KM_PER_MILE = 1.609344

/** A distance limit typed in the user's unit, in km as stored (to the metre: 500 mi is 804.672 km); empty is none. */
export function distanceLimitOf(value: string | number, imperial: boolean): number | null {
  const limit = limitOf(value)
  return limit === null || !imperial ? limit : Math.round(limit * KM_PER_MILE * 1000) / 1000
}

/** A stored distance limit (km) as the form shows it, in the user's unit to a tenth; '' when none. */
export function distanceLimitInput(km: number | null, imperial: boolean): number | '' {
  return km === null ? '' : imperial ? Math.round((km / KM_PER_MILE) * 10) / 10 : km
}

/** The user's units and time zone (the profile's; the browser's zone until it is known). */
export function useWearSettings(): { imperial: boolean; timeZone: string } {
  const imperial = useAppState((state) => state.profile?.imperial_units ?? false)
  const zone = useAppState((state) => state.profile?.timezone)
  return { imperial, timeZone: zone || Intl.DateTimeFormat().resolvedOptions().timeZone }
}

/** The instant a day typed as `YYYY-MM-DD` begins in the user's time zone (not the browser's), as ISO. */
export function startOfDayIn(day: string, timeZone: string): string | undefined {
  const start = localDayStart(createZoneClock(timeZone), day)
  return start === null ? undefined : new Date(start).toISOString()
}
