import { In, IsNull, type EntityManager } from 'typeorm'
import { CommentLikeEntity, UserEntity, WorkoutCommentEntity, WorkoutLikeEntity } from '../entities'
import { dialectOf } from '../dialect'

/** Which page: 1-based, of `perPage`. */
interface PageOf {
  page: number
  perPage: number
}

/**
 * SQL of how many likes of the workout or comment `id` (an SQL expression) others may see (active
 * likers whose sharing is not suspended; parameter: true) and whether the viewer likes it
 * (parameter: their id, 0 without a viewer: no account has id 0).
 */
export function likesColumns(table: 'workout_like' | 'comment_like', column: 'workout_id' | 'comment_id', id: string): { count: string; liked: string } {
  return {
    count: `(SELECT COUNT(*) FROM ${table} l JOIN "user" u ON u.id = l.user_id WHERE l.${column} = ${id} AND u.is_active = ? AND u.sharing_suspended_at IS NULL)`,
    liked: `(SELECT COUNT(*) FROM ${table} WHERE ${column} = ${id} AND user_id = ?)`,
  }
}

/** Comments on workouts and likes of workouts and comments. */
export function commentsRepository(manager: EntityManager) {
  const window = ({ page, perPage }: PageOf) => ({ skip: (page - 1) * perPage, take: perPage })
  /** Likes count and list only accounts others may see: active, their sharing not suspended. */
  const seenLiker = { isActive: true, sharingSuspendedAt: IsNull() }
  /** The likers of one liked thing, the latest first, and how many there are. */
  async function likers(rows: { userId: number }[], total: number): Promise<{ users: UserEntity[]; total: number }> {
    const users = rows.length === 0 ? [] : await manager.findBy(UserEntity, { id: In(rows.map((row) => row.userId)) })
    const byId = new Map(users.map((user) => [user.id, user]))
    return { users: rows.flatMap((row) => byId.get(row.userId) ?? []), total }
  }

  const dialect = dialectOf(manager)
  /**
   * How many likes of one workout or comment others may see (see `seenLiker`), and whether
   * `userId` likes it: one statement (one round trip on PostgreSQL).
   */
  async function likesOf(table: 'workout_like' | 'comment_like', column: 'workout_id' | 'comment_id', id: string, userId: number | null) {
    const likes = likesColumns(table, column, '?')
    const [row] = await manager.query<{ count: number; liked: number }[]>(dialect.sql(`SELECT ${likes.count} AS count, ${likes.liked} AS liked`), [id, true, id, userId ?? 0])
    return { count: row?.count ?? 0, liked: userId !== null && (row?.liked ?? 0) > 0 }
  }

  return {
    byId: (id: string): Promise<WorkoutCommentEntity | null> => manager.findOneBy(WorkoutCommentEntity, { id }),
    /** A workout's comments, oldest first. */
    ofWorkout: (workoutId: string): Promise<WorkoutCommentEntity[]> => manager.find(WorkoutCommentEntity, { where: { workoutId }, order: { createdAt: 'ASC', id: 'ASC' } }),
    add: async (comment: WorkoutCommentEntity): Promise<void> => {
      await manager.insert(WorkoutCommentEntity, comment)
    },
    editText: async (id: string, text: string, at: Date): Promise<void> => {
      await manager.update(WorkoutCommentEntity, { id }, { text, modificationDate: at })
    },
    /** Hides a comment (`at`: since when) or shows it again (null). */
    setSuspendedAt: async (id: string, at: Date | null): Promise<void> => {
      await manager.update(WorkoutCommentEntity, { id }, { suspendedAt: at })
    },
    /** Deletes a comment and, by cascade, its likes. */
    remove: async (id: string): Promise<void> => {
      await manager.delete(WorkoutCommentEntity, { id })
    },
    /** The active accounts of these usernames (case-insensitive), for mentions. */
    usersNamed: async (usernames: string[]): Promise<UserEntity[]> => {
      if (usernames.length === 0) return []
      const lower = usernames.map((name) => name.toLowerCase())
      return manager.createQueryBuilder(UserEntity, 'user').where('LOWER(user.username) IN (:...lower)', { lower }).andWhere('user.isActive = :active', { active: true }).getMany()
    },

    /** Likes a workout; liking twice changes nothing. True when the like is new. */
    likeWorkout: async (workoutId: string, userId: number, at: Date): Promise<boolean> => {
      if (await manager.existsBy(WorkoutLikeEntity, { workoutId, userId })) return false
      await manager.insert(WorkoutLikeEntity, { workoutId, userId, createdAt: at })
      return true
    },
    unlikeWorkout: async (workoutId: string, userId: number): Promise<void> => {
      await manager.delete(WorkoutLikeEntity, { workoutId, userId })
    },
    /** Who likes a workout (whom others may see), the latest first. */
    workoutLikers: async (workoutId: string, page: PageOf) => {
      const [rows, total] = await manager.findAndCount(WorkoutLikeEntity, { where: { workoutId, user: seenLiker }, order: { createdAt: 'DESC', userId: 'ASC' }, ...window(page) })
      return likers(rows, total)
    },

    commentLikes: (commentId: string, userId: number | null): Promise<{ count: number; liked: boolean }> => likesOf('comment_like', 'comment_id', commentId, userId),
    /** Likes a comment; liking twice changes nothing. True when the like is new. */
    likeComment: async (commentId: string, userId: number, at: Date): Promise<boolean> => {
      if (await manager.existsBy(CommentLikeEntity, { commentId, userId })) return false
      await manager.insert(CommentLikeEntity, { commentId, userId, createdAt: at })
      return true
    },
    unlikeComment: async (commentId: string, userId: number): Promise<void> => {
      await manager.delete(CommentLikeEntity, { commentId, userId })
    },
    commentLikers: async (commentId: string, page: PageOf) => {
      const [rows, total] = await manager.findAndCount(CommentLikeEntity, { where: { commentId, user: seenLiker }, order: { createdAt: 'DESC', userId: 'ASC' }, ...window(page) })
      return likers(rows, total)
    },
  }
}

export type CommentsRepository = ReturnType<typeof commentsRepository>
