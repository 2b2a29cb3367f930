/** The SQL of the user aggregate: services decide what to ask, this module how to ask SQLite. */
import type { EntityManager } from 'typeorm'
import { containsPattern } from '../../db/like'

export interface UserListOrder {
  by: 'admin' | 'created_at' | 'is_active' | 'username' | 'workouts_count'
  direction: 'asc' | 'desc'
}

/** Sums over one user's workouts (null when they have none). */
export interface UserWorkoutSums {
  nb_workouts: number
  total_distance: number | null
  total_ascent: number | null
  total_duration: number | null
}

const ORDER_COLUMNS = {
  admin: 'u.admin',
  created_at: 'u.created_at',
  is_active: 'u.is_active',
  username: 'u.username',
  workouts_count: 'workouts_count',
} as const

/** Users whose name contains `part` literally (not as a pattern); every user without it. */
function whereOf(part: string | undefined): { where: string; params: unknown[] } {
  if (!part) return { where: '', params: [] }
  return { where: `WHERE u.username LIKE ? ESCAPE '\\'`, params: [containsPattern(part)] }
}

export async function countUsers(manager: EntityManager, usernamePart: string | undefined): Promise<number> {
  const { where, params } = whereOf(usernamePart)
  const [{ total }] = await manager.query<[{ total: number }]>(`SELECT COUNT(*) AS total FROM user u ${where}`, params)
  return total
}

/** Ids of one page of users; ties fall back to the id. */
export async function userPageIds(
  manager: EntityManager,
  usernamePart: string | undefined,
  order: UserListOrder,
  page: { limit: number; offset: number },
): Promise<number[]> {
  const { where, params } = whereOf(usernamePart)
  const direction = order.direction === 'desc' ? 'DESC' : 'ASC'
  const rows = await manager.query<{ id: number }[]>(
    `SELECT u.id, (SELECT COUNT(*) FROM workout w WHERE w.user_id = u.id) AS workouts_count
       FROM user u ${where}
      ORDER BY ${ORDER_COLUMNS[order.by]} ${direction}, u.id ${direction}
      LIMIT ? OFFSET ?`,
    [...params, page.limit, page.offset],
  )
  return rows.map((row) => row.id)
}

/** Sums over one user's workouts and the sports they have workouts in (by id), in one statement. */
export async function userWorkoutSums(manager: EntityManager, userId: number): Promise<UserWorkoutSums & { sportIds: number[] }> {
  const [sums] = await manager.query<[UserWorkoutSums & { sport_ids: string | null }]>(
    `SELECT COUNT(*) AS nb_workouts, SUM(distance) AS total_distance, SUM(ascent) AS total_ascent, SUM(duration) AS total_duration,
            (SELECT group_concat(sport_id, ',' ORDER BY sport_id) FROM (SELECT DISTINCT sport_id FROM workout WHERE user_id = ?)) AS sport_ids
       FROM workout WHERE user_id = ?`,
    [userId, userId],
  )
  const { sport_ids: sportIds, ...totals } = sums
  return { ...totals, sportIds: sportIds === null ? [] : sportIds.split(',').map(Number) }
}
