import { Card, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import type { HeatmapFilterValues } from './HeatmapFilters'
import { HeatmapMap } from './HeatmapMap'
import classes from './HeatmapPage.module.css'
import { heatmapRequest } from './heatmapRequest'

const HeatmapFilters = lazy(() => import('./HeatmapFilters').then((module) => ({ default: module.HeatmapFilters })))

/** `/heatmap`: every track of the user on one map, filtered by sport and date range. */
export function HeatmapPage() {
  const { t } = useTranslation()
  const config = useAppState((state) => state.config)
  const [filters, setFilters] = useState<HeatmapFilterValues>({ sport_id: null, from: null, to: null })
  const query = {
    ...(filters.sport_id ? { sport_id: Number(filters.sport_id) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  }
  const request = heatmapRequest(query)
  const loaded = useLoad(request.key, request.load)
  const data = loaded.data

  return (
    <Stack data-testid="heatmap-page">
      <Title order={1} size="h2">
        {t('insights.HEATMAP.TITLE')}
      </Title>
      {/* The filters' room is kept while their code loads, so the map does not move when they show. */}
      <Suspense fallback={<Card className={classes.filtersLoading} />}>
        <HeatmapFilters filters={filters} onChange={setFilters} />
      </Suspense>
      <ErrorBox keys={loaded.errors} />
      {/* The map is a picture: the count says in words what it shows, and when it changes. */}
      <Text aria-live="polite" data-testid="heatmap-count">
        {data && !loaded.loading ? (data.workouts === 0 ? t('insights.HEATMAP.EMPTY') : t('insights.HEATMAP.WORKOUTS', { count: data.workouts })) : ' '}
      </Text>
      <HeatmapMap data={data} tileUrl={config?.tile_server_url ?? null} attribution={config?.map_attribution ?? ''} />
    </Stack>
  )
}
