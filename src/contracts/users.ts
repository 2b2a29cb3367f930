import { z } from 'zod'
import { followRelationSchema, visibilitySchema } from './visibility'
import { httpDateSchema, languages, pageSize, paginationSchema } from './common'
import { endpoint } from './endpoint'

/** A personal record as embedded in users and workouts. */
export const userRecordSchema = z.object({
  id: z.number().int(),
  record_type: z.enum(['AS', 'FD', 'HA', 'LD', 'MS']),
  sport_id: z.number().int(),
  user: z.string(),
  /** km/h (AS, MS), km (FD), m (HA), or `H:MM:SS` (LD). */
  value: z.union([z.number(), z.string()]),
  workout_date: httpDateSchema,
  workout_id: z.string(),
})
export type UserRecord = z.infer<typeof userRecordSchema>

/** The preferences only a user sees of themself. */
const userPreferencesSchema = z.object({
  display_ascent: z.boolean(),
  imperial_units: z.boolean(),
  language: z.enum(languages),
  timezone: z.string(),
  weekm: z.boolean(),
  /** Maximum heart rate, bpm, for heart-rate zones (null = not set). */
  max_hr: z.number().nullable(),
  /** Resting heart rate, bpm (optional; zones then use the heart-rate reserve). */
  resting_hr: z.number().nullable(),
  /** Functional threshold power, watts, for power zones (null = not set). */
  ftp: z.number().nullable(),
  /** Defaults of new workouts' visibility, and who sees heart rates (the reference's names). */
  workouts_visibility: visibilitySchema,
  analysis_visibility: visibilitySchema,
  map_visibility: visibilitySchema,
  hr_visibility: visibilitySchema,
  /** Follow requests wait for an answer (true, the default) or are approved at once. */
  manually_approves_followers: z.boolean(),
  /** Notifications also come by e-mail when the server sends e-mail (off by default). */
  notification_emails: z.boolean(),
})
export type UserPreferences = z.infer<typeof userPreferencesSchema>

/** A user as other users see them. */
const publicUserSchema = z.object({
  username: z.string(),
  admin: z.boolean(),
  is_active: z.boolean(),
  created_at: httpDateSchema,
  bio: z.string().nullable(),
  birth_date: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  location: z.string().nullable(),
  picture: z.boolean(),
  nb_sports: z.number().int(),
  nb_workouts: z.number().int(),
  sports_list: z.array(z.number().int()),
  records: z.array(userRecordSchema),
  total_ascent: z.number(),
  /** km */
  total_distance: z.number(),
  /** `H:MM:SS`, or `N days, H:MM:SS` above a day. */
  total_duration: z.string(),
  /** How many active users follow this user, and how many it follows. */
  followers: z.number().int(),
  following: z.number().int(),
  /** For a signed-in viewer other than the user: whether this user follows the viewer, and whether the viewer follows this user. */
  follows: followRelationSchema.optional(),
  is_followed_by: followRelationSchema.optional(),
})
export type PublicUser = z.infer<typeof publicUserSchema>

/** A user as they see themself, or as an administrator sees them. */
export const userSchema = publicUserSchema.extend(userPreferencesSchema.partial().shape).extend({
  email: z.string().optional(),
  email_to_confirm: z.string().nullable().optional(),
  /** When an administrator suspended the user's sharing (null: not suspended); to the user and administrators. */
  sharing_suspended_at: httpDateSchema.nullable().optional(),
})
export type User = z.infer<typeof userSchema>

export const userResponseSchema = z.object({ status: z.literal('success'), data: z.object({ users: z.array(userSchema) }) })
export type UserResponse = z.infer<typeof userResponseSchema>

const usersListResponseSchema = z.object({
  status: z.literal('success'),
  // `pending`: accounts waiting for an administrator's activation, whatever the filter.
  data: z.object({ users: z.array(userSchema), pending: z.number().int().nonnegative() }),
  pagination: paginationSchema,
})
export type UsersListResponse = z.infer<typeof usersListResponseSchema>

export const usersOrderBy = ['admin', 'created_at', 'is_active', 'username', 'workouts_count'] as const

/** GET users query. Invalid values are a 400, never a 500. */
export const usersListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: pageSize(10, 100),
  order: z.enum(['asc', 'desc']).default('asc'),
  order_by: z.enum(usersOrderBy).default('created_at'),
  q: z.string().trim().max(100).optional(),
})

/** PATCH users/{username}: exactly one administrative action at a time. */
export const adminUserUpdateBody = z.union([
  z.object({ admin: z.boolean() }).strict(),
  z.object({ activate: z.literal(true) }).strict(),
  z.object({ reset_password: z.literal(true) }).strict(),
  z.object({ new_email: z.string().trim().max(255) }).strict(),
])

export const userEndpoints = {
  listUsers: endpoint()({ method: 'GET', path: '/users', access: 'admin', query: usersListQuery, response: usersListResponseSchema }),
  getUser: endpoint()({ method: 'GET', path: '/users/:username', access: 'user', response: userResponseSchema }),
  updateUser: endpoint()({
    method: 'PATCH',
    path: '/users/:username',
    access: 'admin',
    body: adminUserUpdateBody,
    response: userResponseSchema,
  }),
  deleteUser: endpoint<void>()({ method: 'DELETE', path: '/users/:username', access: 'user', sessionOnly: true }),
  getUserPicture: endpoint<Blob>()({ method: 'GET', path: '/users/:username/picture', access: 'public', file: 'image/*' }),
}
