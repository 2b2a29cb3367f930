import type { z } from 'zod'
import {
  MODERATION_NOTIFICATION_TYPES,
  type Comment,
  type MarkAllReadResponse,
  type markAllReadBody,
  type Notification,
  type NotificationResponse,
  type NotificationsResponse,
  type notificationsQuery,
  type NotificationType,
  type NotificationTypesResponse,
  type notificationTypesQuery,
  type UnreadNotificationsResponse,
  type User,
  type Workout,
} from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { NotificationEntity, type UserEntity } from '../../db/entities'
import { afterCommit, type Database, type Repositories } from '../../db/repositories'
import type { NotificationEvent, NotificationSubjects } from '../../db/repositories/notifications.repository'
import { toHttpDate } from '../../lib/http-date'
import { isShortId, shortId } from '../../lib/short-id'
import type { Mailer } from '../../mail/mailer'
import type { WorkoutsService } from '../workouts/workouts.service'
import { commentHidden, commentReadable, type Comments } from './comments.service'
import { paginationOf } from '../../lib/pagination'
import { usersSeenBy } from './follows.service'
import { accessTo } from './workout-access'

/** The reference's page size for notifications. */
const NOTIFICATIONS_PER_PAGE = 5

/**
 * Raises and withdraws notifications inside the transaction of the event they tell of, so the two
 * stand or fall together; never for oneself. The e-mail, for a recipient who wants it, leaves after
 * the commit.
 */
export function createNotifier({ mailer, publicUrl, now }: { mailer: Pick<Mailer, 'enabled' | 'send'>; publicUrl: string; now: () => Date }) {
  return {
    async raise(repositories: Repositories, event: NotificationEvent): Promise<void> {
      if (event.fromUserId === event.toUserId) return
      const to = await repositories.users.byId(event.toUserId)
      const from = await repositories.users.byId(event.fromUserId)
      if (!to?.isActive || !from) return
      await repositories.notifications.add(
        Object.assign(new NotificationEntity(), { id: shortId(), workoutId: null, commentId: null, ...event, createdAt: now(), markedAsRead: false }),
      )
      if (mailer.enabled && to.notificationEmails)
        afterCommit(repositories, () =>
          mailer.send(to.email, { kind: `notification_${event.type}`, language: to.language, username: to.username, actor: from.username, link: `${publicUrl}/notifications` }),
        )
    },
    withdraw: (repositories: Repositories, event: NotificationEvent): Promise<void> => repositories.notifications.withdraw(event),
  }
}

export type Notifier = ReturnType<typeof createNotifier>

/**
 * A user's notifications, as the reference tracker lists them. One about what its recipient may no
 * longer see (a workout made private, a comment they cannot read or an administrator hid, an account deactivated
 * or whose sharing is suspended) is left out.
 */
export function createNotifications({ database }: { database: Database }, comments: Comments, workouts: WorkoutsService) {
  /** Whether `viewer` may still see `notification`, from what their notifications are about (read beforehand, in one go). */
  function stillVisible(viewer: UserEntity, notification: NotificationEntity, subjects: NotificationSubjects): boolean {
    const moderation = MODERATION_NOTIFICATION_TYPES.includes(notification.type)
    const from = subjects.users.get(notification.fromUserId)
    if (!moderation && (!from?.isActive || from.sharingSuspendedAt != null)) return false
    const seesWorkout = (id: string) => {
      const workout = subjects.workouts.get(id)
      const owner = workout ? subjects.users.get(workout.userId) : undefined
      return workout !== undefined && owner !== undefined && accessTo(workout, owner, viewer, subjects.followed.has(owner.id))?.workout === true
    }
    if (notification.commentId) {
      const comment = subjects.comments.get(notification.commentId)
      if (!comment || !seesWorkout(comment.workoutId)) return false
      // Never once the comment is hidden, even to its author, except the author's notice of its moderation (raised to the author only).
      if (moderation) return true
      const author = subjects.users.get(comment.userId) ?? null
      return !commentHidden(comment, author) && commentReadable(comment, author, viewer, subjects.followed.has(comment.userId))
    }
    return notification.workoutId ? seesWorkout(notification.workoutId) : true
  }

  /** The viewer's notifications they may still see (the first `limit` of them), and what they are about, read in `repositories`. */
  async function visibleIn(
    repositories: Repositories,
    viewer: UserEntity,
    filter: { status?: 'read' | 'unread' | undefined; type?: NotificationType | undefined },
    order: 'asc' | 'desc',
    limit = Number.POSITIVE_INFINITY,
  ): Promise<{ visible: NotificationEntity[]; subjects: NotificationSubjects }> {
    const notifications = await repositories.notifications.ofUser(viewer.id, filter, order)
    const subjects = await repositories.notifications.subjectsOf(viewer.id)
    const visible: NotificationEntity[] = []
    for (const notification of notifications) {
      if (visible.length >= limit) break
      if (stillVisible(viewer, notification, subjects)) visible.push(notification)
    }
    return { visible, subjects }
  }

  const visibleOf = (viewer: UserEntity, filter: Parameters<typeof visibleIn>[2], order: 'asc' | 'desc', limit?: number) =>
    database.snapshot(async (repositories) => (await visibleIn(repositories, viewer, filter, order, limit)).visible)

  /**
   * The senders of `notifications` as the viewer sees them, by id, each presented once from the
   * users their subjects hold (a moderation one has none): their follow requests in one statement.
   */
  async function sendersOf(repositories: Repositories, viewer: UserEntity, notifications: readonly NotificationEntity[], users: ReadonlyMap<number, UserEntity>): Promise<Map<number, User>> {
    const ids = new Set(notifications.flatMap((notification) => (MODERATION_NOTIFICATION_TYPES.includes(notification.type) ? [] : [notification.fromUserId])))
    const senders = [...ids].map((id) => {
      const user = users.get(id)
      if (!user) throw new AppError('notification_not_found')
      return user
    })
    return usersSeenBy(repositories, viewer, senders)
  }

  /**
   * Presents notifications with what they are about, each as the viewer sees it, their senders
   * given: each workout and comment they name is read once, however many name it.
   */
  async function presenterOf(viewer: UserEntity, notifications: readonly NotificationEntity[], senders: ReadonlyMap<number, User>): Promise<(notification: NotificationEntity) => Notification> {
    const shownWorkouts = new Map<string, Workout | undefined>()
    for (const id of new Set(notifications.flatMap((notification) => notification.workoutId ?? []))) shownWorkouts.set(id, (await workouts.get(viewer, id)).data.workouts[0])
    const shownComments = new Map<string, Comment | undefined>()
    for (const id of new Set(notifications.flatMap((notification) => notification.commentId ?? []))) shownComments.set(id, (await comments.get(viewer, id)).comment)
    return (notification) => {
      const workout = notification.workoutId ? shownWorkouts.get(notification.workoutId) : undefined
      const comment = notification.commentId ? shownComments.get(notification.commentId) : undefined
      return {
        id: notification.id,
        created_at: toHttpDate(notification.createdAt),
        marked_as_read: notification.markedAsRead,
        type: notification.type,
        from: senders.get(notification.fromUserId) ?? null,
        ...(workout ? { workout } : {}),
        ...(comment ? { comment } : {}),
      }
    }
  }

  /** The viewer's own notification, about something they may still see, with its sender; anything else is "not found". */
  async function own(viewer: UserEntity, id: string): Promise<{ notification: NotificationEntity; senders: Map<number, User> }> {
    const found = await database.snapshot(async (repositories) => {
      const notification = isShortId(id) ? await repositories.notifications.byId(id) : null
      if (!notification || notification.toUserId !== viewer.id) return null
      const subjects = await repositories.notifications.subjectsOf(viewer.id)
      return stillVisible(viewer, notification, subjects) ? { notification, senders: await sendersOf(repositories, viewer, [notification], subjects.users) } : null
    })
    if (!found) throw new AppError('notification_not_found')
    return found
  }

  return {
    async list(viewer: UserEntity, query: z.output<typeof notificationsQuery>): Promise<NotificationsResponse> {
      // The page's senders are presented in the snapshot that chose the page.
      const { page, total, senders } = await database.snapshot(async (repositories) => {
        const { visible, subjects } = await visibleIn(repositories, viewer, query, query.order)
        const chosen = visible.slice((query.page - 1) * NOTIFICATIONS_PER_PAGE, query.page * NOTIFICATIONS_PER_PAGE)
        return { page: chosen, total: visible.length, senders: await sendersOf(repositories, viewer, chosen, subjects.users) }
      })
      const present = await presenterOf(viewer, page, senders)
      return { status: 'success', notifications: page.map(present), pagination: paginationOf(query.page, NOTIFICATIONS_PER_PAGE, total) }
    },

    async unread(viewer: UserEntity): Promise<UnreadNotificationsResponse> {
      return { status: 'success', unread: (await visibleOf(viewer, { status: 'unread' }, 'desc', 1)).length > 0 }
    },

    async types(viewer: UserEntity, query: z.output<typeof notificationTypesQuery>): Promise<NotificationTypesResponse> {
      const visible = await visibleOf(viewer, query, 'desc')
      return { status: 'success', notification_types: [...new Set(visible.map((notification) => notification.type))].sort() }
    },

    async markAllRead(viewer: UserEntity, body: z.output<typeof markAllReadBody>): Promise<MarkAllReadResponse> {
      await database.write((repositories) => repositories.notifications.markAllRead(viewer.id, body.type))
      return { status: 'success' }
    },

    async setRead(viewer: UserEntity, id: string, read: boolean): Promise<NotificationResponse> {
      const { notification, senders } = await own(viewer, id)
      await database.write((repositories) => repositories.notifications.setRead(notification.id, read))
      const present = await presenterOf(viewer, [notification], senders)
      return { status: 'success', notification: present({ ...notification, markedAsRead: read }) }
    },
  }
}

export type Notifications = ReturnType<typeof createNotifications>
