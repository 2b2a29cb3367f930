import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../format/units'
import { humanSize } from './sizes'

/** A byte count made readable (1024-based units, translated: Mo in French). */
export function FileSize({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation()
  const { value, unit, decimals } = humanSize(bytes)
  return <>{t('admin.SIZE', { value: formatNumber(value, i18n.language, decimals), unit: t(`admin.SIZE_UNITS.${unit}`) })}</>
}
