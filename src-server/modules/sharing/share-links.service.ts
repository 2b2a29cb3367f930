import type { z } from 'zod'
import {
  SHARE_LINK_DAYS_MAX,
  type createShareLinkBody,
  type SharedWorkoutResponse,
  type ShareLink,
  type ShareLinkResponse,
  type ShareLinksResponse,
} from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { ShareLinkEntity, type UserEntity } from '../../db/entities'
import { toHttpDate } from '../../lib/http-date'
import { hashToken, randomToken } from '../../lib/secrets'
import { shortId } from '../../lib/short-id'
import type { WorkoutsService } from '../workouts/workouts.service'
import { viewWorkout } from './workout-access'

const DAY_MS = 24 * 3600_000

/** A link as the API shows it; its token and address only when just created (`token` given). */
function present(link: ShareLinkEntity, url: ((token: string) => string) | null, token?: string): ShareLink {
  return {
    id: link.id,
    token: token ?? null,
    url: token !== undefined && url ? url(token) : null,
    created_at: toHttpDate(link.createdAt),
    expires_at: link.expiresAt ? toHttpDate(link.expiresAt) : null,
  }
}

/**
 * Share links: an unguessable address (256 random bits, kept only as its SHA-256) that shows one
 * workout to visitors without an account, as its levels allow the public, until it expires or its
 * owner deletes it.
 */
export function createShareLinks(context: Pick<ServerContext, 'database' | 'now' | 'config'>, workouts: WorkoutsService) {
  const { database, now, config } = context
  const { reads } = database
  const urlOf = (token: string) => `${config.publicUrl.replace(/\/+$/, '')}/share/${token}`

  /** The id of the caller's own workout; another's is "not found", whatever its visibility. */
  async function ownWorkoutId(user: UserEntity, id: string): Promise<string> {
    const { workout, access } = await viewWorkout(reads, user, id, 'workout')
    if (!access.owner) throw new AppError('workout_not_found')
    return workout.id
  }

  /** The workout of a live link, or "share link not found" (deleted, expired, unknown). */
  async function linkedWorkoutId(token: string): Promise<string> {
    const link = token.length > 200 ? null : await reads.sharing.linkByHash(hashToken(token))
    if (!link || (link.expiresAt !== null && link.expiresAt.getTime() <= now().getTime())) throw new AppError('share_link_not_found')
    return link.workoutId
  }

  return {
    async create(user: UserEntity, id: string, body: z.output<typeof createShareLinkBody>): Promise<ShareLinkResponse> {
      const workoutId = await ownWorkoutId(user, id)
      const createdAt = now()
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null
      if (expiresAt && (expiresAt.getTime() <= createdAt.getTime() || expiresAt.getTime() > createdAt.getTime() + SHARE_LINK_DAYS_MAX * DAY_MS))
        throw new AppError('invalid_payload')
      const token = randomToken()
      const link = Object.assign(new ShareLinkEntity(), { id: shortId(), workoutId, tokenHash: hashToken(token), createdAt, expiresAt })
      await database.write(async (repositories) => {
        // Still there and still the caller's when the write runs.
        await viewWorkout(repositories, user, workoutId, 'workout')
        await repositories.sharing.addLink(link)
      })
      return { status: 'created', data: { share_link: present(link, urlOf, token) } }
    },

    async list(user: UserEntity, id: string): Promise<ShareLinksResponse> {
      const workoutId = await ownWorkoutId(user, id)
      const links = await reads.sharing.linksOfWorkout(workoutId)
      return { status: 'success', data: { share_links: links.map((link) => present(link, null)) } }
    },

    async remove(user: UserEntity, id: string, linkId: string): Promise<void> {
      const workoutId = await ownWorkoutId(user, id)
      const removed = await database.write(({ sharing }) => sharing.removeLink(workoutId, linkId))
      if (!removed) throw new AppError('share_link_not_found')
    },

    /**
     * What a link shows: the workout, chart and map line as the public may see them. A link to a
     * workout that is not public shows nothing (404 as for a deleted link: its owner chose so).
     */
    async shared(token: string): Promise<SharedWorkoutResponse> {
      const workoutId = await linkedWorkoutId(token)
      const viewed = await viewWorkout(reads, null, workoutId, 'workout').catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'workout_not_found' ? new AppError('share_link_not_found') : error
      })
      const [workout] = (await workouts.get(null, workoutId)).data.workouts
      if (!workout) throw new AppError('share_link_not_found')
      const withTrack = viewed.workout.filePath !== null
      return {
        status: 'success',
        data: {
          workout,
          chart_data: withTrack && viewed.access.analysis ? (await workouts.chartData(null, workoutId)).data.chart_data : null,
          lines: withTrack && viewed.access.map ? (await workouts.mapLine(null, workoutId)).data.lines : null,
        },
      }
    },
  }
}

export type ShareLinks = ReturnType<typeof createShareLinks>
