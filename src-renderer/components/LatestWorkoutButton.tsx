import { Button } from '@mantine/core'
import { call } from '../api/client'
import { dayInZone, parseServerDate } from '../format/dates'
import { useLoad } from './useLoad'

/**
 * For a view that shows no workout (old files imported on a first day fall outside this month and the
 * last 12): a button to the day of the user's latest workout (the list's first, newest first), or
 * nothing when they have none.
 */
export function LatestWorkoutButton({
  label,
  timezone,
  onDay,
  testId,
}: {
  label: string
  timezone: string | null | undefined
  onDay: (day: string) => void
  testId: string
}) {
  const latest = useLoad('latest-workout', () => call('listWorkouts', { query: { per_page: 1 } }))
  const workout = latest.data?.data.workouts[0]
  const day = workout ? dayInZone(parseServerDate(workout.workout_date).toDate(), timezone ?? 'UTC') : null
  if (!day) return null
  return (
    <Button variant="light" onClick={() => onDay(day)} data-testid={testId}>
      {label}
    </Button>
  )
}
