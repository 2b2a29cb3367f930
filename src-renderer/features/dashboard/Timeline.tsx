import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { memo, useEffect, useEffectEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport, Workout, WorkoutsListResponse } from '../../../src/contracts'
import { ApiError, UNKNOWN_ERROR_KEY } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { WorkoutCard } from './WorkoutCard'

/** Timeline page size (spec §9). */
const TIMELINE_PAGE_SIZE = 5

function fetchPage(page: number): Promise<WorkoutsListResponse> {
  return call('listWorkouts', { query: { page, per_page: TIMELINE_PAGE_SIZE, order: 'desc', order_by: 'workout_date' } })
}

/** The latest workouts, newest first, five at a time with a Load more button (memoised: `sports` rarely changes). */
export const Timeline = memo(function Timeline({ sports }: { sports: readonly Sport[] }) {
  const { t } = useTranslation()
  const [workouts, setWorkouts] = useState<Workout[]>([])
  const [page, setPage] = useState(0)
  const [hasNext, setHasNext] = useState(false)
  const [loading, setLoading] = useState(true)
  const [errors, setErrors] = useState<readonly string[]>([])

  const receive = (next: number, response: WorkoutsListResponse) => {
    // Page 1 replaces (a remount must not double the list); later pages append.
    setWorkouts((previous) => (next === 1 ? response.data.workouts : [...previous, ...response.data.workouts]))
    setPage(next)
    setHasNext(response.pagination.has_next)
    setErrors([])
    setLoading(false)
  }
  const fail = (error: unknown) => {
    setErrors(error instanceof ApiError ? error.keys : [UNKNOWN_ERROR_KEY])
    setLoading(false)
  }
  const receiveFirst = useEffectEvent(receive)
  const failFirst = useEffectEvent(fail)

  useEffect(() => {
    let current = true
    fetchPage(1)
      .then((response) => current && receiveFirst(1, response))
      .catch((error: unknown) => current && failFirst(error))
    return () => {
      current = false
    }
  }, [])

  const loadMore = () => {
    setLoading(true)
    fetchPage(page + 1)
      .then((response) => receive(page + 1, response))
      .catch(fail)
  }

  return (
    <Stack gap="sm" data-testid="timeline">
      <Title order={3} fz="lg">
        {t('dashboard.TIMELINE.TITLE')}
      </Title>
      <ErrorBox keys={errors} />
      {workouts.map((workout) => (
        <WorkoutCard key={workout.id} workout={workout} sport={sports.find((sport) => sport.id === workout.sport_id)} />
      ))}
      {loading && <PageLoader />}
      {!loading && workouts.length === 0 && errors.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('dashboard.NO_WORKOUTS')}
        </Text>
      )}
      {hasNext && !loading && (
        <Center>
          <Button variant="light" onClick={loadMore} data-testid="timeline-load-more">
            {t('dashboard.TIMELINE.LOAD_MORE')}
          </Button>
        </Center>
      )}
    </Stack>
  )
})
