import { z } from 'zod'
import { PRIVACY_ZONE_RADIUS_MAX_M, PRIVACY_ZONE_RADIUS_MIN_M } from '../domain/privacy-zones'
import { httpDateSchema, pageSize, paginationSchema } from './common'
import { endpoint } from './endpoint'
import { userSchema } from './users'
import { chartDataPointSchema, workoutSchema } from './workouts'

/** Share links may be made to expire at most this far ahead (days); `null` keeps them until deleted. */
export const SHARE_LINK_DAYS_MAX = 3650

/** POST /workouts/:id/share_links: an optional expiry, an ISO 8601 instant in the future. */
export const createShareLinkBody = z
  .object({ expires_at: z.iso.datetime({ offset: true }).nullable().optional() })
  .strict()

/**
 * A share link. `token` and `url` are given once, in the answer to its creation (only the
 * token's SHA-256 is kept); listed links have them `null`.
 */
const shareLinkSchema = z.object({
  id: z.string(),
  token: z.string().nullable(),
  url: z.string().nullable(),
  created_at: httpDateSchema,
  expires_at: httpDateSchema.nullable(),
})
export type ShareLink = z.infer<typeof shareLinkSchema>

const shareLinkResponseSchema = z.object({ status: z.literal('created'), data: z.object({ share_link: shareLinkSchema }) })
export type ShareLinkResponse = z.infer<typeof shareLinkResponseSchema>

const shareLinksResponseSchema = z.object({ status: z.literal('success'), data: z.object({ share_links: z.array(shareLinkSchema) }) })
export type ShareLinksResponse = z.infer<typeof shareLinksResponseSchema>

/**
 * What a share link shows a visitor: the workout as the public may see it, its chart when its
 * analysis is public (positions only when its map is), its map line when its map is (else `null`).
 */
const sharedWorkoutResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    workout: workoutSchema,
    chart_data: z.array(chartDataPointSchema).nullable(),
    lines: z.array(z.array(z.tuple([z.number(), z.number()]))).nullable(),
  }),
})
export type SharedWorkoutResponse = z.infer<typeof sharedWorkoutResponseSchema>

/** What a follow action answers: the reference's sentence naming the other user. */
const followMessageSchema = z.object({ status: z.literal('success'), message: z.string() })
export type FollowMessageResponse = z.infer<typeof followMessageSchema>

/** GET followers / following: 10 a page, as the reference. */
export const followListQuery = z.object({ page: z.coerce.number().int().positive().max(1_000_000).default(1) })

const followersResponseSchema = z.object({ status: z.literal('success'), data: z.object({ followers: z.array(userSchema) }), pagination: paginationSchema })
export type FollowersResponse = z.infer<typeof followersResponseSchema>
const followingResponseSchema = z.object({ status: z.literal('success'), data: z.object({ following: z.array(userSchema) }), pagination: paginationSchema })
export type FollowingResponse = z.infer<typeof followingResponseSchema>

/** GET follow-requests: the pending requests received, oldest first unless `order=desc`. */
export const followRequestsQuery = z.object({
  page: z.coerce.number().int().positive().max(1_000_000).default(1),
  per_page: pageSize(10, 50),
  order: z.enum(['asc', 'desc']).default('asc'),
})
const followRequestsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ follow_requests: z.array(userSchema) }),
  pagination: paginationSchema,
})
export type FollowRequestsResponse = z.infer<typeof followRequestsResponseSchema>

/** GET timeline: 5 a page, as the reference; `only_followed=true` (ours) leaves out the caller's own workouts. */
export const timelineQuery = z.object({
  page: z.coerce.number().int().positive().max(1_000_000).default(1),
  only_followed: z.enum(['true', 'false']).default('false'),
})
const timelineResponseSchema = z.object({ status: z.literal('success'), data: z.object({ workouts: z.array(workoutSchema) }), pagination: paginationSchema })
export type TimelineResponse = z.infer<typeof timelineResponseSchema>

/** POST /auth/privacy_zones: a centre in decimal degrees and a radius in whole metres; each refusal names its catalogue code. */
const position = (min: number, max: number) => z.number({ error: 'privacy_zone_position_invalid' }).min(min, 'privacy_zone_position_invalid').max(max, 'privacy_zone_position_invalid')
export const createPrivacyZoneBody = z
  .object({
    latitude: position(-90, 90),
    longitude: position(-180, 180),
    radius: z
      .number({ error: 'privacy_zone_radius_invalid' })
      .int('privacy_zone_radius_invalid')
      .min(PRIVACY_ZONE_RADIUS_MIN_M, 'privacy_zone_radius_invalid')
      .max(PRIVACY_ZONE_RADIUS_MAX_M, 'privacy_zone_radius_invalid'),
  })
  .strict()

/** A privacy zone: where the owner's tracks are hidden from everyone else (radius in metres). */
const privacyZoneSchema = z.object({ id: z.string(), latitude: z.number(), longitude: z.number(), radius: z.number().int(), created_at: httpDateSchema })
export type PrivacyZoneItem = z.infer<typeof privacyZoneSchema>
const privacyZoneResponseSchema = z.object({ status: z.literal('created'), data: z.object({ privacy_zone: privacyZoneSchema }) })
export type PrivacyZoneResponse = z.infer<typeof privacyZoneResponseSchema>
const privacyZonesResponseSchema = z.object({ status: z.literal('success'), data: z.object({ privacy_zones: z.array(privacyZoneSchema) }) })
export type PrivacyZonesResponse = z.infer<typeof privacyZonesResponseSchema>

export const sharingEndpoints = {
  createShareLink: endpoint()({
    method: 'POST',
    path: '/workouts/:id/share_links',
    access: 'user',
    body: createShareLinkBody,
    response: shareLinkResponseSchema,
  }),
  listShareLinks: endpoint()({ method: 'GET', path: '/workouts/:id/share_links', access: 'user', response: shareLinksResponseSchema }),
  deleteShareLink: endpoint<void>()({ method: 'DELETE', path: '/workouts/:id/share_links/:linkId', access: 'user' }),
  /** No account needed: the token is the key. 404 once the link is deleted or expired. */
  getSharedWorkout: endpoint()({ method: 'GET', path: '/share/:token', access: 'public', response: sharedWorkoutResponseSchema }),
  /** Sends a follow request, approved at once when the user does not approve followers by hand. */
  followUser: endpoint()({ method: 'POST', path: '/users/:username/follow', access: 'user', response: followMessageSchema }),
  /** Withdraws a follow request, pending, approved or rejected. */
  unfollowUser: endpoint()({ method: 'POST', path: '/users/:username/unfollow', access: 'user', response: followMessageSchema }),
  listFollowers: endpoint()({ method: 'GET', path: '/users/:username/followers', access: 'user', query: followListQuery, response: followersResponseSchema }),
  listFollowing: endpoint()({ method: 'GET', path: '/users/:username/following', access: 'user', query: followListQuery, response: followingResponseSchema }),
  listFollowRequests: endpoint()({ method: 'GET', path: '/follow-requests', access: 'user', query: followRequestsQuery, response: followRequestsResponseSchema }),
  acceptFollowRequest: endpoint()({ method: 'POST', path: '/follow-requests/:username/accept', access: 'user', response: followMessageSchema }),
  rejectFollowRequest: endpoint()({ method: 'POST', path: '/follow-requests/:username/reject', access: 'user', response: followMessageSchema }),
  /** The caller's workouts and those of the people they follow that the caller may see, newest first. */
  getTimeline: endpoint()({ method: 'GET', path: '/timeline', access: 'user', query: timelineQuery, response: timelineResponseSchema }),
  /** The caller's privacy zones, oldest first. */
  listPrivacyZones: endpoint()({ method: 'GET', path: '/auth/privacy_zones', access: 'user', response: privacyZonesResponseSchema }),
  createPrivacyZone: endpoint()({ method: 'POST', path: '/auth/privacy_zones', access: 'user', body: createPrivacyZoneBody, response: privacyZoneResponseSchema }),
  deletePrivacyZone: endpoint<void>()({ method: 'DELETE', path: '/auth/privacy_zones/:zoneId', access: 'user' }),
}
