import { z } from 'zod'
import { visibilitySchema } from './visibility'
import { BIO_MAX, PASSWORD_MAX } from '../domain/accounts'
import { SPEED_DISPLAYS } from '../domain/pace'
import { languages, optionalText, successMessageSchema } from './common'
import { endpoint } from './endpoint'
import { userSchema } from './users'

const text = z.string().max(PASSWORD_MAX)

/** Registration: rules are checked after parsing so all failures are reported together. */
export const registerBody = z.object({
  username: z.string().max(255),
  email: z.string().trim().max(255),
  password: text,
  password_conf: text.optional(),
  language: z.string().max(10).optional(),
  /** The registering browser's IANA zone and week start, so dates read right from the first day (an unknown zone is ignored). */
  timezone: z.string().max(64).optional(),
  weekm: z.boolean().optional(),
  /** Needed only for the first account of an install when it is created from another device. */
  setup_code: z.string().max(64).optional(),
})

/** Login by e-mail; the UI also sends its language, which the profile's saved language overrides. */
const loginBody = z.object({ email: z.string().trim().max(255), password: text, language: z.string().max(10).optional() })
const tokenBody = z.object({ token: z.string().min(1).max(2048) })
const emailBody = z.object({ email: z.string().trim().max(255) })
const passwordUpdateBody = z.object({
  token: z.string().max(2048),
  password: text,
  password_conf: text.optional(),
})

/** Profile information: every field is sent; empty strings clear a field. */
export const profileEditBody = z.object({
  first_name: optionalText(80),
  last_name: optionalText(80),
  bio: optionalText(BIO_MAX),
  location: optionalText(80),
  birth_date: z
    .union([z.iso.date(), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
})

export const accountEditBody = z.object({
  email: z.string().trim().max(255),
  password: text,
  new_password: text.optional(),
  new_password_conf: text.optional(),
})

/** Upper bounds of the zone settings (bpm, bpm, W), shared by the preferences call and user exports. */
export const ZONE_LIMITS = { maxHeartRate: 250, restingHeartRate: 200, ftp: 2500 } as const

/** A heart rate or power setting: a plausible whole number, `null` to clear it. */
export const zoneSetting = (max: number) => z.number().int().min(20).max(max).nullable().optional()

export const preferencesBody = z
  .object({
    // Optional: reference clients before 0.6.11 do not send it; leaving it out keeps the saved choice.
    display_ascent: z.boolean().optional(),
    imperial_units: z.boolean(),
    language: z.enum(languages),
    timezone: z.string().min(1).max(64),
    weekm: z.boolean(),
    // Zone settings (issue 17). Optional: a client that does not send them leaves them as they are.
    max_hr: zoneSetting(ZONE_LIMITS.maxHeartRate),
    resting_hr: zoneSetting(ZONE_LIMITS.restingHeartRate),
    ftp: zoneSetting(ZONE_LIMITS.ftp),
    // Sharing defaults (issue 31). Optional: reference 0.6 clients do not send them; left out, they stay.
    workouts_visibility: visibilitySchema.optional(),
    analysis_visibility: visibilitySchema.optional(),
    map_visibility: visibilitySchema.optional(),
    hr_visibility: visibilitySchema.optional(),
    manually_approves_followers: z.boolean().optional(),
    notification_emails: z.boolean().optional(),
  })
  .refine((body) => body.max_hr == null || body.resting_hr == null || body.resting_hr < body.max_hr, {
    message: 'resting heart rate must be below the maximum',
  })

const hexColor = /^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/

export const sportPreferencesBody = z
  .object({
    sport_id: z.number().int().positive(),
    color: z.string().regex(hexColor).nullable().optional(),
    is_active: z.boolean().optional(),
    stopped_speed_threshold: z.number().min(0).max(1000).optional(),
    /** Speeds of the sport as a speed or a pace; an extension, so reference clients never send it. */
    speed_display: z.enum(SPEED_DISPLAYS).optional(),
  })
  .refine(
    (body) => body.color !== undefined || body.is_active !== undefined || body.stopped_speed_threshold !== undefined || body.speed_display !== undefined,
  )

const loginResponseSchema = z.object({ status: z.literal('success'), message: z.string(), auth_token: z.string() })
export type LoginResponse = z.infer<typeof loginResponseSchema>

const profileResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: userSchema,
  /** A fresh session token, present when the call invalidated the older ones (password change). */
  auth_token: z.string().optional(),
})
export type ProfileResponse = z.infer<typeof profileResponseSchema>

const sportPreferencesResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    user_id: z.number().int(),
    sport_id: z.number().int(),
    color: z.string().nullable(),
    is_active: z.boolean(),
    stopped_speed_threshold: z.number(),
    speed_display: z.enum(SPEED_DISPLAYS),
  }),
})
export type SportPreferencesResponse = z.infer<typeof sportPreferencesResponseSchema>

export const authEndpoints = {
  register: endpoint()({ method: 'POST', path: '/auth/register', access: 'public', body: registerBody, response: successMessageSchema }),
  login: endpoint()({ method: 'POST', path: '/auth/login', access: 'public', body: loginBody, response: loginResponseSchema }),
  confirmAccount: endpoint()({ method: 'POST', path: '/auth/account/confirm', access: 'public', body: tokenBody, response: loginResponseSchema }),
  resendConfirmation: endpoint()({
    method: 'POST',
    path: '/auth/account/resend-confirmation',
    access: 'public',
    body: emailBody,
    response: successMessageSchema,
  }),
  requestPasswordReset: endpoint()({
    method: 'POST',
    path: '/auth/password/reset-request',
    access: 'public',
    body: emailBody,
    response: successMessageSchema,
  }),
  updatePassword: endpoint()({
    method: 'POST',
    path: '/auth/password/update',
    access: 'public',
    body: passwordUpdateBody,
    response: successMessageSchema,
  }),
  confirmEmail: endpoint()({ method: 'POST', path: '/auth/email/update', access: 'public', body: tokenBody, response: successMessageSchema }),
  getProfile: endpoint()({ method: 'GET', path: '/auth/profile', access: 'user', response: profileResponseSchema }),
  editProfile: endpoint()({ method: 'POST', path: '/auth/profile/edit', access: 'user', body: profileEditBody, response: profileResponseSchema }),
  editAccount: endpoint()({
    method: 'PATCH',
    path: '/auth/profile/edit/account',
    access: 'user',
    sessionOnly: true,
    body: accountEditBody,
    response: profileResponseSchema,
  }),
  editPreferences: endpoint()({
    method: 'POST',
    path: '/auth/profile/edit/preferences',
    access: 'user',
    body: preferencesBody,
    response: profileResponseSchema,
  }),
  editSportPreferences: endpoint()({
    method: 'POST',
    path: '/auth/profile/edit/sports',
    access: 'user',
    body: sportPreferencesBody,
    response: sportPreferencesResponseSchema,
  }),
  resetSportPreferences: endpoint<void>()({ method: 'DELETE', path: '/auth/profile/reset/sports/:sportId', access: 'user' }),
  uploadPicture: endpoint()({ method: 'POST', path: '/auth/picture', access: 'user', body: 'multipart', response: successMessageSchema }),
  deletePicture: endpoint<void>()({ method: 'DELETE', path: '/auth/picture', access: 'user' }),
}
