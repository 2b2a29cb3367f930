import { isSwimming } from '../../src/domain/pace'
import { numberFormat } from './intl'

/** Length conversions of spec §9: 1 mi = 5280 ft, 1 m = 3.280839895 ft. */
export const FEET_PER_METRE = 3.280839895
const FEET_PER_MILE = 5280
export const MILES_PER_KM = (1000 * FEET_PER_METRE) / FEET_PER_MILE

export type DistanceUnit = 'km' | 'mi'

/** A distance in kilometres expressed in the viewer's unit. */
export function convertDistance(km: number, imperial: boolean): { value: number; unit: DistanceUnit } {
  return imperial ? { value: km * MILES_PER_KM, unit: 'mi' } : { value: km, unit: 'km' }
}

/** Formats a number for a language with a fixed number of decimals (decimal comma in fr/de). */
export function formatNumber(value: number, language: string, decimals = 2): string {
  return numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)
}

/** How a sport's distances read in the viewer's units (`common.UNITS.<unit>`). */
export interface DistanceReading {
  unit: 'km' | 'mi' | 'm' | 'yd'
  /** Multiplier from the viewer's km or mi to `unit`. */
  perUnit: number
  decimals: number
}

/** 3 ft to the yard (spec §9: 1 mi = 5280 ft). */
const YARDS_PER_MILE = FEET_PER_MILE / 3

/**
 * Swims read in whole metres or yards, as swimmers count them (a 50 m length, not "0.05 km");
 * every other sport in km or mi with 2 decimals.
 */
export function distanceReading(sportId: number, imperial: boolean): DistanceReading {
  if (!isSwimming(sportId)) return { unit: imperial ? 'mi' : 'km', perUnit: 1, decimals: 2 }
  return imperial ? { unit: 'yd', perUnit: YARDS_PER_MILE, decimals: 0 } : { unit: 'm', perUnit: 1000, decimals: 0 }
}
