import { Card, Grid, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import type { ChartDataPoint, Workout, WorkoutInsightFields } from '../../../src/contracts'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useFigures } from '../../components/useFigures'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../../components/NotFoundPage'
import { WorkoutInsights } from '../insights/WorkoutInsights'
import { positionOf } from './chartData'
import { distanceReading } from '../../format/units'
import { cadenceUnitOf } from '../../../src/format/cadence'
import { FiguresCard } from './FiguresCard'
import { LegsCard } from './LegsCard'
import { SegmentsCard } from './SegmentsCard'
import { useWorkoutDetail } from './useWorkoutDetail'
import { WeatherCard } from './WeatherCard'
import { WorkoutEquipmentCard } from '../equipment/WorkoutEquipmentCard'
import { WorkoutComments } from '../sharing/WorkoutComments'
import { WorkoutHeader } from './WorkoutHeader'

// Leaflet and the chart library are the heavy parts: their own chunks, requested as soon as this
// page's chunk runs so they download while the workout's data loads.
const mapModule = import('./WorkoutMap')
const chartModule = import('./WorkoutChart')
const WorkoutMap = lazy(() => mapModule.then((module) => ({ default: module.WorkoutMap })))
const WorkoutChart = lazy(() => chartModule.then((module) => ({ default: module.WorkoutChart })))

/** `/workouts/:workoutId` and `/workouts/:workoutId/segment/:segmentId`. */
export function WorkoutPage({ segment = false }: { segment?: boolean }) {
  const { workoutId = '', segmentId } = useParams()
  const detail = useWorkoutDetail(workoutId, segmentId, segment)
  switch (detail.status) {
    case 'loading':
      return <PageLoader />
    case 'not-found':
      return <NotFoundPage messageKey="common.WORKOUT_NOT_FOUND" />
    case 'error':
      return <ErrorBox keys={detail.errorKeys} />
    case 'ready':
      return (
        <WorkoutDetail
          key={`${workoutId}/${segmentId ?? ''}`}
          workout={detail.workout}
          chart={detail.chart}
          lines={detail.lines}
          segment={segment ? Number(segmentId) : null}
        />
      )
  }
}

function WorkoutDetail({
  workout,
  chart,
  lines,
  segment,
}: {
  workout: Workout & WorkoutInsightFields
  chart: ChartDataPoint[]
  lines: [number, number][][]
  segment: number | null
}) {
  const { t } = useTranslation()
  const profile = useAppState((state) => state.profile)
  const config = useAppState((state) => state.config)
  const imperial = profile?.imperial_units ?? false
  const displayAscent = profile?.display_ascent ?? true
  const own = profile?.username === workout.user
  const sport = useAppState((state) => state.sports.find((candidate) => candidate.id === workout.sport_id))
  const pace = useFigures().paceUnit(sport)
  const [hoverIndex, setHoverIndex] = useState<number | null>(null)
  const onHover = useCallback((index: number | null) => setHoverIndex(index), [])
  const hoverPosition = useMemo(() => (hoverIndex === null ? null : positionOf(chart, hoverIndex)), [chart, hoverIndex])
  const chosen = segment === null ? workout : (workout.segments.find((item) => item.segment_id === segment - 1) ?? workout)
  // A workout entered by hand has no measured top speed: the API's max_speed repeats the average (as the reference's does);
  // one whose analysis is hidden tells nothing of a file behind it.
  const figures = workout.with_analysis ? chosen : { ...chosen, max_speed: null }
  // A map only when the file has positions: a pool swim's or an indoor ride's has none (spec: "a map when there is a track").
  const mapped = lines.some((line) => line.length > 0)

  return (
    <Stack gap="md" data-testid="workout-detail">
      <WorkoutHeader workout={workout} segment={segment} displayAscent={displayAscent} />
      {segment === null && workout.legs && workout.legs.length > 0 && <LegsCard workoutId={workout.id} legs={workout.legs} imperial={imperial} />}
      <Grid gap="md">
        {mapped && (
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Suspense fallback={<PageLoader />}>
              <WorkoutMap
                lines={lines}
                tileUrl={config?.tile_server_url ?? null}
                attribution={config?.map_attribution ?? ''}
                hoverPosition={hoverPosition}
              />
            </Suspense>
          </Grid.Col>
        )}
        <Grid.Col span={mapped ? { base: 12, md: 5, lg: 4 } : 12}>
          <FiguresCard
            figures={figures}
            sportId={workout.sport_id}
            imperial={imperial}
            pace={pace}
            title={segment === null ? t('workouts.FIGURES.TITLE') : t('workouts.SEGMENTS.SEGMENT', { number: segment })}
            calories={segment === null ? workout.calories : null}
          />
        </Grid.Col>
      </Grid>
      {chart.length > 1 && (
        <Card>
          <Title order={2} size="h5" mb="sm">
            {t('workouts.CHART.TITLE')}
          </Title>
          <Suspense fallback={<PageLoader />}>
            <WorkoutChart points={chart} imperial={imperial} reading={distanceReading(workout.sport_id, imperial)} pace={pace} cadence={cadenceUnitOf(workout.sport_id)} onHover={onHover} />
          </Suspense>
        </Card>
      )}
      {segment === null && workout.with_analysis && <WorkoutInsights workout={workout} imperial={imperial} displayAscent={displayAscent} pace={pace} />}
      {segment === null && (
        <Grid gap="md">
          {workout.segments.length > 0 && (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SegmentsCard workoutId={workout.id} sportId={workout.sport_id} segments={workout.segments} imperial={imperial} />
            </Grid.Col>
          )}
          {(workout.weather_start || workout.weather_end) && (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <WeatherCard start={workout.weather_start} end={workout.weather_end} imperial={imperial} />
            </Grid.Col>
          )}
          {(own || workout.equipments.length > 0) && (
            <Grid.Col span={12}>
              <WorkoutEquipmentCard workout={workout} own={own} />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <Card data-testid="notes-card">
              <Title order={2} size="h5" mb="xs">
                {t('workouts.NOTES')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={workout.notes ? undefined : 'dimmed'} data-testid="workout-notes">
                {workout.notes || t('workouts.NO_NOTES')}
              </Text>
            </Card>
          </Grid.Col>
          <Grid.Col span={12}>
            <WorkoutComments workoutId={workout.id} likesCount={workout.likes_count ?? 0} liked={workout.liked ?? false} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  )
}
