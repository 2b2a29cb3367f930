import { z } from 'zod'
import { commentSchema } from './comments'
import { httpDateSchema, paginationSchema } from './common'
import { endpoint } from './endpoint'
import { userSchema } from './users'
import { workoutSchema } from './workouts'

/** The reference tracker's event types that Waymark raises (of its moderation ones, an administrator hiding or showing a comment). */
const NOTIFICATION_TYPES = [
  'follow_request',
  'follow',
  'follow_request_approved',
  'workout_comment',
  'mention',
  'workout_like',
  'comment_like',
  'comment_suspension',
  'comment_unsuspension',
] as const
const notificationTypeSchema = z.enum(NOTIFICATION_TYPES, { error: 'invalid_payload' })
export type NotificationType = z.infer<typeof notificationTypeSchema>

/** Types an administrator's moderation raises: as the reference, they name no sender (`from` null). */
export const MODERATION_NOTIFICATION_TYPES: readonly NotificationType[] = ['comment_suspension', 'comment_unsuspension']

/** The reference's notification: who (`from`, null for moderation), what, and the workout or comment it is about. */
const notificationSchema = z.object({
  id: z.string(),
  created_at: httpDateSchema,
  marked_as_read: z.boolean(),
  type: notificationTypeSchema,
  from: userSchema.nullable(),
  workout: workoutSchema.optional(),
  comment: commentSchema.optional(),
})
export type Notification = z.infer<typeof notificationSchema>

/** GET /notifications: 5 a page, newest first unless `order=asc`, optionally only read/unread or one type. */
export const notificationsQuery = z.object({
  page: z.coerce.number().int().positive().max(1_000_000).default(1),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(['read', 'unread']).optional(),
  type: notificationTypeSchema.optional(),
})
export const notificationTypesQuery = z.object({ status: z.enum(['read', 'unread']).optional() })
const notificationReadBody = z.object({ read_status: z.boolean() }).strict()
export const markAllReadBody = z.object({ type: notificationTypeSchema.optional() }).strict()

// The list is not under `data`, as the reference answers it.
const notificationsResponseSchema = z.object({ status: z.literal('success'), notifications: z.array(notificationSchema), pagination: paginationSchema })
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>
const notificationResponseSchema = z.object({ status: z.literal('success'), notification: notificationSchema })
export type NotificationResponse = z.infer<typeof notificationResponseSchema>
const unreadResponseSchema = z.object({ status: z.literal('success'), unread: z.boolean() })
export type UnreadNotificationsResponse = z.infer<typeof unreadResponseSchema>
const notificationTypesResponseSchema = z.object({ status: z.literal('success'), notification_types: z.array(notificationTypeSchema) })
export type NotificationTypesResponse = z.infer<typeof notificationTypesResponseSchema>
const successSchema = z.object({ status: z.literal('success') })
export type MarkAllReadResponse = z.infer<typeof successSchema>

/** Notifications, the reference tracker's calls: each user's own; one about what they may no longer see is left out. */
export const notificationEndpoints = {
  listNotifications: endpoint()({ method: 'GET', path: '/notifications', access: 'user', query: notificationsQuery, response: notificationsResponseSchema }),
  getUnreadNotifications: endpoint()({ method: 'GET', path: '/notifications/unread', access: 'user', response: unreadResponseSchema }),
  listNotificationTypes: endpoint()({ method: 'GET', path: '/notifications/types', access: 'user', query: notificationTypesQuery, response: notificationTypesResponseSchema }),
  markAllNotificationsRead: endpoint()({ method: 'POST', path: '/notifications/mark-all-as-read', access: 'user', body: markAllReadBody, response: successSchema }),
  updateNotification: endpoint()({ method: 'PATCH', path: '/notifications/:notificationId', access: 'user', body: notificationReadBody, response: notificationResponseSchema }),
}
