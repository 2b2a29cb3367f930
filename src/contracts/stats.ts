import { z } from 'zod'
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

/** Totals of one sport in one period (or overall). Distances km, durations moving seconds, m. */
export interface SportStatistics {
  nb_workouts: number
  total_distance: number
  total_duration: number
  total_ascent: number
  total_descent: number
  /** km/h: mean of the workouts' average speeds. */
  average_speed: number
}

/** by_time: period key (`YYYY-MM-DD` week start, `YYYY-MM`, `YYYY`) → sport id → totals. */
export interface StatsByTimeResponse {
  status: 'success'
  data: { statistics: Record<string, Record<string, SportStatistics>> }
}

/** by_sport: sport id → totals. */
export interface StatsBySportResponse {
  status: 'success'
  data: { statistics: Record<string, SportStatistics> }
}

export const statsTimeFrames = ['week', 'weekm', 'month', 'year'] as const

export const statsByTimeQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  time: z.enum(statsTimeFrames).default('year'),
  sport_id: z.coerce.number().int().positive().optional(),
})

export const statsBySportQuery = z.object({ sport_id: z.coerce.number().int().positive().optional() })

export const statsEndpoints = {
  getStatsByTime: endpoint<StatsByTimeResponse>()({
    method: 'GET',
    path: '/stats/:username/by_time',
    access: 'user',
    query: statsByTimeQuery,
  }),
  getStatsBySport: endpoint<StatsBySportResponse>()({
    method: 'GET',
    path: '/stats/:username/by_sport',
    access: 'user',
    query: statsBySportQuery,
  }),
  getAppStats: endpoint<AppStatsResponse>()({ method: 'GET', path: '/stats/all', access: 'admin' }),
}
