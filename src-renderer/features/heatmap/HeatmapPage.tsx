import '@mantine/dates/styles.css'
import { Card, Group, Select, Stack, Text, Title } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'
import { DATE_FORMAT } from '../../format/dates'
import { useAppState } from '../../session/store'
import { HeatmapMap } from './HeatmapMap'
import { projectLines } from './heatmapRaster'
import { heatmapRequest } from './heatmapRequest'

interface HeatmapFilters {
  sport_id: string | null
  from: string | null
  to: string | null
}

/** `/heatmap`: every track of the user on one map, filtered by sport and date range. */
export function HeatmapPage() {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const config = useAppState((state) => state.config)
  const [filters, setFilters] = useState<HeatmapFilters>({ sport_id: null, from: null, to: null })
  const query = {
    ...(filters.sport_id ? { sport_id: Number(filters.sport_id) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  }
  const request = heatmapRequest(query)
  const loaded = useLoad(request.key, request.load)
  const answer = loaded.data?.data
  const projected = useMemo(() => projectLines(answer?.lines ?? []), [answer])
  const set = (key: keyof HeatmapFilters) => (value: string | null) => setFilters((previous) => ({ ...previous, [key]: value }))
  const date = (key: 'from' | 'to', label: string) => (
    <DateInput
      label={label}
      value={filters[key]}
      onChange={set(key)}
      valueFormat={DATE_FORMAT}
      placeholder={t('user.DATE_PLACEHOLDER')}
      clearable
      data-testid={`heatmap-${key}`}
      popoverProps={{ withinPortal: true }}
    />
  )

  return (
    <Stack data-testid="heatmap-page">
      <Title order={1} size="h2">
        {t('insights.HEATMAP.TITLE')}
      </Title>
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
      <ErrorBox keys={loaded.errors} />
      {/* The map is a picture: the count says in words what it shows, and when it changes. */}
      <Text aria-live="polite" data-testid="heatmap-count">
        {answer && !loaded.loading ? (answer.workouts === 0 ? t('insights.HEATMAP.EMPTY') : t('insights.HEATMAP.WORKOUTS', { count: answer.workouts })) : ' '}
      </Text>
      <HeatmapMap projected={projected} tileUrl={config?.tile_server_url ?? null} attribution={config?.map_attribution ?? ''} />
    </Stack>
  )
}
