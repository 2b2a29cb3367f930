import { Card, Grid, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import type { SharedWorkoutResponse } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { cadenceUnitOf } from '../../../src/format/cadence'
import { formatDateTime } from '../../format/dates'
import { distanceReading } from '../../format/units'
import { useAllTexts } from '../../i18n'
import { useAppState } from '../../session/store'
import { FiguresCard } from '../workout/FiguresCard'

const WorkoutMap = lazy(() => import('../workout/WorkoutMap').then((module) => ({ default: module.WorkoutMap })))
const WorkoutChart = lazy(() => import('../workout/WorkoutChart').then((module) => ({ default: module.WorkoutChart })))

type Shared = SharedWorkoutResponse['data']
type State = { status: 'loading' } | { status: 'gone' } | { status: 'error'; errorKeys: string[] } | { status: 'ready'; shared: Shared }

/** `/share/:token`: a workout someone shared by link, for anyone, signed in or not. */
export function SharedWorkoutPage() {
  const { token = '' } = useParams()
  const textsIn = useAllTexts(true)
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    call('getSharedWorkout', { params: { token } }).then(
      (answer) => live && setState({ status: 'ready', shared: answer.data }),
      (error: unknown) => {
        if (!live) return
        if (isApiError(error) && error.status === 404) setState({ status: 'gone' })
        else setState({ status: 'error', errorKeys: errorKeysOfUnknown(error) })
      },
    )
    return () => {
      live = false
    }
  }, [token])

  if (!textsIn || state.status === 'loading') return <PageLoader />
  if (state.status === 'gone') return <ErrorBox keys={['sharing.LINK_GONE']} />
  if (state.status === 'error') return <ErrorBox keys={state.errorKeys} />
  return <SharedWorkout shared={state.shared} />
}

function SharedWorkout({ shared }: { shared: Shared }) {
  const { t } = useTranslation()
  const { workout, chart_data: chart, lines } = shared
  const drawn = (lines ?? []).filter((line) => line.length > 0)
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const config = useAppState((state) => state.config)
  return (
    <Stack gap="md" data-testid="shared-workout">
      <Card>
        <Stack gap={4} align="center">
          <Title order={1} size="h3" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="workout-title">
            {workout.title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(workout.workout_date, timezone)} · {t('sharing.SHARED_BY', { user: workout.user })}
          </Text>
        </Stack>
      </Card>
      <Grid gap="md">
        {drawn.length > 0 && (
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Suspense fallback={<PageLoader />}>
              <WorkoutMap lines={drawn} tileUrl={config?.tile_server_url ?? null} attribution={config?.map_attribution ?? ''} hoverPosition={null} />
            </Suspense>
          </Grid.Col>
        )}
        <Grid.Col span={drawn.length > 0 ? { base: 12, md: 5, lg: 4 } : 12}>
          <FiguresCard figures={workout} sportId={workout.sport_id} imperial={false} pace={null} title={t('workouts.FIGURES.TITLE')} calories={workout.calories} />
        </Grid.Col>
      </Grid>
      {chart && chart.length > 1 && (
        <Card>
          <Title order={2} size="h5" mb="sm">
            {t('workouts.CHART.TITLE')}
          </Title>
          <Suspense fallback={<PageLoader />}>
            <WorkoutChart points={chart} imperial={false} reading={distanceReading(workout.sport_id, false)} pace={null} cadence={cadenceUnitOf(workout.sport_id)} onHover={() => undefined} />
          </Suspense>
        </Card>
      )}
    </Stack>
  )
}
