import { Not, type EntityManager } from 'typeorm'
import { UserEntity, UserSportPreferenceEntity } from '../entities'
import { dialectOf } from '../dialect'
import type { PackedRow } from '../packed-rows'
import type { Visibility } from '../../../src/domain/visibility'
import { packedRecords, type RecordRow } from './records.repository'

export interface UserListOrder {
  by: 'admin' | 'created_at' | 'is_active' | 'username' | 'workouts_count'
  direction: 'asc' | 'desc'
  /** Accounts waiting for activation before the others, each group in the order above. */
  inactiveFirst?: boolean
}

/**
 * What a user's profile shows beside the account: sums over their workouts (null when they have
 * none), the sports they have workouts in (by id), their records (by sport then type), and how
 * many active users follow them and they follow.
 */
export interface UserFigures {
  nb_workouts: number
  total_distance: number | null
  total_ascent: number | null
  total_duration: number | null
  sportIds: number[]
  records: RecordRow[]
  followers: number
  following: number
}

/** The one row of a user's figures per record (one row with a null `record_id` when they hold none). */
type FiguresRow = Omit<UserFigures, 'sportIds' | 'records'> & PackedRow & { sport_ids: string | null; record_id: number | null }

const ORDER_COLUMNS = {
  admin: 'u.admin',
  created_at: 'u.created_at',
  is_active: 'u.is_active',
  username: 'u.username',
  workouts_count: 'workouts_count',
} as const

/** Columns compared and sorted ignoring case (NOCASE on SQLite). */
const NOCASE_ORDER: ReadonlySet<UserListOrder['by']> = new Set(['username'])

/** The accounts, with their sport preferences and the sums of their workouts shown beside them. */
export function usersRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  const query = <T>(sql: string, params: unknown[]) => manager.query<T>(dialect.sql(sql), params)

  /** Users whose name contains `part` literally (not as a pattern); every user without it. */
  function whereOf(part: string | undefined): { where: string; params: unknown[] } {
    if (!part) return { where: '', params: [] }
    return { where: `WHERE ${dialect.containsIgnoringCase('u.username')}`, params: [dialect.containsParameter(part)] }
  }

  return {
    byId: (id: number): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { id }),
    byUsername: (username: string): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { username: dialect.sameTextAs(username) }),
    byEmail: (email: string): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { email: dialect.sameTextAs(email) }),
    /** The user holding this hashed one-time token (account confirmation or e-mail change), or null. */
    byTokenHash: (column: 'confirmationTokenHash' | 'emailTokenHash', hash: string): Promise<UserEntity | null> =>
      manager.findOneBy(UserEntity, { [column]: hash }),
    /** The first active accounts, by id. */
    firstActive: (limit: number): Promise<UserEntity[]> => manager.find(UserEntity, { where: { isActive: true }, order: { id: 'ASC' }, take: limit }),
    /** The users of these ids that exist, in no particular order. */
    byIds: (ids: readonly number[]): Promise<UserEntity[]> => manager.findBy(UserEntity, ids.map((id) => ({ id }))),
    /** Every account, oldest registration first. */
    allByRegistration: (): Promise<UserEntity[]> => manager.find(UserEntity, { order: { createdAt: 'ASC' } }),
    /** How many accounts exist, active or not. */
    count: (): Promise<number> => manager.count(UserEntity),
    /** Accounts waiting for activation. */
    countInactive: (): Promise<number> => manager.countBy(UserEntity, { isActive: false }),
    /** Active administrators other than this user. */
    countActiveAdminsExcept: (id: number): Promise<number> => manager.countBy(UserEntity, { admin: true, isActive: true, id: Not(id) }),

    /** How many users' names contain `usernamePart` (all users without it). */
    async countMatching(usernamePart: string | undefined): Promise<number> {
      const { where, params } = whereOf(usernamePart)
      const [{ total }] = await query<[{ total: number }]>(`SELECT COUNT(*) AS total FROM "user" u ${where}`, params)
      return total
    },

    /** Ids of one page of users; ties fall back to the id. */
    async pageIds(usernamePart: string | undefined, order: UserListOrder, page: { limit: number; offset: number }): Promise<number[]> {
      const { where, params } = whereOf(usernamePart)
      const direction = order.direction === 'desc' ? 'DESC' : 'ASC'
      const rows = await query<{ id: number }[]>(
        `SELECT u.id, (SELECT COUNT(*) FROM workout w WHERE w.user_id = u.id) AS workouts_count
           FROM "user" u ${where}
          ORDER BY ${order.inactiveFirst ? 'u.is_active ASC, ' : ''}${NOCASE_ORDER.has(order.by) ? dialect.orderIgnoringCase(ORDER_COLUMNS[order.by]) : ORDER_COLUMNS[order.by]} ${direction}, u.id ${direction}
          LIMIT ? OFFSET ?`,
        [...params, page.limit, page.offset],
      )
      return rows.map((row) => row.id)
    },

    /**
     * A user's figures (see {@link UserFigures}) in one statement, one round trip on PostgreSQL:
     * the sums and counts are computed once and repeated on each of their records' rows. With
     * `levels`, only the workouts of those visibility levels count, and only their records.
     */
    async figures(userId: number, levels?: readonly Visibility[]): Promise<UserFigures> {
      const shown = levels === undefined ? { sql: '', params: [] } : levels.length === 0 ? { sql: ' AND 1 = 0', params: [] } : { sql: ` AND workout_visibility IN (${levels.map(() => '?').join(', ')})`, params: [...levels] }
      const followCount = (side: string, other: string) =>
        `(SELECT COUNT(*) FROM follow_request f JOIN "user" o ON o.id = f.${other} WHERE f.${side} = ? AND f.is_approved = ? AND o.is_active = ?)`
      const rows = await query<FiguresRow[]>(
        `SELECT t.*, record.id AS record_id, ${packedRecords.select(undefined, dialect)}
           FROM (SELECT COUNT(*) AS nb_workouts, SUM(distance) AS total_distance, SUM(ascent) AS total_ascent, SUM(duration) AS total_duration,
                        ${dialect.joinedDistinct('sport_id', `FROM workout WHERE user_id = ?${shown.sql}`, ',')} AS sport_ids,
                        ${followCount('followed_id', 'follower_id')} AS followers, ${followCount('follower_id', 'followed_id')} AS following
                   FROM workout WHERE user_id = ?${shown.sql}) AS t
           LEFT JOIN record ON record.user_id = ?${levels === undefined ? '' : ` AND record.workout_id IN (SELECT id FROM workout WHERE user_id = ?${shown.sql})`}
          ORDER BY record.sport_id, record.record_type`,
        [
          userId,
          ...shown.params,
          userId,
          true,
          true,
          userId,
          true,
          true,
          userId,
          ...shown.params,
          userId,
          ...(levels === undefined ? [] : [userId, ...shown.params]),
        ],
      )
      const [first] = rows
      if (!first) throw new Error('a user figures statement answered no row')
      const { nb_workouts, total_distance, total_ascent, total_duration, sport_ids: sportIds, followers, following } = first
      return {
        nb_workouts,
        total_distance,
        total_ascent,
        total_duration,
        sportIds: sportIds === null ? [] : sportIds.split(',').map(Number),
        records: rows.flatMap((row) => (row.record_id === null ? [] : [packedRecords.unpack(row, dialect)])),
        followers,
        following,
      }
    },

    /** A user's own settings of the sports (colour, threshold, display, enabled), by sport. */
    sportPreferences: (userId: number): Promise<UserSportPreferenceEntity[]> => manager.find(UserSportPreferenceEntity, { where: { userId }, order: { sportId: 'ASC' } }),
    /** A user's own settings of one sport, or null when they keep the sport's defaults. */
    sportPreference: (userId: number, sportId: number): Promise<UserSportPreferenceEntity | null> =>
      manager.findOneBy(UserSportPreferenceEntity, { userId, sportId }),
    saveSportPreference: (preference: UserSportPreferenceEntity): Promise<UserSportPreferenceEntity> => manager.save(preference),
    /** Adds a user's settings of a sport they have none of yet (not read back). */
    async insertSportPreference(preference: UserSportPreferenceEntity): Promise<void> {
      await manager.insert(UserSportPreferenceEntity, preference)
    },
    /** Back to the sport's defaults for this user. */
    async removeSportPreference(userId: number, sportId: number): Promise<void> {
      await manager.delete(UserSportPreferenceEntity, { userId, sportId })
    },

    save: (user: UserEntity): Promise<UserEntity> => manager.save(user),
    /** Adds an account, every column given (not read back). */
    async insert(user: UserEntity): Promise<void> {
      await manager.insert(UserEntity, user)
    },
    /** Writes only these columns (see the services' re-read before a change). */
    async update(id: number, changes: Partial<Omit<UserEntity, 'id'>>): Promise<void> {
      await manager.update(UserEntity, id, changes)
    },
    /** Deletes an account; its workouts, records and preferences go with it (foreign keys cascade). */
    async remove(id: number): Promise<void> {
      await manager.delete(UserEntity, { id })
    },
  }
}

export type UsersRepository = ReturnType<typeof usersRepository>
