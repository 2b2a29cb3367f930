import type { TFunction } from 'i18next'
import { numberFormat } from '../../format/intl'

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

/** "712 km of 700 km", "120 h of 100 h" or both, in the user's language; empty without a limit. */
export function wearText(t: TFunction, language: string, fields: WearFields): string {
  const number = numberFormat(language, { maximumFractionDigits: 1 })
  const parts: string[] = []
  if (fields.wear_limit_distance !== null)
    parts.push(
      t('equipment.WEAR_OF', {
        done: t('equipment.KM', { value: number.format(fields.total_distance ?? 0) }),
        limit: t('equipment.KM', { value: number.format(fields.wear_limit_distance) }),
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
