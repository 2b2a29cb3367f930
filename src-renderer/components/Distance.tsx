import { useTranslation } from 'react-i18next'
import { convertDistance, formatNumber } from '../format/units'

/** A distance given in km, shown in km or miles with the language's number format. */
export function Distance({ km, imperial, decimals = 2 }: { km: number; imperial: boolean; decimals?: number }) {
  const { t, i18n } = useTranslation()
  const { value, unit } = convertDistance(km, imperial)
  return (
    <span data-testid="distance">
      {formatNumber(value, i18n.language, decimals)}&nbsp;{t(`common.UNITS.${unit}`)}
    </span>
  )
}
