import type { z } from 'zod'
import type { addCommentBody, Comment, CommentCreatedResponse, CommentResponse, CommentsResponse, editCommentBody, LikedWorkoutResponse, LikesResponse, likesQuery } from '../../../src/contracts'
import { paginationOf } from '../../lib/pagination'
import { mayView } from '../../../src/domain/visibility'
import { AppError } from '../../../src/errors'
import { WorkoutCommentEntity, type UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import { toHttpDate } from '../../lib/http-date'
import { isShortId, shortId } from '../../lib/short-id'
import { loadPresentedUser } from '../users/user.presenter'
import type { WorkoutsService } from '../workouts/workouts.service'
import { mentionedNames, textWithMentionLinks } from './mentions'
import type { Notifier } from './notifications.service'
import { refuseNonAdmin, refuseSuspended } from './moderation.service'
import { viewWorkout } from './workout-access'

/** Likers lists: the reference's page size. */
const LIKES_PER_PAGE = 10



/** Whether a comment is hidden from others: by an administrator, or with its author's account (or sharing) no longer active. */
export function commentHidden(comment: WorkoutCommentEntity, author: UserEntity | null): boolean {
  return comment.suspendedAt !== null || !author?.isActive || author.sharingSuspendedAt != null
}

/**
 * Whether `viewer` (null: a visitor), who may see its workout, may read `comment` by `author`, whom
 * they follow or not: its author always; a hidden one administrators only; then as its
 * `text_visibility` allows, a private one the users it mentions.
 */
export function commentReadable(comment: WorkoutCommentEntity, author: UserEntity | null, viewer: UserEntity | null, followsAuthor: boolean): boolean {
  if (viewer?.id === comment.userId) return true
  if (!viewer?.admin && commentHidden(comment, author)) return false
  if (comment.textVisibility === 'private') return viewer !== null && mentionedNames(comment.text).includes(viewer.username.toLowerCase())
  return mayView(comment.textVisibility, viewer === null ? 'anonymous' : followsAuthor ? 'follower' : 'stranger')
}

/**
 * Comments and likes as the reference tracker has them. A comment is seen by whom may see its
 * workout and whom its `text_visibility` allows, counted from its author: everyone, the author's
 * followers, or (private) the users it mentions; its author always. Anything else is "not found".
 */
export function createComments({ database, now, publicUrl }: { database: Database; now: () => Date; publicUrl: string }, workouts: WorkoutsService, notifier: Notifier) {
  /** A user's page in the app, where a mention of them links. */
  const pageOf = (user: UserEntity) => `${publicUrl}/users/${encodeURIComponent(user.username)}`

  /** Whether `viewer` (null: a visitor) may read `comment`, whose workout they may see. */
  async function mayRead(repositories: Repositories, comment: WorkoutCommentEntity, viewer: UserEntity | null): Promise<boolean> {
    if (viewer?.id === comment.userId) return true
    const author = await repositories.users.byId(comment.userId)
    const followsAuthor = viewer !== null && (await repositories.follows.follows(viewer.id, comment.userId))
    return commentReadable(comment, author, viewer, followsAuthor)
  }

  /** The comment of this id when `viewer` may read it and see its workout; otherwise "not found". */
  async function readable(repositories: Repositories, viewer: UserEntity | null, id: string): Promise<WorkoutCommentEntity> {
    const comment = isShortId(id) ? await repositories.comments.byId(id) : null
    if (!comment) throw new AppError('comment_not_found')
    await viewWorkout(repositories, viewer, comment.workoutId, 'workout').catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'workout_not_found' ? new AppError('comment_not_found') : error
    })
    if (!(await mayRead(repositories, comment, viewer))) throw new AppError('comment_not_found')
    return comment
  }

  /** The viewer's own comment, one they may read; someone else's is refused. */
  async function own(repositories: Repositories, viewer: UserEntity, id: string): Promise<WorkoutCommentEntity> {
    const comment = await readable(repositories, viewer, id)
    if (comment.userId !== viewer.id) throw new AppError('forbidden')
    return comment
  }

  /**
   * Tells the users a comment mentions, among those who may read it (the author never), unless
   * `already` were told; the workout's owner (`ownerId`, for a new comment), when not mentioned, is
   * told of a comment they may read.
   */
  async function notifyOf(repositories: Repositories, comment: WorkoutCommentEntity, already: readonly string[], ownerId: number | null): Promise<void> {
    const about = { fromUserId: comment.userId, workoutId: comment.workoutId, commentId: comment.id }
    const mentioned = await repositories.comments.usersNamed(mentionedNames(comment.text))
    for (const user of mentioned)
      if (!already.includes(user.username.toLowerCase()) && (await readableBy(repositories, user, comment.id)))
        await notifier.raise(repositories, { ...about, toUserId: user.id, type: 'mention' })
    const owner = ownerId === null ? null : await repositories.users.byId(ownerId)
    if (owner && !mentioned.some((user) => user.id === owner.id) && (await readableBy(repositories, owner, comment.id)))
      await notifier.raise(repositories, { ...about, toUserId: owner.id, type: 'workout_comment' })
  }

  async function present(repositories: Repositories, comment: WorkoutCommentEntity, viewer: UserEntity | null): Promise<Comment> {
    const author = await repositories.users.byId(comment.userId)
    if (!author) throw new AppError('comment_not_found')
    const mentioned = await repositories.comments.usersNamed(mentionedNames(comment.text))
    const { count, liked } = await repositories.comments.commentLikes(comment.id, viewer?.id ?? null)
    return {
      id: comment.id,
      user: await loadPresentedUser(repositories, author, 'other'),
      workout_id: comment.workoutId,
      text: comment.text,
      text_html: textWithMentionLinks(comment.text, new Map(mentioned.map((user) => [user.username.toLowerCase(), pageOf(user)]))),
      text_visibility: comment.textVisibility,
      created_at: toHttpDate(comment.createdAt),
      modification_date: comment.modificationDate ? toHttpDate(comment.modificationDate) : null,
      mentions: await Promise.all(mentioned.map((user) => loadPresentedUser(repositories, user, 'other'))),
      likes_count: count,
      liked,
      suspended: comment.suspendedAt !== null || author.sharingSuspendedAt != null,
      suspended_at: comment.suspendedAt ? toHttpDate(comment.suspendedAt) : null,
    }
  }

  /** Whether `viewer` may read this comment (and see its workout). */
  async function readableBy(repositories: Repositories, viewer: UserEntity, id: string): Promise<boolean> {
    return readable(repositories, viewer, id).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'comment_not_found') return false
        throw error
      },
    )
  }

  const get = (viewer: UserEntity | null, id: string): Promise<CommentResponse> =>
    database.snapshot(async (repositories) => ({ status: 'success', comment: await present(repositories, await readable(repositories, viewer, id), viewer) }))

  async function likers(repositories: Repositories, page: { users: UserEntity[]; total: number }, pageNumber: number): Promise<LikesResponse> {
    const likes = []
    for (const user of page.users) likes.push(await loadPresentedUser(repositories, user, 'other'))
    return { status: 'success', data: { likes }, pagination: paginationOf(pageNumber, LIKES_PER_PAGE, page.total) }
  }

  /** Likes or unlikes a comment the viewer may read, then answers it. */
  async function setCommentLike(viewer: UserEntity, id: string, like: boolean): Promise<CommentResponse> {
    await database.write(async (repositories) => {
      if (like) await refuseSuspended(repositories, viewer)
      const comment = await readable(repositories, viewer, id)
      const event = { fromUserId: viewer.id, toUserId: comment.userId, type: 'comment_like', workoutId: comment.workoutId, commentId: comment.id } as const
      if (!like) {
        await repositories.comments.unlikeComment(comment.id, viewer.id)
        await notifier.withdraw(repositories, event)
      } else if (await repositories.comments.likeComment(comment.id, viewer.id, now())) await notifier.raise(repositories, event)
    })
    return get(viewer, id)
  }

  /** Likes or unlikes a workout the viewer may see, then answers it whole. */
  async function setWorkoutLike(viewer: UserEntity, id: string, like: boolean): Promise<LikedWorkoutResponse> {
    await database.write(async (repositories) => {
      if (like) await refuseSuspended(repositories, viewer)
      const { workout } = await viewWorkout(repositories, viewer, id, 'workout')
      const event = { fromUserId: viewer.id, toUserId: workout.userId, type: 'workout_like', workoutId: workout.id } as const
      if (!like) {
        await repositories.comments.unlikeWorkout(workout.id, viewer.id)
        await notifier.withdraw(repositories, event)
      } else if (await repositories.comments.likeWorkout(workout.id, viewer.id, now())) await notifier.raise(repositories, event)
    })
    const answer = await workouts.get(viewer, id)
    return { status: 'success', data: { workouts: answer.data.workouts } }
  }

  return {
    async add(viewer: UserEntity, workoutId: string, body: z.output<typeof addCommentBody>): Promise<CommentCreatedResponse> {
      const comment = Object.assign(new WorkoutCommentEntity(), {
        id: shortId(),
        userId: viewer.id,
        text: body.text,
        textVisibility: body.text_visibility,
        createdAt: now(),
        modificationDate: null,
        suspendedAt: null,
      })
      await database.write(async (repositories) => {
        await refuseSuspended(repositories, viewer)
        const { workout } = await viewWorkout(repositories, viewer, workoutId, 'workout')
        comment.workoutId = workout.id
        await repositories.comments.add(comment)
        await notifyOf(repositories, comment, [], workout.userId)
      })
      return { status: 'created', comment: await database.snapshot((repositories) => present(repositories, comment, viewer)) }
    },

    async list(viewer: UserEntity | null, workoutId: string): Promise<CommentsResponse> {
      return database.snapshot(async (repositories) => {
        const { workout } = await viewWorkout(repositories, viewer, workoutId, 'workout')
        const comments: Comment[] = []
        for (const comment of await repositories.comments.ofWorkout(workout.id)) {
          if (await mayRead(repositories, comment, viewer)) comments.push(await present(repositories, comment, viewer))
        }
        return { status: 'success', data: { comments } }
      })
    },

    get,

    async edit(viewer: UserEntity, id: string, body: z.output<typeof editCommentBody>): Promise<CommentResponse> {
      await database.write(async (repositories) => {
        await refuseSuspended(repositories, viewer)
        const comment = await own(repositories, viewer, id)
        await repositories.comments.editText(comment.id, body.text, now())
        // As the reference: users no longer mentioned are no longer told; newly mentioned ones are.
        const before = mentionedNames(comment.text)
        const after = mentionedNames(body.text)
        // The workout's owner holds one notification of the comment: of the mention while it names them, else of the comment.
        const workout = await repositories.sharing.workoutById(comment.workoutId)
        const owner = workout && (await repositories.sharing.userById(workout.userId))
        for (const user of await repositories.comments.usersNamed(before.filter((name) => !after.includes(name)))) {
          const mention = { fromUserId: viewer.id, toUserId: user.id, type: 'mention', commentId: comment.id } as const
          if (user.id === owner?.id) await repositories.notifications.retype(mention, 'workout_comment')
          else await notifier.withdraw(repositories, mention)
        }
        if (owner && after.includes(owner.username.toLowerCase()))
          await notifier.withdraw(repositories, { fromUserId: viewer.id, toUserId: owner.id, type: 'workout_comment', commentId: comment.id })
        await notifyOf(repositories, { ...comment, text: body.text }, before, null)
      })
      return get(viewer, id)
    },

    async remove(viewer: UserEntity, id: string): Promise<void> {
      await database.write(async (repositories) => {
        const comment = await own(repositories, viewer, id)
        await repositories.comments.remove(comment.id)
      })
    },

    /** Administrators: hides a comment they may read from everyone but its author and administrators (`hide` false: shows it again). */
    async suspend(admin: UserEntity, id: string, hide: boolean): Promise<CommentResponse> {
      await database.write(async (repositories) => {
        await refuseNonAdmin(repositories, admin)
        const comment = await readable(repositories, admin, id)
        if (hide === (comment.suspendedAt !== null)) return
        await repositories.comments.setSuspendedAt(comment.id, hide ? now() : null)
        // Its author is told, as the reference does (by no one in particular: see the notifications).
        const type = hide ? 'comment_suspension' : 'comment_unsuspension'
        await notifier.raise(repositories, { fromUserId: admin.id, toUserId: comment.userId, type, workoutId: comment.workoutId, commentId: comment.id })
      })
      return get(admin, id)
    },

    likeComment: (viewer: UserEntity, id: string) => setCommentLike(viewer, id, true),
    undoCommentLike: (viewer: UserEntity, id: string) => setCommentLike(viewer, id, false),

    commentLikes: (viewer: UserEntity | null, id: string, query: z.output<typeof likesQuery>): Promise<LikesResponse> =>
      database.snapshot(async (repositories) => {
        const comment = await readable(repositories, viewer, id)
        return likers(repositories, await repositories.comments.commentLikers(comment.id, { page: query.page, perPage: LIKES_PER_PAGE }), query.page)
      }),

    likeWorkout: (viewer: UserEntity, id: string) => setWorkoutLike(viewer, id, true),
    undoWorkoutLike: (viewer: UserEntity, id: string) => setWorkoutLike(viewer, id, false),

    workoutLikes: (viewer: UserEntity | null, id: string, query: z.output<typeof likesQuery>): Promise<LikesResponse> =>
      database.snapshot(async (repositories) => {
        const { workout } = await viewWorkout(repositories, viewer, id, 'workout')
        return likers(repositories, await repositories.comments.workoutLikers(workout.id, { page: query.page, perPage: LIKES_PER_PAGE }), query.page)
      }),
  }
}

export type Comments = ReturnType<typeof createComments>
