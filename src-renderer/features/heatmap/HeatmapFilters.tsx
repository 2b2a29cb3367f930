import '@mantine/dates/styles.css'
import { Card, Group, Select } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useTranslation } from 'react-i18next'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { useAppState } from '../../session/store'

export interface HeatmapFilterValues {
  sport_id: string | null
  from: string | null
  to: string | null
}

/**
 * The heatmap's sport and date filters: in a chunk of their own (Mantine's select, date input,
 * popover…), so the map and its lines do not wait for them.
 */
export function HeatmapFilters({ filters, onChange }: { filters: HeatmapFilterValues; onChange: (filters: HeatmapFilterValues) => void }) {
  const { t } = useTranslation()
  const dateFormat = useDateInputFormat()
  const sports = useAppState((state) => state.sports)
  const set = (key: keyof HeatmapFilterValues) => (value: string | null) => onChange({ ...filters, [key]: value })
  const date = (key: 'from' | 'to', label: string) => (
    <DateInput
      label={label}
      value={filters[key]}
      onChange={set(key)}
      valueFormat={dateFormat.valueFormat}
      placeholder={dateFormat.placeholder}
      clearable
      data-testid={`heatmap-${key}`}
      popoverProps={{ withinPortal: true }}
    />
  )
  return (
    <Card>
      <Group align="flex-end" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t('dashboard.LIST.FILTERS.SPORT')}
          placeholder={t('dashboard.LIST.FILTERS.ALL_SPORTS')}
          value={filters.sport_id}
          onChange={set('sport_id')}
          data={sports.map((sport) => ({ value: String(sport.id), label: t(`sports.${sport.label}`, { defaultValue: sport.label }) }))}
          clearable
          data-testid="heatmap-sport"
          miw={180}
        />
        {date('from', t('dashboard.LIST.FILTERS.FROM'))}
        {date('to', t('dashboard.LIST.FILTERS.TO'))}
      </Group>
    </Card>
  )
}
