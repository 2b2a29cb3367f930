import type { EntityManager, FindOptionsWhere } from 'typeorm'
import type { NotificationType } from '../../../src/contracts/notifications'
import { NotificationEntity } from '../entities'

/** Which of one user's notifications: read or unread ones, one type. */
interface Filter {
  status?: 'read' | 'unread' | undefined
  type?: NotificationType | undefined
}

/** The event a notification tells of: by whom, to whom, of which type, about what. */
export type NotificationEvent = Pick<NotificationEntity, 'fromUserId' | 'toUserId' | 'type'> & Partial<Pick<NotificationEntity, 'workoutId' | 'commentId'>>

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
    setRead: async (id: string, read: boolean): Promise<void> => {
      await manager.update(NotificationEntity, { id }, { markedAsRead: read })
    },
    markAllRead: async (toUserId: number, type: NotificationType | undefined): Promise<void> => {
      await manager.update(NotificationEntity, where(toUserId, { status: 'unread', type }), { markedAsRead: true })
    },
  }
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>
