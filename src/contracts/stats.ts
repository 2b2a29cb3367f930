import { endpoint } from './endpoint'

/** Application statistics for administrators. */
export interface AppStats {
  users: number
  sports: number
  workouts: number
  /** bytes */
  uploads_dir_size: number
}

export interface AppStatsResponse {
  status: 'success'
  data: AppStats
}

export const statsEndpoints = {
  getAppStats: endpoint<AppStatsResponse>()({ method: 'GET', path: '/stats/all', access: 'admin' }),
}
