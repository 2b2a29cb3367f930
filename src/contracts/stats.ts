import { z } from 'zod'
import type { ErrorCode } from '../errors'
import { endpoint } from './endpoint'

/** Application statistics for administrators. */
const appStatsSchema = z.object({
  users: z.number().int(),
  sports: z.number().int(),
  workouts: z.number().int(),
  /** bytes */
  uploads_dir_size: z.number().int(),
})
export type AppStats = z.infer<typeof appStatsSchema>

const appStatsResponseSchema = z.object({ status: z.literal('success'), data: appStatsSchema })
export type AppStatsResponse = z.infer<typeof appStatsResponseSchema>

/** Totals of one sport in one period (or overall). Distances km, durations moving seconds, m. */
const sportStatisticsSchema = z.object({
  nb_workouts: z.number().int(),
  total_distance: z.number(),
  total_duration: z.number(),
  total_ascent: z.number(),
  total_descent: z.number(),
  /** km/h: mean of the workouts' average speeds. */
  average_speed: z.number(),
})
export type SportStatistics = z.infer<typeof sportStatisticsSchema>

/** Sport id (as text, a JSON key) → totals. */
export const statisticsBySportSchema = z.record(z.string(), sportStatisticsSchema)

/** by_time: period key (`YYYY-MM-DD` week start, `YYYY-MM`, `YYYY`) → sport id → totals. */
const statsByTimeResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ statistics: z.record(z.string(), statisticsBySportSchema) }),
})
export type StatsByTimeResponse = z.infer<typeof statsByTimeResponseSchema>

/** by_sport: sport id → totals. */
const statsBySportResponseSchema = z.object({ status: z.literal('success'), data: z.object({ statistics: statisticsBySportSchema }) })
export type StatsBySportResponse = z.infer<typeof statsBySportResponseSchema>

export const statsTimeFrames = ['week', 'weekm', 'month', 'year'] as const

export const statsByTimeQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  time: z.enum(statsTimeFrames, { error: 'stats_time_period_invalid' satisfies ErrorCode }).default('year'),
  sport_id: z.coerce.number().int().positive().optional(),
})

export const statsBySportQuery = z.object({ sport_id: z.coerce.number().int().positive().optional() })

export const statsEndpoints = {
  getStatsByTime: endpoint()({
    method: 'GET',
    path: '/stats/:username/by_time',
    access: 'user',
    query: statsByTimeQuery,
    response: statsByTimeResponseSchema,
  }),
  getStatsBySport: endpoint()({
    method: 'GET',
    path: '/stats/:username/by_sport',
    access: 'user',
    query: statsBySportQuery,
    response: statsBySportResponseSchema,
  }),
  getAppStats: endpoint()({ method: 'GET', path: '/stats/all', access: 'admin', response: appStatsResponseSchema }),
}
