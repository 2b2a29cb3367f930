import type { z } from 'zod'
import type {
  accountEditBody,
  preferencesBody,
  profileEditBody,
  ProfileResponse,
  SportPreferencesResponse,
  sportPreferencesBody,
} from '../../../src/contracts'
import { isKnownTimezone, isValidEmail, passwordProblems } from '../../../src/domain/accounts'
import { speedDisplayOf } from '../../../src/domain/pace'
import { AppError } from '../../../src/errors'
import { UserSportPreferenceEntity, type UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import type { PasswordHasher } from '../../lib/passwords'
import { hashToken } from '../../lib/secrets'
import type { TokenService } from '../../lib/tokens'
import type { Mailer } from '../../mail/mailer'
import type { AccountMail } from '../auth/account-mail'
import { sessionTokenFor, throwProblems } from '../auth/auth.service'
import { loadPresentedUser } from '../users/user.presenter'
import { sharingDefaultsChange } from '../sharing/workout-access'

/** The signed-in user's own profile, account, preferences and sport preferences. */
export interface ProfileDependencies {
  database: Database
  passwords: PasswordHasher
  tokens: TokenService
  mailer: Pick<Mailer, 'enabled'>
  /** The server's clock (tests control it). */
  now: () => Date
}

export function createProfileService({ database, passwords, tokens, mailer, now }: ProfileDependencies, accountMail: AccountMail) {
  const sessionFor = (user: UserEntity) => sessionTokenFor(tokens, user)

  async function profileResponse(user: UserEntity, message?: string, authToken?: string): Promise<ProfileResponse> {
    return {
      status: 'success',
      ...(message ? { message } : {}),
      data: await database.read((repositories) => loadPresentedUser(repositories, user, 'self')),
      ...(authToken ? { auth_token: authToken } : {}),
    }
  }

  /**
   * Changes some columns of a user. The caller's entity was loaded when the request was
   * authenticated and may be stale (an administrator or the CLI may have changed it since): the
   * row is read again inside the write and only the returned columns are written, so a password
   * reset or a rights removal made meanwhile holds.
   */
  async function updateUser(
    id: number,
    changesOf: (current: UserEntity, repositories: Repositories) => Partial<UserEntity> | Promise<Partial<UserEntity>>,
  ): Promise<UserEntity> {
    return database.write(async (repositories) => {
      const current = await repositories.users.byId(id)
      if (!current) throw new AppError('user_not_found')
      const changes = await changesOf(current, repositories)
      if (Object.keys(changes).length > 0) await repositories.users.update(id, changes)
      return Object.assign(current, changes)
    })
  }

  return {
    get: (user: UserEntity) => profileResponse(user),

    async editProfile(user: UserEntity, body: z.output<typeof profileEditBody>): Promise<ProfileResponse> {
      const updated = await updateUser(user.id, () => ({
        firstName: body.first_name,
        lastName: body.last_name,
        bio: body.bio,
        location: body.location,
        birthDate: body.birth_date,
      }))
      return profileResponse(updated, 'user profile updated')
    },

    /**
     * Changes the e-mail and/or password after checking the current password. A new e-mail is
     * confirmed by mail when sending is on, applied at once otherwise. A new password ends every
     * other session and revokes the personal access tokens; the session that made the change
     * stays valid (clients that ignore the fresh token the answer carries keep working).
     * @param session the bearer token of the request (a session: this call is session-only)
     */
    async editAccount(user: UserEntity, body: z.output<typeof accountEditBody>, session: string): Promise<ProfileResponse> {
      if (!isValidEmail(body.email)) throw new AppError('email_invalid')
      if (body.new_password !== undefined) throwProblems(passwordProblems(body.new_password, body.new_password_conf))
      // Hashing is slow: it runs before the write, which then checks the password did not change meanwhile.
      const checkedHash = (await database.reads.users.byId(user.id))?.passwordHash ?? null
      if (!(await passwords.verify(body.password, checkedHash))) throw new AppError('invalid_credentials')
      const newHash = body.new_password !== undefined ? await passwords.hash(body.new_password) : null

      let revokedTokens: string[] = []
      const updated = await updateUser(user.id, async (current, repositories) => {
        const { users, accessTokens } = repositories
        if (current.passwordHash !== checkedHash) throw new AppError('invalid_credentials')
        const changes: Partial<UserEntity> = {}
        if (body.email.toLowerCase() !== current.email.toLowerCase()) {
          const taken = await users.byEmail(body.email)
          // An address used by another account is refused without saying so (no account probing).
          if (taken && taken.id !== current.id) throw new AppError('invalid_payload')
          if (mailer.enabled) Object.assign(changes, accountMail.changeEmail(repositories, current, body.email, true))
          else changes.email = body.email
        }
        if (newHash) {
          Object.assign(changes, { passwordHash: newHash, tokenVersion: current.tokenVersion + 1, keptSessionHash: hashToken(session) })
          revokedTokens = await accessTokens.revokeAll(current.id, now())
        }
        return changes
      })
      if (newHash && mailer.enabled) accountMail.passwordChanged(updated, revokedTokens)
      return profileResponse(updated, 'user account updated', newHash ? sessionFor(updated) : undefined)
    },

    async editPreferences(user: UserEntity, body: z.output<typeof preferencesBody>): Promise<ProfileResponse> {
      if (!isKnownTimezone(body.timezone)) throw new AppError('invalid_payload')
      const updated = await updateUser(user.id, (current) => ({
        ...sharingDefaultsChange(current, body),
        ...(body.display_ascent !== undefined ? { displayAscent: body.display_ascent } : {}),
        imperialUnits: body.imperial_units,
        language: body.language,
        timezone: body.timezone,
        weekm: body.weekm,
        // Optional zone settings: clients that do not send them leave them unchanged.
        ...(body.max_hr !== undefined ? { maxHeartRate: body.max_hr } : {}),
        ...(body.resting_hr !== undefined ? { restingHeartRate: body.resting_hr } : {}),
        ...(body.ftp !== undefined ? { ftp: body.ftp } : {}),
      }))
      return profileResponse(updated, 'user preferences updated')
    },

    /** Saves a user's colour, activation, threshold (0 included: every slow point counts as moving) or speed/pace choice for one sport. */
    async editSportPreferences(
      user: UserEntity,
      body: z.output<typeof sportPreferencesBody>,
    ): Promise<SportPreferencesResponse> {
      const saved = await database.write(async ({ sports, users }) => {
        const sport = await sports.byId(body.sport_id)
        if (!sport) throw new AppError('sport_not_found')
        const existing = await users.sportPreference(user.id, sport.id)
        const preference =
          existing ??
          Object.assign(new UserSportPreferenceEntity(), {
            userId: user.id,
            sportId: sport.id,
            color: null,
            isActive: true,
            stoppedSpeedThreshold: sport.stoppedSpeedThreshold,
            speedDisplay: null,
          })
        if (body.color !== undefined) preference.color = body.color
        if (body.is_active !== undefined) preference.isActive = body.is_active
        if (body.stopped_speed_threshold !== undefined) preference.stoppedSpeedThreshold = body.stopped_speed_threshold
        if (body.speed_display !== undefined) preference.speedDisplay = body.speed_display
        return users.saveSportPreference(preference)
      })
      return {
        status: 'success',
        message: 'user sport preferences updated',
        data: {
          user_id: user.id,
          sport_id: saved.sportId,
          color: saved.color,
          is_active: saved.isActive,
          stopped_speed_threshold: saved.stoppedSpeedThreshold,
          speed_display: speedDisplayOf(saved.sportId, saved.speedDisplay),
        },
      }
    },

    async resetSportPreferences(user: UserEntity, sportId: number): Promise<void> {
      await database.write(async ({ sports, users }) => {
        if (!(await sports.exists(sportId))) throw new AppError('sport_not_found')
        await users.removeSportPreference(user.id, sportId)
      })
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
