import { MILES_PER_KM } from '../../format/units'
import type { FilterKey, Filters } from './listQuery'

/** Filters typed in the viewer's distance unit (distance and speeds); the API takes km and km/h. */
const UNIT_FILTERS: readonly FilterKey[] = ['distance_from', 'distance_to', 'ave_speed_from', 'ave_speed_to', 'max_speed_from', 'max_speed_to']

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

/** API filters (km) → form values in the viewer's unit. */
export function filtersForForm(filters: Filters, imperial: boolean): Filters {
  if (!imperial) return { ...filters }
  const form: Filters = { ...filters }
  for (const key of UNIT_FILTERS) {
    const value = filters[key]
    if (value !== undefined) form[key] = String(round(Number(value) * MILES_PER_KM, 2))
  }
  return form
}

/** Form values in the viewer's unit → API filters (km), empty fields left out. */
export function filtersFromForm(form: Filters, imperial: boolean): Filters {
  const filters: Filters = {}
  for (const [key, raw] of Object.entries(form) as [FilterKey, string | undefined][]) {
    const value = raw?.trim()
    if (!value) continue
    filters[key] = imperial && UNIT_FILTERS.includes(key) && Number.isFinite(Number(value)) ? String(round(Number(value) / MILES_PER_KM, 3)) : value
  }
  return filters
}
