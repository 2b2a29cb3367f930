import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { Comments } from './comments.service'
import type { Follows } from './follows.service'
import type { Moderation } from './moderation.service'
import type { Notifications } from './notifications.service'
import type { PrivacyZones } from './privacy-zones.service'
import type { ShareLinks } from './share-links.service'
import type { Timeline } from './timeline.service'

export function sharingRoutes(
  router: Router,
  authenticate: Authenticate,
  services: { shareLinks: ShareLinks; follows: Follows; timeline: Timeline; privacyZones: PrivacyZones; comments: Comments; notifications: Notifications; moderation: Moderation },
): void {
  const { shareLinks, follows, timeline, privacyZones, comments, notifications, moderation } = services
  bind(router, authenticate, endpoints.createShareLink, async ({ user, params, body, ctx }) => {
    ctx.status = 201
    return shareLinks.create(user, params.id, body)
  })
  bind(router, authenticate, endpoints.listShareLinks, ({ user, params }) => shareLinks.list(user, params.id))
  bind(router, authenticate, endpoints.deleteShareLink, async ({ user, params }) => {
    await shareLinks.remove(user, params.id, params.linkId)
    return undefined
  })
  // Not cached: a link's expiry is a time, not a write.
  bind(router, authenticate, endpoints.getSharedWorkout, async ({ params, ctx }) => {
    // The address is the key: keep it out of shared caches and of the next page's Referer.
    ctx.set('Cache-Control', 'private, no-store')
    ctx.set('Referrer-Policy', 'no-referrer')
    return shareLinks.shared(params.token)
  })
  bind(router, authenticate, endpoints.followUser, ({ user, params }) => follows.follow(user, params.username))
  bind(router, authenticate, endpoints.unfollowUser, ({ user, params }) => follows.unfollow(user, params.username))
  bind(router, authenticate, endpoints.listFollowers, ({ user, params, query }) => follows.followers(user, params.username, query))
  bind(router, authenticate, endpoints.listFollowing, ({ user, params, query }) => follows.following(user, params.username, query))
  bind(router, authenticate, endpoints.listFollowRequests, ({ user, query }) => follows.requests(user, query))
  bind(router, authenticate, endpoints.acceptFollowRequest, ({ user, params }) => follows.accept(user, params.username))
  bind(router, authenticate, endpoints.rejectFollowRequest, ({ user, params }) => follows.reject(user, params.username))
  bind(router, authenticate, endpoints.getTimeline, ({ user, query }) => timeline.page(user, query))
  bind(router, authenticate, endpoints.listPrivacyZones, ({ user }) => privacyZones.list(user))
  bind(router, authenticate, endpoints.createPrivacyZone, async ({ user, body, ctx }) => {
    ctx.status = 201
    return privacyZones.create(user, body)
  })
  bind(router, authenticate, endpoints.deletePrivacyZone, async ({ user, params }) => {
    await privacyZones.remove(user, params.zoneId)
    return undefined
  })
  bind(router, authenticate, endpoints.addWorkoutComment, async ({ user, params, body, ctx }) => {
    ctx.status = 201
    return comments.add(user, params.id, body)
  })
  bind(router, authenticate, endpoints.listWorkoutComments, ({ user, params }) => comments.list(user, params.id))
  bind(router, authenticate, endpoints.getComment, ({ user, params }) => comments.get(user, params.commentId))
  bind(router, authenticate, endpoints.editComment, ({ user, params, body }) => comments.edit(user, params.commentId, body))
  bind(router, authenticate, endpoints.deleteComment, async ({ user, params }) => {
    await comments.remove(user, params.commentId)
    return undefined
  })
  bind(router, authenticate, endpoints.suspendComment, ({ user, params }) => comments.suspend(user, params.commentId, true))
  bind(router, authenticate, endpoints.unsuspendComment, ({ user, params }) => comments.suspend(user, params.commentId, false))
  bind(router, authenticate, endpoints.suspendSharing, ({ user, params }) => moderation.setSharingSuspended(user, params.username, true))
  bind(router, authenticate, endpoints.restoreSharing, ({ user, params }) => moderation.setSharingSuspended(user, params.username, false))
  bind(router, authenticate, endpoints.likeComment, ({ user, params }) => comments.likeComment(user, params.commentId))
  bind(router, authenticate, endpoints.undoCommentLike, ({ user, params }) => comments.undoCommentLike(user, params.commentId))
  bind(router, authenticate, endpoints.listCommentLikes, ({ user, params, query }) => comments.commentLikes(user, params.commentId, query))
  bind(router, authenticate, endpoints.likeWorkout, ({ user, params }) => comments.likeWorkout(user, params.id))
  bind(router, authenticate, endpoints.undoWorkoutLike, ({ user, params }) => comments.undoWorkoutLike(user, params.id))
  bind(router, authenticate, endpoints.listWorkoutLikes, ({ user, params, query }) => comments.workoutLikes(user, params.id, query))
  bind(router, authenticate, endpoints.listNotifications, ({ user, query }) => notifications.list(user, query))
  bind(router, authenticate, endpoints.getUnreadNotifications, ({ user }) => notifications.unread(user))
  bind(router, authenticate, endpoints.listNotificationTypes, ({ user, query }) => notifications.types(user, query))
  bind(router, authenticate, endpoints.markAllNotificationsRead, ({ user, body }) => notifications.markAllRead(user, body))
  bind(router, authenticate, endpoints.updateNotification, ({ user, params, body }) => notifications.setRead(user, params.notificationId, body.read_status))
}
