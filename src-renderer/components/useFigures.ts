import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Sport } from '../../src/contracts'
import { formatPace, paceOfSpeed, paceUnitFor, type PaceUnit } from '../../src/domain/pace'
import { FEET_PER_METRE, convertDistance, distanceReading, formatNumber } from '../format/units'
import { useAppState } from '../session/store'

/** Formats workout figures in given units (km or mi, m or ft) and language. */
export interface UnitFormat {
  imperial: boolean
  /** km → `12.34 km` / `7.67 mi` */
  distance: (km: number | null | undefined, decimals?: number) => string
  /** km → a workout's distance in its sport's unit: `1 700 m` / `1,859 yd` for swims, else as {@link distance}. */
  sportDistance: (km: number | null | undefined, sportId: number) => string
  /** km/h → `12.34 km/h` / `7.67 mph` */
  speed: (kmh: number | null | undefined) => string
  /** km/h → `5:00 /km`, per `unit` (km, mi, 100 m or 100 yd) */
  pace: (kmh: number | null | undefined, unit: PaceUnit) => string
  /** The unit a sport's paces are counted per for this viewer, or null when the user reads the sport as speed. */
  paceUnit: (sport: Pick<Sport, 'id' | 'speed_display'> | undefined) => PaceUnit | null
  /** km/h → a pace per `pace` (from {@link paceUnit}), or a speed when `pace` is null. */
  speedOrPace: (kmh: number | null | undefined, pace: PaceUnit | null) => string
  /** m → `123 m` / `404 ft` */
  elevation: (metres: number | null | undefined) => string
  number: (value: number, decimals?: number) => string
}

/** {@link UnitFormat} plus the viewer's display preferences. */
export interface FigureFormat extends UnitFormat {
  displayAscent: boolean
  timezone: string | null
}

const NONE = '–'

/** The one place figures are worded, for cards that receive their units as props. */
export function unitFormat(imperial: boolean, language: string, t: TFunction): UnitFormat {
  const unit = (key: string) => t(`common.UNITS.${key}`)
  const speed = (kmh: number | null | undefined) => {
    if (kmh == null) return NONE
    const { value } = convertDistance(kmh, imperial)
    return `${formatNumber(value, language, 2)}\u00a0${unit(imperial ? 'mi/h' : 'km/h')}`
  }
  const pace = (kmh: number | null | undefined, paceUnit: PaceUnit) => {
    const seconds = kmh == null ? null : paceOfSpeed(kmh, paceUnit)
    return seconds === null ? NONE : `${formatPace(seconds)}\u00a0${t(`insights.PACE_UNIT_${paceUnit}`)}`
  }
  const elevation = (metres: number | null | undefined) => {
    if (metres == null) return NONE
    const value = imperial ? metres * FEET_PER_METRE : metres
    return `${formatNumber(value, language, 0)}\u00a0${unit(imperial ? 'ft' : 'm')}`
  }
  return {
    imperial,
    distance: (km, decimals = 2) => {
      if (km == null) return NONE
      const converted = convertDistance(km, imperial)
      // A few metres would read `0.00 km` beside a speed: below what the decimals show, metres (feet).
      if (km > 0 && converted.value < 0.5 * 10 ** -decimals) return elevation(km * 1000)
      return `${formatNumber(converted.value, language, decimals)}\u00a0${unit(converted.unit)}`
    },
    sportDistance: (km, sportId) => {
      if (km == null) return NONE
      const reading = distanceReading(sportId, imperial)
      const value = convertDistance(km, imperial).value * reading.perUnit
      if (km > 0 && value < 0.5 * 10 ** -reading.decimals) return elevation(km * 1000)
      return `${formatNumber(value, language, reading.decimals)}\u00a0${unit(reading.unit)}`
    },
    speed,
    pace,
    paceUnit: (sport) => (sport?.speed_display === 'pace' ? paceUnitFor(sport.id, imperial) : null),
    speedOrPace: (kmh, paceUnit) => (paceUnit === null ? speed(kmh) : pace(kmh, paceUnit)),
    elevation,
    number: (value, decimals = 0) => formatNumber(value, language, decimals),
  }
}

/** Figures in the signed-in viewer's units, language and preferences. */
export function useFigures(): FigureFormat {
  const { t, i18n } = useTranslation()
  const profile = useAppState((state) => state.profile)
  return {
    ...unitFormat(profile?.imperial_units ?? false, i18n.language, t),
    displayAscent: profile?.display_ascent ?? true,
    timezone: profile?.timezone ?? null,
  }
}
