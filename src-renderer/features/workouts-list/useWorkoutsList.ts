import type { WorkoutsListResponse } from '../../../src/contracts'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { toApiQuery, type ListQuery } from './listQuery'

export interface WorkoutsListState {
  response: WorkoutsListResponse | null
  loading: boolean
  errors: readonly string[]
}

/** Fetches the page the query describes; the previous page stays shown while the next loads. */
export function useWorkoutsList(query: ListQuery): WorkoutsListState {
  // The query object is rebuilt on every render; its text is what identifies a request.
  const { data, loading, errors } = useLoad(JSON.stringify(query), () => call('listWorkouts', { query: toApiQuery(query) }))
  return { response: data, loading, errors }
}
