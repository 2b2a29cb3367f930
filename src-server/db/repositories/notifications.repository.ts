import type { EntityManager, FindOptionsWhere } from 'typeorm'
import type { NotificationType } from '../../../src/contracts/notifications'
import { FollowRequestEntity, NotificationEntity, UserEntity, WorkoutCommentEntity, WorkoutEntity } from '../entities'

/** Which of one user's notifications: read or unread ones, one type. */
interface Filter {
  status?: 'read' | 'unread' | undefined
  type?: NotificationType | undefined
}

/** The event a notification tells of: by whom, to whom, of which type, about what. */
export type NotificationEvent = Pick<NotificationEntity, 'fromUserId' | 'toUserId' | 'type'> & Partial<Pick<NotificationEntity, 'workoutId' | 'commentId'>>

/** What a user's notifications are about, each by id, and whom the user follows: what tells which they may still see. */
export interface NotificationSubjects {
  comments: Map<string, WorkoutCommentEntity>
  workouts: Map<string, WorkoutEntity>
  /** The senders, the workouts' owners and the comments' authors. */
  users: Map<number, UserEntity>
  /** The ids of the accounts the user follows (approved requests). */
  followed: Set<number>
}

/** Users' notifications. */
export function notificationsRepository(manager: EntityManager) {
  const where = (toUserId: number, filter: Filter): FindOptionsWhere<NotificationEntity> => ({
    toUserId,
    ...(filter.status ? { markedAsRead: filter.status === 'read' } : {}),
    ...(filter.type ? { type: filter.type } : {}),
  })
  /** The rows of one event (all of its kind between the two users when no workout or comment is named). */
  const ofEvent = (event: NotificationEvent): FindOptionsWhere<NotificationEntity> => ({
    fromUserId: event.fromUserId,
    toUserId: event.toUserId,
    type: event.type,
    ...(event.workoutId ? { workoutId: event.workoutId } : {}),
    ...(event.commentId ? { commentId: event.commentId } : {}),
  })

  return {
    add: async (notification: NotificationEntity): Promise<void> => {
      await manager.insert(NotificationEntity, notification)
    },
    /** Removes the notifications of an event that was undone (an unlike, a rejected request). */
    withdraw: async (event: NotificationEvent): Promise<void> => {
      await manager.delete(NotificationEntity, ofEvent(event))
    },
    /** Turns an event's notifications into another type (a request, once accepted, is a follow). */
    retype: async (event: NotificationEvent, type: NotificationType): Promise<void> => {
      await manager.update(NotificationEntity, ofEvent(event), { type })
    },
    byId: (id: string): Promise<NotificationEntity | null> => manager.findOneBy(NotificationEntity, { id }),
    /** One user's notifications, by date (then id, so equal dates keep one order). */
    ofUser: (toUserId: number, filter: Filter, order: 'asc' | 'desc'): Promise<NotificationEntity[]> => {
      const direction = order === 'asc' ? 'ASC' : 'DESC'
      return manager.find(NotificationEntity, { where: where(toUserId, filter), order: { createdAt: direction, id: direction } })
    },
    /**
     * What all of one user's notifications are about, in four statements however many there are
     * (each subquery names the user's notifications, so no list of ids grows with them).
     */
    subjectsOf: async (toUserId: number): Promise<NotificationSubjects> => {
      const theirs = (column: 'workout_id' | 'comment_id' | 'from_user_id') => `SELECT n.${column} FROM notification n WHERE n.to_user_id = :toUserId`
      const comments = await manager.createQueryBuilder(WorkoutCommentEntity, 'c').where(`c.id IN (${theirs('comment_id')})`, { toUserId }).getMany()
      // A notification about a comment names its workout too.
      const workouts = await manager.createQueryBuilder(WorkoutEntity, 'w').where(`w.id IN (${theirs('workout_id')})`, { toUserId }).getMany()
      const users = await manager
        .createQueryBuilder(UserEntity, 'u')
        .where(
          `u.id IN (${theirs('from_user_id')}) OR u.id IN (SELECT w.user_id FROM workout w WHERE w.id IN (${theirs('workout_id')})) OR u.id IN (SELECT c.user_id FROM workout_comment c WHERE c.id IN (${theirs('comment_id')}))`,
          { toUserId },
        )
        .getMany()
      const follows = await manager.find(FollowRequestEntity, { select: { followedId: true }, where: { followerId: toUserId, isApproved: true } })
      return {
        comments: new Map(comments.map((comment) => [comment.id, comment])),
        workouts: new Map(workouts.map((workout) => [workout.id, workout])),
        users: new Map(users.map((user) => [user.id, user])),
        followed: new Set(follows.map((follow) => follow.followedId)),
      }
    },
    setRead: async (id: string, read: boolean): Promise<void> => {
      await manager.update(NotificationEntity, { id }, { markedAsRead: read })
    },
    markAllRead: async (toUserId: number, type: NotificationType | undefined): Promise<void> => {
      await manager.update(NotificationEntity, where(toUserId, { status: 'unread', type }), { markedAsRead: true })
    },
  }
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>
