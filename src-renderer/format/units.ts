/** Length conversions of spec §9: 1 mi = 5280 ft, 1 m = 3.280839895 ft. */
export const FEET_PER_METRE = 3.280839895
export const FEET_PER_MILE = 5280
export const MILES_PER_KM = (1000 * FEET_PER_METRE) / FEET_PER_MILE

export type DistanceUnit = 'km' | 'mi'

/** A distance in kilometres expressed in the viewer's unit. */
export function convertDistance(km: number, imperial: boolean): { value: number; unit: DistanceUnit } {
  return imperial ? { value: km * MILES_PER_KM, unit: 'mi' } : { value: km, unit: 'km' }
}

/** Formats a number for a language with a fixed number of decimals (decimal comma in fr/de). */
export function formatNumber(value: number, language: string, decimals = 2): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value)
}
