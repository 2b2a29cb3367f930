import type { Language, User, UserRecord } from '../../../src/contracts'
import type { Visibility } from '../../../src/domain/visibility'
import { formatTimedelta } from '../../../src/format/duration'
import type { UserEntity } from '../../db/entities'
import type { Repositories } from '../../db/repositories'
import { toHttpDate } from '../../lib/http-date'
import type { RecordRow } from '../../db/repositories/records.repository'

/** Who is looking: the user themself, an administrator, or another user. */
export type Viewer = 'self' | 'admin' | 'other'

/** The figures of a user that come from their workouts. */
interface UserTotals {
  nb_workouts: number
  nb_sports: number
  sports_list: number[]
  total_distance: number
  total_ascent: number
  total_duration: string
  records: UserRecord[]
  followers: number
  following: number
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

/** Serialises a record as the reference tracker does (LD as `H:MM:SS`). */
export function presentRecord(record: RecordRow, username: string): UserRecord {
  const value =
    record.recordType === 'LD'
      ? formatTimedelta(record.value)
      : round(record.value, record.recordType === 'FD' || record.recordType === 'HA' ? 3 : 2)
  return {
    id: record.id,
    record_type: record.recordType,
    sport_id: record.sportId,
    user: username,
    value,
    workout_date: toHttpDate(record.workoutDate),
    workout_id: record.workoutId,
  }
}

/** Reads a user's totals, sports, records and follow counts (one statement), of the workouts of `levels` only when given. */
async function loadUserTotals({ users }: Repositories, user: UserEntity, levels?: readonly Visibility[]): Promise<UserTotals> {
  const figures = await users.figures(user.id, levels)
  const sports = figures.sportIds
  return {
    nb_workouts: figures.nb_workouts,
    nb_sports: sports.length,
    sports_list: sports,
    total_distance: round(figures.total_distance ?? 0, 3),
    total_ascent: round(figures.total_ascent ?? 0, 2),
    total_duration: formatTimedelta(figures.total_duration ?? 0),
    records: figures.records.map((record) => presentRecord(record, user.username)),
    followers: figures.followers,
    following: figures.following,
  }
}

/**
 * The user object of the API. E-mail addresses are shown to the user and to administrators;
 * preferences to the user only.
 */
function presentUser(user: UserEntity, totals: UserTotals, viewer: Viewer): User {
  const base: User = {
    username: user.username,
    admin: user.admin,
    is_active: user.isActive,
    created_at: toHttpDate(user.createdAt),
    bio: user.bio,
    birth_date: user.birthDate,
    first_name: user.firstName,
    last_name: user.lastName,
    location: user.location,
    picture: user.picture !== null,
    ...totals,
  }
  if (viewer === 'other') return base
  const withEmail: User = {
    ...base,
    email: user.email,
    email_to_confirm: user.emailToConfirm,
    sharing_suspended_at: user.sharingSuspendedAt ? toHttpDate(user.sharingSuspendedAt) : null,
  }
  if (viewer === 'admin') return withEmail
  return {
    ...withEmail,
    display_ascent: user.displayAscent,
    imperial_units: user.imperialUnits,
    language: user.language as Language,
    timezone: user.timezone,
    weekm: user.weekm,
    max_hr: user.maxHeartRate,
    resting_hr: user.restingHeartRate,
    ftp: user.ftp,
    workouts_visibility: user.workoutsVisibility,
    analysis_visibility: user.analysisVisibility,
    map_visibility: user.mapVisibility,
    hr_visibility: user.hrVisibility,
    manually_approves_followers: user.manuallyApprovesFollowers,
    notification_emails: user.notificationEmails,
  }
}

/**
 * Loads the totals and presents a user in one step. `levels`: the visibility levels of the workouts
 * the viewer may see, when that is not all of them (the totals and records come from those only).
 */
export async function loadPresentedUser(repositories: Repositories, user: UserEntity, viewer: Viewer, levels?: readonly Visibility[]): Promise<User> {
  return presentUser(user, await loadUserTotals(repositories, user, levels), viewer)
}
