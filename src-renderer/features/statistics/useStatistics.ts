import type { SportStatistics } from '../../../src/contracts'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import type { ApiTime } from './periods'

export interface StatisticsState {
  statistics: Record<string, Record<string, SportStatistics>> | null
  loading: boolean
  errors: readonly string[]
}

/** Loads a user's statistics by time, again whenever the parameters change (spec §4). */
export function useStatistics(username: string, from: string, to: string, time: ApiTime): StatisticsState {
  const { data, loading, errors } = useLoad(`${username}|${from}|${to}|${time}`, () =>
    call('getStatsByTime', { params: { username }, query: { from, to, time } }).then((response) => response.data.statistics),
  )
  return { statistics: data, loading, errors }
}
