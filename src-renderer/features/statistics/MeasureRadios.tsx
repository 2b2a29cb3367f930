import { Group, Radio } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { BASIC_MEASURES, FULL_MEASURES, type Measure } from './chartData'

/** The measure choice: distance, duration and count, plus speed and ascent/descent in full statistics. */
export function MeasureRadios({ value, onChange, full }: { value: Measure; onChange: (measure: Measure) => void; full: boolean }) {
  const { t } = useTranslation()
  const measures: readonly Measure[] = full ? FULL_MEASURES : BASIC_MEASURES
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(measures.find((measure) => measure === next) ?? 'total_distance')}
      aria-label={t('statistics.MEASURE')}
      data-testid="statistics-measures"
    >
      <Group gap="md">
        {measures.map((measure) => (
          <Radio key={measure} value={measure} label={t(`statistics.MEASURES.${measure}`)} />
        ))}
      </Group>
    </Radio.Group>
  )
}
