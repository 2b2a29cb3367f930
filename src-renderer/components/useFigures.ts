import { useTranslation } from 'react-i18next'
import { formatPace, paceOfSpeed, type PaceUnit } from '../../src/domain/pace'
import { FEET_PER_METRE, convertDistance, formatNumber } from '../format/units'
import { useAppState } from '../session/store'

/** Formats workout figures in the viewer's units (km or mi, m or ft) and language. */
export interface FigureFormat {
  imperial: boolean
  displayAscent: boolean
  timezone: string | null
  /** km → `12.34 km` / `7.67 mi` */
  distance: (km: number | null | undefined, decimals?: number) => string
  /** km/h → `12.34 km/h` / `7.67 mph` */
  speed: (kmh: number | null | undefined) => string
  /** km/h → `5:00 /km`, per `unit` (km, mi, 100 m or 100 yd) */
  pace: (kmh: number | null | undefined, unit: PaceUnit) => string
  /** m → `123 m` / `404 ft` */
  elevation: (metres: number | null | undefined) => string
  number: (value: number, decimals?: number) => string
}

const NONE = '–'

export function useFigures(): FigureFormat {
  const { t, i18n } = useTranslation()
  const profile = useAppState((state) => state.profile)
  const imperial = profile?.imperial_units ?? false
  const language = i18n.language
  return {
    imperial,
    displayAscent: profile?.display_ascent ?? true,
    timezone: profile?.timezone ?? null,
    distance: (km, decimals = 2) => {
      if (km == null) return NONE
      const { value, unit } = convertDistance(km, imperial)
      return `${formatNumber(value, language, decimals)}\u00a0${t(`common.UNITS.${unit}`)}`
    },
    speed: (kmh) => {
      if (kmh == null) return NONE
      const { value } = convertDistance(kmh, imperial)
      return `${formatNumber(value, language, 2)}\u00a0${t(`common.UNITS.${imperial ? 'mi/h' : 'km/h'}`)}`
    },
    pace: (kmh, unit) => {
      const seconds = kmh == null ? null : paceOfSpeed(kmh, unit)
      return seconds === null ? NONE : `${formatPace(seconds)}\u00a0${t(`insights.PACE_UNIT_${unit}`)}`
    },
    elevation: (metres) => {
      if (metres == null) return NONE
      const value = imperial ? metres * FEET_PER_METRE : metres
      return `${formatNumber(value, language, 0)}\u00a0${t(`common.UNITS.${imperial ? 'ft' : 'm'}`)}`
    },
    number: (value, decimals = 0) => formatNumber(value, language, decimals),
  }
}
