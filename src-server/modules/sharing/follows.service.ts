import type { z } from 'zod'
import type {
  FollowersResponse,
  FollowingResponse,
  followListQuery,
  FollowMessageResponse,
  FollowRelation,
  FollowRequestsResponse,
  followRequestsQuery,
  User,
} from '../../../src/contracts'
import { paginationOf } from '../../lib/pagination'
import { AppError } from '../../../src/errors'
import { FollowRequestEntity, type UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import type { UsersPage } from '../../db/repositories/follows.repository'
import { loadPresentedUser } from '../users/user.presenter'
import { refuseSuspended } from './moderation.service'
import type { Notifier } from './notifications.service'
import { levelsOpenTo } from './workout-access'

/** Followers and following lists: the reference's page size. */
const FOLLOWS_PER_PAGE = 10

/** A request as the reference tells it: approved, waiting, or none (a rejected one counts as none). */
function relationOf(request: FollowRequestEntity | null): FollowRelation {
  if (!request) return 'false'
  if (request.isApproved) return 'true'
  return request.updatedAt === null ? 'pending' : 'false'
}

/**
 * `user` as `viewer` sees them (themself, as an admin or as another user), with, for a viewer other
 * than the user, `follows` (this user follows the viewer) and `is_followed_by` (the viewer follows
 * this user).
 */
export async function userSeenBy(repositories: Repositories, viewer: UserEntity, user: UserEntity): Promise<User> {
  return seenWith(repositories, viewer, user, viewer.id === user.id ? [] : await repositories.follows.requestsWith(viewer.id, [user.id]))
}

/** Users as `viewer` sees them (see {@link userSeenBy}), by id, their follow requests with the viewer read in one statement. */
export async function usersSeenBy(repositories: Repositories, viewer: UserEntity, users: readonly UserEntity[]): Promise<Map<number, User>> {
  const requests = await repositories.follows.requestsWith(
    viewer.id,
    users.flatMap((user) => (user.id === viewer.id ? [] : [user.id])),
  )
  const seen = new Map<number, User>()
  for (const user of users) seen.set(user.id, await seenWith(repositories, viewer, user, requests))
  return seen
}

/** {@link userSeenBy}, the requests between the two users given (either way; others are ignored). */
async function seenWith(repositories: Repositories, viewer: UserEntity, user: UserEntity, requests: readonly FollowRequestEntity[]): Promise<User> {
  if (viewer.id === user.id) return loadPresentedUser(repositories, user, 'self')
  const requestOf = (followerId: number, followedId: number) => requests.find((request) => request.followerId === followerId && request.followedId === followedId) ?? null
  const follows = relationOf(requestOf(user.id, viewer.id))
  const isFollowedBy = relationOf(requestOf(viewer.id, user.id))
  // Another user's totals and records come from the workouts they may open, so a private
  // workout's distance, date or best effort shows nowhere; administrators see the account whole.
  const levels = viewer.admin ? undefined : levelsOpenTo(user, isFollowedBy === 'true' ? 'follower' : 'stranger')
  const presented = await loadPresentedUser(repositories, user, viewer.admin ? 'admin' : 'other', levels)
  return { ...presented, follows, is_followed_by: isFollowedBy }
}


/**
 * Follows as the reference tracker has them: a request to follow someone waits for their answer
 * (or is approved at once when they do not approve followers by hand); followers see what their
 * owner shares with followers.
 */
export function createFollows({ database, now }: { database: Database; now: () => Date }, notifier: Notifier) {
  const { reads } = database

  /** The account of this name; one never activated does not exist for sharing. */
  async function userNamed(username: string): Promise<UserEntity> {
    const user = await reads.users.byUsername(username)
    if (!user?.isActive) throw new AppError('user_not_found')
    return user
  }

  /** Users of a list as the viewer sees them, with how each relates to the viewer. */
  async function presentPage(repositories: Repositories, viewer: UserEntity, page: UsersPage): Promise<User[]> {
    const users: User[] = []
    for (const user of page.users) {
      users.push(await userSeenBy(repositories, viewer, user))
    }
    return users
  }

  /** Accepts or rejects the pending request `username` sent to `viewer`. */
  async function answer(viewer: UserEntity, username: string, approve: boolean): Promise<FollowMessageResponse> {
    const follower = await userNamed(username)
    await database.write(async (repositories) => {
      // Accepting makes a follower and tells them; rejecting shares nothing, so a suspended account may still do it.
      if (approve) await refuseSuspended(repositories, viewer)
      const request = await repositories.follows.request(follower.id, viewer.id)
      if (!request) throw new AppError('follow_request_not_found')
      if (request.updatedAt !== null)
        throw new AppError('follow_request_answered', { params: { username: follower.username, answer: approve ? 'accepted' : 'rejected' } })
      await repositories.follows.answer(follower.id, viewer.id, approve, now())
      // As the reference: an accepted request is a follow, and its sender is told; a rejected one is gone.
      const asked = { fromUserId: follower.id, toUserId: viewer.id, type: 'follow_request' } as const
      if (approve) {
        await repositories.notifications.retype(asked, 'follow')
        await notifier.raise(repositories, { fromUserId: viewer.id, toUserId: follower.id, type: 'follow_request_approved' })
      } else await notifier.withdraw(repositories, asked)
    })
    return { status: 'success', message: `Follow request from user '${follower.username}' is ${approve ? 'accepted' : 'rejected'}.` }
  }

  return {
    /**
     * Asks to follow `username`. A request already there is left as it is (sending twice changes
     * nothing); one that was rejected must be withdrawn (unfollow) before asking again.
     */
    async follow(viewer: UserEntity, username: string): Promise<FollowMessageResponse> {
      const target = await userNamed(username)
      if (target.id === viewer.id) throw new AppError('follow_not_allowed', { detail: 'one cannot follow oneself' })
      await database.write(async (repositories) => {
        const { users, follows } = repositories
        await refuseSuspended(repositories, viewer)
        // Read again inside the write: the account or its choice may have changed since.
        const current = await users.byId(target.id)
        if (!current) throw new AppError('user_not_found')
        if (!current.isActive) throw new AppError('follow_not_allowed', { detail: 'the account is not active' })
        const existing = await follows.request(viewer.id, target.id)
        if (existing) {
          if (!existing.isApproved && existing.updatedAt !== null) throw new AppError('follow_request_rejected')
          return
        }
        const at = now()
        const approved = !current.manuallyApprovesFollowers
        await follows.add(Object.assign(new FollowRequestEntity(), { followerId: viewer.id, followedId: target.id, isApproved: approved, createdAt: at, updatedAt: approved ? at : null }))
        await notifier.raise(repositories, { fromUserId: viewer.id, toUserId: target.id, type: approved ? 'follow' : 'follow_request' })
      })
      return { status: 'success', message: `Follow request to user '${target.username}' is sent.` }
    },

    /** Withdraws the viewer's request to follow `username`, whatever its state. */
    async unfollow(viewer: UserEntity, username: string): Promise<FollowMessageResponse> {
      const target = await userNamed(username)
      const removed = await database.write(async (repositories) => {
        // The follow is undone: so are what it told either side.
        for (const type of ['follow_request', 'follow'] as const) await notifier.withdraw(repositories, { fromUserId: viewer.id, toUserId: target.id, type })
        await notifier.withdraw(repositories, { fromUserId: target.id, toUserId: viewer.id, type: 'follow_request_approved' })
        return repositories.follows.remove(viewer.id, target.id)
      })
      if (!removed) throw new AppError('follow_relationship_not_found')
      return { status: 'success', message: `Undo for a follow request to user '${target.username}' is sent.` }
    },

    accept: (viewer: UserEntity, username: string) => answer(viewer, username, true),
    reject: (viewer: UserEntity, username: string) => answer(viewer, username, false),

    async followers(viewer: UserEntity, username: string, query: z.output<typeof followListQuery>): Promise<FollowersResponse> {
      const user = await userNamed(username)
      return database.snapshot(async (repositories) => {
        const page = await repositories.follows.followers(user.id, { page: query.page, perPage: FOLLOWS_PER_PAGE })
        return { status: 'success', data: { followers: await presentPage(repositories, viewer, page) }, pagination: paginationOf(query.page, FOLLOWS_PER_PAGE, page.total) }
      })
    },

    async following(viewer: UserEntity, username: string, query: z.output<typeof followListQuery>): Promise<FollowingResponse> {
      const user = await userNamed(username)
      return database.snapshot(async (repositories) => {
        const page = await repositories.follows.following(user.id, { page: query.page, perPage: FOLLOWS_PER_PAGE })
        return { status: 'success', data: { following: await presentPage(repositories, viewer, page) }, pagination: paginationOf(query.page, FOLLOWS_PER_PAGE, page.total) }
      })
    },

    /** The requests the viewer has received and not answered. */
    async requests(viewer: UserEntity, query: z.output<typeof followRequestsQuery>): Promise<FollowRequestsResponse> {
      return database.snapshot(async (repositories) => {
        const page = await repositories.follows.pendingFor(viewer.id, { page: query.page, perPage: query.per_page, order: query.order })
        return {
          status: 'success',
          data: { follow_requests: await presentPage(repositories, viewer, page) },
          pagination: paginationOf(query.page, query.per_page, page.total),
        }
      })
    },
  }
}

export type Follows = ReturnType<typeof createFollows>
