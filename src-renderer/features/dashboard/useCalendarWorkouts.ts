import type { Workout } from '../../../src/contracts'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { CALENDAR_PER_PAGE } from './calendar'

/** The workouts of the days a calendar shows: page 1 of 100 over its whole weeks (spec §7). */
export function useCalendarWorkouts(from: string, to: string): { workouts: Workout[]; loading: boolean; errors: readonly string[] } {
  const { data, loading, errors } = useLoad(`${from}|${to}`, () =>
    call('listWorkouts', { query: { page: 1, per_page: CALENDAR_PER_PAGE, from, to, order: 'asc', order_by: 'workout_date' } }).then(
      (response) => response.data.workouts,
    ),
  )
  return { workouts: data ?? [], loading, errors }
}
