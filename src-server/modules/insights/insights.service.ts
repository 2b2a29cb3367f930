import type { z } from 'zod'
import type {
  EffortMark,
  heatmapQuery,
  HeatmapResponse,
  PersonalBest,
  PersonalBestsResponse,
  SportStatistics,
  SplitsResponse,
  ZoneSet,
  YearOverYearResponse,
  ZonesResponse,
} from '../../../src/contracts'
import {
  effortDistancesFor,
  heartRateZoneBounds,
  powerZoneBounds,
  totalsByDayOfYear,
  zoneTimes,
  type ValueHistogram,
} from '../../../src/domain/insights'
import type { PaceUnit } from '../../../src/domain/pace'
import { createZoneClock } from '../../../src/domain/zoned-time'
import type { UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import { toHttpDate } from '../../lib/http-date'
import { viewWorkout } from '../sharing/workout-access'
import { dayFilter, ownWorkout } from '../workouts/workouts.service'
import { better, presentPart, round } from './insights-fields'

function zoneSet(histogram: ValueHistogram, bounds: readonly number[], movingMs: number): ZoneSet {
  const times = zoneTimes(histogram, bounds, movingMs)
  return {
    zones: times.zonesMs.map((ms, index) => ({
      zone: index + 1,
      from: index === 0 ? 0 : Math.round(bounds[index - 1] ?? 0),
      to: index < bounds.length ? Math.round(bounds[index] ?? 0) : null,
      seconds: round(ms / 1000, 1),
    })),
    unknown: round(times.unknownMs / 1000, 1),
  }
}

export type InsightsService = ReturnType<typeof createInsightsService>

export function createInsightsService({ database, now }: { database: Database; now: () => Date }) {
  const { reads } = database
  // The workouts module's ownership check still reads through a connection (see the README).
  const ownedWorkout = (user: UserEntity, id: string) => ownWorkout(reads, user, id)

  return {
    /**
     * Splits per km or mile, or a swim's per 100 m or 100 yd; empty while the workout's insights are
     * not computed, or per 100 m of another sport. Part of the analysis: whoever may see the chart
     * sees them, without heart rate when the owner hides it.
     */
    async splits(user: UserEntity | null, id: string, unit: PaceUnit): Promise<SplitsResponse> {
      const { workout, access } = await viewWorkout(reads, user, id, 'analysis')
      const insights = workout.filePath === null ? null : await reads.insights.load(workout.id)
      const byUnit = { km: insights?.splitsKm, mi: insights?.splitsMi, '100m': insights?.splits100m, '100yd': insights?.splits100yd }
      const parts = (byUnit[unit] ?? []).map(presentPart)
      return { status: 'success', data: { unit, splits: access.heartRate ? parts : parts.map((part) => ({ ...part, ave_hr: null })) } }
    },

    /** Time in heart-rate and power zones, from the user's current settings. */
    async zones(user: UserEntity, id: string): Promise<ZonesResponse> {
      const workout = await ownedWorkout(user, id)
      const insights = workout.filePath === null ? null : await reads.insights.load(workout.id)
      const movingMs = workout.moving * 1000
      const missing: ('max_hr' | 'ftp')[] = []
      if (workout.hasHeartRate && user.maxHeartRate === null) missing.push('max_hr')
      if (workout.hasPower && user.ftp === null) missing.push('ftp')
      const restingOk = user.restingHeartRate !== null && user.maxHeartRate !== null && user.restingHeartRate < user.maxHeartRate
      const heartRate =
        insights?.heartRate && user.maxHeartRate !== null
          ? zoneSet(insights.heartRate, heartRateZoneBounds(user.maxHeartRate, restingOk ? user.restingHeartRate : null), movingMs)
          : null
      const power = insights?.power && user.ftp !== null ? zoneSet(insights.power, powerZoneBounds(user.ftp), movingMs) : null
      return { status: 'success', data: { heart_rate: heartRate, power, missing } }
    },

    /**
     * The user's personal bests per sport and effort: all-time, this calendar year (in their time
     * zone), and every improvement over time. Distance efforts count for the sports they belong to.
     */
    async personalBests(user: UserEntity): Promise<PersonalBestsResponse> {
      const rows = await reads.insights.bestEffortsOf(user.id)
      const sports = await reads.sports.all()
      const distancesOf = new Map(sports.map((sport) => [sport.id, new Set(effortDistancesFor(sport.label))]))
      const clock = createZoneClock(user.timezone)
      const year = clock.local(now().getTime()).year
      const yearStart = clock.toUtc({ year, month: 1, day: 1, hour: 0, minute: 0 })
      // The raw values (ms or W) are compared; the marks carry them rounded for the answer.
      const groups = new Map<string, PersonalBest & { bestValue: number; thisYearValue: number | null }>()
      for (const row of rows) {
        if (row.kind === 'distance' && !distancesOf.get(row.sportId)?.has(row.target)) continue
        const date = row.workoutDate
        const value = row.kind === 'distance' ? round(row.value / 1000, 1) : Math.round(row.value)
        const mark: EffortMark = { workout_id: row.workoutId, workout_date: toHttpDate(date), value }
        const key = `${row.sportId}:${row.kind}:${row.target}`
        let group = groups.get(key)
        if (!group) {
          group = {
            sport_id: row.sportId,
            kind: row.kind,
            target: row.target,
            all_time: mark,
            this_year: null,
            progression: [mark],
            bestValue: row.value,
            thisYearValue: null,
          }
          groups.set(key, group)
        } else if (better(row.kind, row.value, group.bestValue)) {
          group.all_time = mark
          group.bestValue = row.value
          group.progression.push(mark)
        }
        if (date.getTime() >= yearStart && (group.thisYearValue === null || better(row.kind, row.value, group.thisYearValue))) {
          group.this_year = mark
          group.thisYearValue = row.value
        }
      }
      const personalBests = [...groups.values()]
        .map(({ bestValue: _best, thisYearValue: _year, ...best }) => best)
        .sort((a, b) => a.sport_id - b.sport_id || a.kind.localeCompare(b.kind) || a.target - b.target)
      return { status: 'success', data: { personal_bests: personalBests } }
    },

    /** The caller's totals per year and day of the year (their time zone), for the cumulative chart. */
    async yearOverYear(user: UserEntity): Promise<YearOverYearResponse> {
      const rows = await reads.workouts.dayFigures(user.id)
      const totals = totalsByDayOfYear(
        rows.map(({ date, ...figures }) => ({ epochMs: date.getTime(), ...figures })),
        createZoneClock(user.timezone),
      )
      const years: YearOverYearResponse['data']['years'] = {}
      for (const [year, days] of totals) {
        const presented: Record<string, SportStatistics> = {}
        for (const [day, total] of days) {
          presented[String(day)] = {
            nb_workouts: total.workouts,
            total_distance: round(total.distance, 3),
            total_duration: total.moving,
            total_ascent: round(total.ascent, 2),
            total_descent: round(total.descent, 2),
            average_speed: round(total.speedSum / total.workouts, 2),
          }
        }
        years[String(year)] = presented
      }
      return { status: 'success', data: { years } }
    },

    /** Every line of the caller's workouts with a sport and date filter, as stored for the heatmap. */
    async heatmap(user: UserEntity, query: z.output<typeof heatmapQuery>): Promise<HeatmapResponse> {
      const stored = await reads.workouts.heatmapLines(user.id, { sportId: query.sport_id, ...dayFilter(user.timezone, query.from, query.to) })
      return { status: 'success', data: { workouts: stored.length, lines: stored.flatMap((text) => text.split('\n')) } }
    },
  }
}
