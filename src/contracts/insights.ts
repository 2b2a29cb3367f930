import { z } from 'zod'
import { endpoint } from './endpoint'
import { httpDateSchema } from './common'
import { statisticsBySportSchema } from './stats'

/**
 * One part of a workout (a split or a device lap). km 3 decimals, moving time in seconds
 * (1 decimal), km/h 2 decimals, m 1 decimal, bpm 1 decimal.
 */
const workoutPartSchema = z.object({
  /** km */
  distance: z.number(),
  /** moving time, seconds */
  moving: z.number(),
  /** km/h over the moving time, null without moving time */
  ave_speed: z.number().nullable(),
  /** m, null without elevation */
  ascent: z.number().nullable(),
  /** m, null without elevation */
  descent: z.number().nullable(),
  /** bpm averaged over the moving time, null without heart rate */
  ave_hr: z.number().nullable(),
  /** seconds of rest at the wall after this lap (a pool swim's laps only; 1 decimal) */
  rest: z.number().optional(),
})
export type WorkoutPart = z.infer<typeof workoutPartSchema>

/** Podium place of a best effort among the user's workouts of the same sport: 1, 2, 3, or null. */
const effortRankSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable()
export type EffortRank = z.infer<typeof effortRankSchema>

/** The fastest stretch of a distance within a workout. */
const distanceBestEffortSchema = z.object({
  kind: z.literal('distance'),
  /** The distance, metres (400, 1000, 1609.344, … 100000). */
  target: z.number(),
  /** Moving time over it, seconds (1 decimal). */
  moving: z.number(),
  /** km/h */
  ave_speed: z.number(),
  rank: effortRankSchema,
})

/** The best mean power over a duration within a workout. */
const powerBestEffortSchema = z.object({
  kind: z.literal('power'),
  /** The duration, seconds (5, 60, 300, 1200, 3600). */
  target: z.number(),
  /** Watts (whole). */
  power: z.number(),
  rank: effortRankSchema,
})

const bestEffortSchema = z.discriminatedUnion('kind', [distanceBestEffortSchema, powerBestEffortSchema])
export type BestEffort = z.infer<typeof bestEffortSchema>

/** What the single-workout answer adds to a workout with a file (absent until computed). */
export const workoutInsightFieldsSchema = z.object({
  /** Device laps (FIT lap messages, TCX laps); empty when the file has none. */
  laps: z.array(workoutPartSchema).optional(),
  /** Best efforts of the workout's sport (distances) and of power when recorded. */
  best_efforts: z.array(bestEffortSchema).optional(),
})
export type WorkoutInsightFields = z.infer<typeof workoutInsightFieldsSchema>

/** Splits per km or mile, or a swim's per 100 m or 100 yd (the units its pace reads in). */
const SPLIT_UNITS = ['km', 'mi', '100m', '100yd'] as const
const splitsQuery = z.object({ unit: z.enum(SPLIT_UNITS).default('km') })

const splitsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ unit: z.enum(SPLIT_UNITS), splits: z.array(workoutPartSchema) }),
})
export type SplitsResponse = z.infer<typeof splitsResponseSchema>

/** Time in one zone. `from`/`to` in bpm or watts (`to` null for the top zone). */
const zoneTimeSchema = z.object({
  zone: z.number().int(),
  from: z.number(),
  to: z.number().nullable(),
  /** seconds */
  seconds: z.number(),
})

const zoneSetSchema = z.object({
  zones: z.array(zoneTimeSchema),
  /** Moving seconds without a reading. */
  unknown: z.number(),
})
export type ZoneSet = z.infer<typeof zoneSetSchema>

const zonesResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    /** Null when the workout has no heart rate or the maximum heart rate is not set. */
    heart_rate: zoneSetSchema.nullable(),
    /** Null when the workout has no power or the FTP is not set. */
    power: zoneSetSchema.nullable(),
    /** Settings the zones need that the user has not set (so the UI can say where to set them). */
    missing: z.array(z.enum(['max_hr', 'ftp'])),
  }),
})
export type ZonesResponse = z.infer<typeof zonesResponseSchema>

/** A best effort of a workout, as a personal best or a step of its progression. */
const effortMarkSchema = z.object({
  workout_id: z.string(),
  workout_date: httpDateSchema,
  /** Seconds (distance efforts) or watts (power efforts). */
  value: z.number(),
})
export type EffortMark = z.infer<typeof effortMarkSchema>

/** A user's best for one effort of one sport. */
const personalBestSchema = z.object({
  sport_id: z.number().int(),
  kind: z.enum(['distance', 'power']),
  /** Metres or seconds, as in {@link BestEffort}. */
  target: z.number(),
  all_time: effortMarkSchema,
  /** Best of the current calendar year (user's time zone), or null. */
  this_year: effortMarkSchema.nullable(),
  /** Each improvement of the best, oldest first (the last one is `all_time`). */
  progression: z.array(effortMarkSchema),
})
export type PersonalBest = z.infer<typeof personalBestSchema>

const personalBestsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ personal_bests: z.array(personalBestSchema) }),
})
export type PersonalBestsResponse = z.infer<typeof personalBestsResponseSchema>

/** The background computation of earlier workouts' insights after an upgrade. */
const insightsRecomputeProgressSchema = z.object({
  running: z.boolean(),
  /** Workouts that needed it when the server started. */
  total: z.number().int(),
  done: z.number().int(),
  /** Workouts whose original file could not be read (left without insights). */
  failed: z.number().int(),
})
export type InsightsRecomputeProgress = z.infer<typeof insightsRecomputeProgressSchema>

const insightsRecomputeResponseSchema = z.object({ status: z.literal('success'), data: insightsRecomputeProgressSchema })
export type InsightsRecomputeResponse = z.infer<typeof insightsRecomputeResponseSchema>

/** GET /heatmap query: the same sport and date filters as the workouts list (days in the user's zone). */
export const heatmapQuery = z.object({
  sport_id: z.coerce.number().int().positive().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
})

const heatmapResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    /** Workouts drawn (those with positions matching the filters). */
    workouts: z.number().int(),
    /**
     * Every line of those workouts, simplified for the heatmap (~15 m), each as an encoded
     * polyline (Google's algorithm, 5 decimals): compact, and decoded in a few lines of code.
     */
    lines: z.array(z.string()),
  }),
})
export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>

/**
 * Year over year: per year (`YYYY`), per day of the year (1–366, in the user's time zone, as
 * text), the totals of that day's workouts (all sports).
 */
const yearOverYearResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ years: z.record(z.string(), statisticsBySportSchema) }),
})
export type YearOverYearResponse = z.infer<typeof yearOverYearResponseSchema>

export const insightEndpoints = {
  getWorkoutSplits: endpoint()({
    method: 'GET',
    path: '/workouts/:id/splits',
    access: 'optional',
    query: splitsQuery,
    response: splitsResponseSchema,
  }),
  getWorkoutZones: endpoint()({ method: 'GET', path: '/workouts/:id/zones', access: 'user', response: zonesResponseSchema }),
  getPersonalBests: endpoint()({ method: 'GET', path: '/records/personal_bests', access: 'user', response: personalBestsResponseSchema }),
  getYearOverYear: endpoint()({ method: 'GET', path: '/insights/year_over_year', access: 'user', response: yearOverYearResponseSchema }),
  getHeatmap: endpoint()({ method: 'GET', path: '/heatmap', access: 'user', query: heatmapQuery, response: heatmapResponseSchema }),
  getInsightsRecompute: endpoint()({ method: 'GET', path: '/insights/recompute', access: 'admin', response: insightsRecomputeResponseSchema }),
}
