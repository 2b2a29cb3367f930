import { z } from 'zod'
import { httpDateSchema } from './common'
import { endpoint } from './endpoint'
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
}
