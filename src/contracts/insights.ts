import { z } from 'zod'
import { endpoint } from './endpoint'
import type { HttpDate } from './common'
import type { SportStatistics } from './stats'

/**
 * One part of a workout (a split or a device lap). km 3 decimals, moving time in seconds
 * (1 decimal), km/h 2 decimals, m 1 decimal, bpm 1 decimal.
 */
export interface WorkoutPart {
  /** km */
  distance: number
  /** moving time, seconds */
  moving: number
  /** km/h over the moving time, null without moving time */
  ave_speed: number | null
  /** m, null without elevation */
  ascent: number | null
  /** m, null without elevation */
  descent: number | null
  /** bpm averaged over the moving time, null without heart rate */
  ave_hr: number | null
}

/** Podium place of a best effort among the user's workouts of the same sport: 1, 2, 3, or null. */
export type EffortRank = 1 | 2 | 3 | null

/** The fastest stretch of a distance within a workout. */
export interface DistanceBestEffort {
  kind: 'distance'
  /** The distance, metres (400, 1000, 1609.344, … 100000). */
  target: number
  /** Moving time over it, seconds (1 decimal). */
  moving: number
  /** km/h */
  ave_speed: number
  rank: EffortRank
}

/** The best mean power over a duration within a workout. */
export interface PowerBestEffort {
  kind: 'power'
  /** The duration, seconds (5, 60, 300, 1200, 3600). */
  target: number
  /** Watts (whole). */
  power: number
  rank: EffortRank
}

export type BestEffort = DistanceBestEffort | PowerBestEffort

/** What the single-workout answer adds to a workout with a file (absent until computed). */
export interface WorkoutInsightFields {
  /** Device laps (FIT lap messages, TCX laps); empty when the file has none. */
  laps?: WorkoutPart[]
  /** Best efforts of the workout's sport (distances) and of power when recorded. */
  best_efforts?: BestEffort[]
}

export const splitsQuery = z.object({ unit: z.enum(['km', 'mi']).default('km') })

export interface SplitsResponse {
  status: 'success'
  data: { unit: 'km' | 'mi'; splits: WorkoutPart[] }
}

/** Time in one zone. `from`/`to` in bpm or watts (`to` null for the top zone). */
export interface ZoneTime {
  zone: number
  from: number
  to: number | null
  /** seconds */
  seconds: number
}

export interface ZoneSet {
  zones: ZoneTime[]
  /** Moving seconds without a reading. */
  unknown: number
}

export interface ZonesResponse {
  status: 'success'
  data: {
    /** Null when the workout has no heart rate or the maximum heart rate is not set. */
    heart_rate: ZoneSet | null
    /** Null when the workout has no power or the FTP is not set. */
    power: ZoneSet | null
    /** Settings the zones need that the user has not set (so the UI can say where to set them). */
    missing: ('max_hr' | 'ftp')[]
  }
}

/** A best effort of a workout, as a personal best or a step of its progression. */
export interface EffortMark {
  workout_id: string
  workout_date: HttpDate
  /** Seconds (distance efforts) or watts (power efforts). */
  value: number
}

/** A user's best for one effort of one sport. */
export interface PersonalBest {
  sport_id: number
  kind: 'distance' | 'power'
  /** Metres or seconds, as in {@link BestEffort}. */
  target: number
  all_time: EffortMark
  /** Best of the current calendar year (user's time zone), or null. */
  this_year: EffortMark | null
  /** Each improvement of the best, oldest first (the last one is `all_time`). */
  progression: EffortMark[]
}

export interface PersonalBestsResponse {
  status: 'success'
  data: { personal_bests: PersonalBest[] }
}

/** The background computation of earlier workouts' insights after an upgrade. */
export interface InsightsRecomputeProgress {
  running: boolean
  /** Workouts that needed it when the server started. */
  total: number
  done: number
  /** Workouts whose original file could not be read (left without insights). */
  failed: number
}

export interface InsightsRecomputeResponse {
  status: 'success'
  data: InsightsRecomputeProgress
}

/** GET /heatmap query: the same sport and date filters as the workouts list (days in the user's zone). */
export const heatmapQuery = z.object({
  sport_id: z.coerce.number().int().positive().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
})

export interface HeatmapResponse {
  status: 'success'
  data: {
    /** Workouts drawn (those with positions matching the filters). */
    workouts: number
    /**
     * Every line of those workouts, simplified for the heatmap (~15 m), each as an encoded
     * polyline (Google's algorithm, 5 decimals): compact, and decoded in a few lines of code.
     */
    lines: string[]
  }
}

/**
 * Year over year: per year (`YYYY`), per day of the year (1–366, in the user's time zone, as
 * text), the totals of that day's workouts (all sports).
 */
export interface YearOverYearResponse {
  status: 'success'
  data: { years: Record<string, Record<string, SportStatistics>> }
}

export const insightEndpoints = {
  getWorkoutSplits: endpoint<SplitsResponse>()({
    method: 'GET',
    path: '/workouts/:id/splits',
    access: 'user',
    query: splitsQuery,
  }),
  getWorkoutZones: endpoint<ZonesResponse>()({ method: 'GET', path: '/workouts/:id/zones', access: 'user' }),
  getPersonalBests: endpoint<PersonalBestsResponse>()({ method: 'GET', path: '/records/personal_bests', access: 'user' }),
  getYearOverYear: endpoint<YearOverYearResponse>()({ method: 'GET', path: '/insights/year_over_year', access: 'user' }),
  getHeatmap: endpoint<HeatmapResponse>()({ method: 'GET', path: '/heatmap', access: 'user', query: heatmapQuery }),
  getInsightsRecompute: endpoint<InsightsRecomputeResponse>()({ method: 'GET', path: '/insights/recompute', access: 'admin' }),
}
