import { FEET_PER_METRE, MILES_PER_KM } from '../../format/units'

/** The units a measure is shown in, by the user's `imperial_units` preference. */
export interface UnitSystem {
  distance: 'km' | 'mi'
  elevation: 'm' | 'ft'
  speed: 'km/h' | 'mi/h'
}

export function unitSystem(imperial: boolean): UnitSystem {
  return imperial ? { distance: 'mi', elevation: 'ft', speed: 'mi/h' } : { distance: 'km', elevation: 'm', speed: 'km/h' }
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
