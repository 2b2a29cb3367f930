import { useTranslation } from 'react-i18next'
import { humanSize } from '../format/sizes'
import { formatNumber } from '../format/units'

/** A byte count made readable (1024-based units, translated: Mo in French). */
export function FileSize({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation()
  const { value, unit, decimals } = humanSize(bytes)
  return <>{t('common.SIZE', { value: formatNumber(value, i18n.language, decimals), unit: t(`common.SIZE_UNITS.${unit}`) })}</>
}
