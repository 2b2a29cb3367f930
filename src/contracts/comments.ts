import { z } from 'zod'
import { httpDateSchema, paginationSchema } from './common'
import { endpoint } from './endpoint'
import { userResponseSchema, userSchema } from './users'
import { visibilitySchema } from './visibility'
import { workoutSchema } from './workouts'

/** A comment's text: 1 to this many characters once trimmed (ours: the reference sets no limit). */
export const COMMENT_TEXT_MAX = 2000

const commentText = z
  .string({ error: 'comment_text_invalid' })
  .trim()
  .min(1, 'comment_text_invalid')
  .max(COMMENT_TEXT_MAX, 'comment_text_invalid')

/** POST /workouts/:id/comments: both fields required, as the reference. */
export const addCommentBody = z.object({ text: commentText, text_visibility: visibilitySchema }).strict()
/** PATCH /comments/:commentId: the text only; the visibility stays. */
export const editCommentBody = z.object({ text: commentText }).strict()

/** A comment in the reference's shape; `workout_id` is null when the viewer may not see the workout. */
export const commentSchema = z.object({
  id: z.string(),
  user: userSchema,
  workout_id: z.string().nullable(),
  text: z.string(),
  /** The text with HTML escaped (the reference also links mentions there). */
  text_html: z.string(),
  text_visibility: visibilitySchema,
  created_at: httpDateSchema,
  modification_date: httpDateSchema.nullable(),
  /** Users named `@username` in the text; a private comment is seen by them and its author. */
  mentions: z.array(userSchema),
  likes_count: z.number().int(),
  liked: z.boolean(),
  /** Hidden from others, by an administrator or with its author's sharing (seen only by its author and administrators). */
  suspended: z.boolean(),
  /** When an administrator hid the comment itself (null: not hidden). */
  suspended_at: httpDateSchema.nullable(),
})
export type Comment = z.infer<typeof commentSchema>

const commentCreatedSchema = z.object({ status: z.literal('created'), comment: commentSchema })
const commentResponseSchema = z.object({ status: z.literal('success'), comment: commentSchema })
export type CommentResponse = z.infer<typeof commentResponseSchema>
export type CommentCreatedResponse = z.infer<typeof commentCreatedSchema>
const commentsResponseSchema = z.object({ status: z.literal('success'), data: z.object({ comments: z.array(commentSchema) }) })
export type CommentsResponse = z.infer<typeof commentsResponseSchema>

/** GET …/likes: 10 a page, as the reference. */
export const likesQuery = z.object({ page: z.coerce.number().int().positive().max(1_000_000).default(1) })
const likesResponseSchema = z.object({ status: z.literal('success'), data: z.object({ likes: z.array(userSchema) }), pagination: paginationSchema })
export type LikesResponse = z.infer<typeof likesResponseSchema>
const likedWorkoutResponseSchema = z.object({ status: z.literal('success'), data: z.object({ workouts: z.array(workoutSchema) }) })
export type LikedWorkoutResponse = z.infer<typeof likedWorkoutResponseSchema>

/** Comments and likes, as the reference tracker has them: a workout one may not see answers 404, as a missing one. */
export const commentEndpoints = {
  addWorkoutComment: endpoint()({ method: 'POST', path: '/workouts/:id/comments', access: 'user', body: addCommentBody, response: commentCreatedSchema }),
  /** Oldest first, those the caller may see (visitors: public ones). */
  listWorkoutComments: endpoint()({ method: 'GET', path: '/workouts/:id/comments', access: 'optional', response: commentsResponseSchema }),
  getComment: endpoint()({ method: 'GET', path: '/comments/:commentId', access: 'optional', response: commentResponseSchema }),
  /** Its author only. */
  editComment: endpoint()({ method: 'PATCH', path: '/comments/:commentId', access: 'user', body: editCommentBody, response: commentResponseSchema }),
  deleteComment: endpoint<void>()({ method: 'DELETE', path: '/comments/:commentId', access: 'user' }),
  likeComment: endpoint()({ method: 'POST', path: '/comments/:commentId/like', access: 'user', response: commentResponseSchema }),
  undoCommentLike: endpoint()({ method: 'POST', path: '/comments/:commentId/like/undo', access: 'user', response: commentResponseSchema }),
  listCommentLikes: endpoint()({ method: 'GET', path: '/comments/:commentId/likes', access: 'optional', query: likesQuery, response: likesResponseSchema }),
  likeWorkout: endpoint()({ method: 'POST', path: '/workouts/:id/like', access: 'user', response: likedWorkoutResponseSchema }),
  undoWorkoutLike: endpoint()({ method: 'POST', path: '/workouts/:id/like/undo', access: 'user', response: likedWorkoutResponseSchema }),
  listWorkoutLikes: endpoint()({ method: 'GET', path: '/workouts/:id/likes', access: 'optional', query: likesQuery, response: likesResponseSchema }),
  /** Administrators: hides a comment from everyone but its author and administrators, or shows it again. */
  suspendComment: endpoint()({ method: 'POST', path: '/comments/:commentId/suspension', access: 'admin', response: commentResponseSchema }),
  unsuspendComment: endpoint()({ method: 'DELETE', path: '/comments/:commentId/suspension', access: 'admin', response: commentResponseSchema }),
  /** Administrators: suspends a user's sharing (workouts and comments hidden from others; no follows, comments or likes), or restores it. */
  suspendSharing: endpoint()({ method: 'POST', path: '/users/:username/sharing_suspension', access: 'admin', response: userResponseSchema }),
  restoreSharing: endpoint()({ method: 'DELETE', path: '/users/:username/sharing_suspension', access: 'admin', response: userResponseSchema }),
}
