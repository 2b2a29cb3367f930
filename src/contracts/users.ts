import { z } from 'zod'
import { pageSize, type HttpDate, type Language, type Pagination } from './common'
import { endpoint } from './endpoint'

/** A personal record as embedded in users and workouts. */
export interface UserRecord {
  id: number
  record_type: 'AS' | 'FD' | 'HA' | 'LD' | 'MS'
  sport_id: number
  user: string
  /** km/h (AS, MS), km (FD), m (HA), or `H:MM:SS` (LD). */
  value: number | string
  workout_date: HttpDate
  workout_id: string
}

/** The preferences only a user sees of themself. */
export interface UserPreferences {
  display_ascent: boolean
  imperial_units: boolean
  language: Language
  timezone: string
  weekm: boolean
  /** Maximum heart rate, bpm, for heart-rate zones (null = not set). */
  max_hr: number | null
  /** Resting heart rate, bpm (optional; zones then use the heart-rate reserve). */
  resting_hr: number | null
  /** Functional threshold power, watts, for power zones (null = not set). */
  ftp: number | null
}

/** A user as other users see them. */
export interface PublicUser {
  username: string
  admin: boolean
  is_active: boolean
  created_at: HttpDate
  bio: string | null
  birth_date: string | null
  first_name: string | null
  last_name: string | null
  location: string | null
  picture: boolean
  nb_sports: number
  nb_workouts: number
  sports_list: number[]
  records: UserRecord[]
  total_ascent: number
  /** km */
  total_distance: number
  /** `H:MM:SS`, or `N days, H:MM:SS` above a day. */
  total_duration: string
}

/** A user as they see themself, or as an administrator sees them. */
export interface User extends PublicUser, Partial<UserPreferences> {
  email?: string
  email_to_confirm?: string | null
}

export interface UserResponse {
  status: 'success'
  data: { users: User[] }
}

export interface UsersListResponse {
  status: 'success'
  data: { users: User[] }
  pagination: Pagination
}

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
  listUsers: endpoint<UsersListResponse>()({ method: 'GET', path: '/users', access: 'admin', query: usersListQuery }),
  getUser: endpoint<UserResponse>()({ method: 'GET', path: '/users/:username', access: 'user' }),
  updateUser: endpoint<UserResponse>()({
    method: 'PATCH',
    path: '/users/:username',
    access: 'admin',
    body: adminUserUpdateBody,
  }),
  deleteUser: endpoint<void>()({ method: 'DELETE', path: '/users/:username', access: 'user' }),
  getUserPicture: endpoint<Blob>()({ method: 'GET', path: '/users/:username/picture', access: 'public' }),
}
