import type { z } from 'zod'
import type { statsBySportQuery, StatsBySportResponse, statsByTimeQuery, StatsByTimeResponse } from '../../../src/contracts'
import { statisticsBySport, statisticsByTime, type StatisticsInput } from '../../../src/domain/statistics'
import { createZoneClock, parseLocalDateTime, type ZoneClock } from '../../../src/domain/zoned-time'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { SportEntity, UserEntity } from '../../db/entities'
import { toSqlDate } from '../../lib/sql-date'

interface StatsRow {
  workout_date: string
  sport_id: number
  distance: number
  moving: number
  ascent: number | null
  descent: number | null
  ave_speed: number | null
}

export function createStatsService(context: ServerContext) {
  const { db } = context

  /** The user whose statistics are asked for: oneself, or anyone for an administrator. */
  async function target(viewer: UserEntity, username: string): Promise<UserEntity> {
    const user = await db.manager.findOneBy(UserEntity, { username })
    if (!user) throw new AppError('user_not_found')
    if (user.id !== viewer.id && !viewer.admin) throw new AppError('forbidden')
    return user
  }

  /** Local midnight of a day (plus `offsetDays`) as stored UTC text. */
  function midnight(clock: ZoneClock, day: string, offsetDays: number): string {
    const parts = parseLocalDateTime(day)
    if (!parts) throw new AppError('invalid_payload')
    const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + offsetDays))
    return toSqlDate(clock.toUtc({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 }))
  }

  async function workouts(user: UserEntity, clock: ZoneClock, filter: { from?: string; to?: string; sport_id?: number }): Promise<StatisticsInput[]> {
    const conditions = ['user_id = ?']
    const params: unknown[] = [user.id]
    if (filter.from) {
      conditions.push('workout_date >= ?')
      params.push(midnight(clock, filter.from, 0))
    }
    if (filter.to) {
      conditions.push('workout_date < ?')
      params.push(midnight(clock, filter.to, 1))
    }
    if (filter.sport_id !== undefined) {
      conditions.push('sport_id = ?')
      params.push(filter.sport_id)
    }
    const rows = await db.manager.query<StatsRow[]>(
      `SELECT workout_date, sport_id, distance, moving, ascent, descent, ave_speed FROM workout WHERE ${conditions.join(' AND ')}`,
      params,
    )
    return rows.map((row) => ({
      date: Date.parse(`${row.workout_date.replace(' ', 'T')}Z`),
      sportId: row.sport_id,
      distanceKm: row.distance,
      movingS: row.moving,
      ascentM: row.ascent,
      descentM: row.descent,
      aveSpeedKmh: row.ave_speed,
    }))
  }

  async function checkSport(sportId: number | undefined): Promise<void> {
    if (sportId !== undefined && !(await db.manager.existsBy(SportEntity, { id: sportId }))) throw new AppError('sport_not_found')
  }

  return {
    /** Totals per period (in the user's time zone) and sport. */
    async byTime(viewer: UserEntity, username: string, query: z.output<typeof statsByTimeQuery>): Promise<StatsByTimeResponse> {
      const user = await target(viewer, username)
      await checkSport(query.sport_id)
      const clock = createZoneClock(user.timezone)
      return { status: 'success', data: { statistics: statisticsByTime(await workouts(user, clock, query), query.time, clock) } }
    },

    /** Totals per sport over all the user's workouts. */
    async bySport(viewer: UserEntity, username: string, query: z.output<typeof statsBySportQuery>): Promise<StatsBySportResponse> {
      const user = await target(viewer, username)
      await checkSport(query.sport_id)
      const clock = createZoneClock(user.timezone)
      return { status: 'success', data: { statistics: statisticsBySport(await workouts(user, clock, query)) } }
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>
