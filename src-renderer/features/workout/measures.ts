import { isSwimming } from '../../../src/domain/pace'
import { FEET_PER_METRE, FEET_PER_MILE, MILES_PER_KM } from '../../format/units'

/** The units a measure is shown in, by the user's `imperial_units` preference. */
export interface UnitSystem {
  distance: 'km' | 'mi'
  elevation: 'm' | 'ft'
  speed: 'km/h' | 'mi/h'
}

export function unitSystem(imperial: boolean): UnitSystem {
  return imperial ? { distance: 'mi', elevation: 'ft', speed: 'mi/h' } : { distance: 'km', elevation: 'm', speed: 'km/h' }
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

/** km → the viewer's distance unit (1 mi = 1.609344 km). */
export function toDistanceUnit(km: number, imperial: boolean): number {
  return imperial ? km * MILES_PER_KM : km
}

/** The viewer's distance unit → km (forms send km). */
export function fromDistanceUnit(value: number, imperial: boolean): number {
  return imperial ? value / MILES_PER_KM : value
}

/** m → the viewer's elevation unit (1 m = 3.280839895 ft). */
export function toElevationUnit(metres: number, imperial: boolean): number {
  return imperial ? metres * FEET_PER_METRE : metres
}

export function fromElevationUnit(value: number, imperial: boolean): number {
  return imperial ? value / FEET_PER_METRE : value
}

/** km/h → the viewer's speed unit. */
export function toSpeedUnit(kmh: number, imperial: boolean): number {
  return imperial ? kmh * MILES_PER_KM : kmh
}

/** The viewer's speed unit → km/h. */
export function fromSpeedUnit(value: number, imperial: boolean): number {
  return imperial ? value / MILES_PER_KM : value
}

/** °C → °F when imperial. */
export function toTemperatureUnit(celsius: number, imperial: boolean): number {
  return imperial ? (celsius * 9) / 5 + 32 : celsius
}

/** Wind m/s → mph when imperial (1 mph = 0.44704 m/s). */
export function toWindUnit(metresPerSecond: number, imperial: boolean): number {
  return imperial ? metresPerSecond / 0.44704 : metresPerSecond
}

/** Rounds for display without the trailing noise of unit conversions. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
