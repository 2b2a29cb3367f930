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
  // The filters' code (Select, dates, popovers: ~20 chunks) loads once the lines are on the map, so
  // it does not hold the page's thread while the map mounts and shows them.
  const [drawn, setDrawn] = useState(false)
  const filtersWanted = drawn || loaded.errors.length > 0
  const filtersRoom = <Card className={classes.filtersLoading} />

  return (
    <Stack data-testid="heatmap-page">
      <Title order={1} size="h2">
        {t('insights.HEATMAP.TITLE')}
      </Title>
      {/* The filters' room is kept until their code is in, so the map does not move when they show. */}
      {filtersWanted ? (
        <Suspense fallback={filtersRoom}>
          <HeatmapFilters filters={filters} onChange={setFilters} />
        </Suspense>
      ) : (
        filtersRoom
      )}
      <ErrorBox keys={loaded.errors} />
      {/* The map is a picture: the count says in words what it shows, and when it changes. */}
      <Text aria-live="polite" data-testid="heatmap-count">
        {data && !loaded.loading ? (data.workouts === 0 ? t('insights.HEATMAP.EMPTY') : t('insights.HEATMAP.WORKOUTS', { count: data.workouts })) : ' '}
      </Text>
      <HeatmapMap data={data} tileUrl={config?.tile_server_url ?? null} attribution={config?.map_attribution ?? ''} onDrawn={() => setDrawn(true)} />
    </Stack>
  )
}
