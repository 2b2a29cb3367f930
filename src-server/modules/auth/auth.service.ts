import type { z } from 'zod'
import type {
  accountEditBody,
  LoginResponse,
  preferencesBody,
  profileEditBody,
  ProfileResponse,
  registerBody,
  SportPreferencesResponse,
  sportPreferencesBody,
  SuccessMessage,
} from '../../../src/contracts'
import { languages, type Language } from '../../../src/contracts'
import { isValidEmail, passwordProblems, registrationProblems } from '../../../src/domain/accounts'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { SportEntity, UserEntity, UserSportPreferenceEntity } from '../../db/entities'
import { hashToken } from '../../lib/secrets'
import { isRegistrationEnabled, readSettings } from '../app-config/app-config.service'
import { loadPresentedUser } from '../users/user.presenter'
import type { AccountMail } from './account-mail'

const isLanguage = (value: string | undefined): value is Language => languages.some((language) => language === value)

/** True when the IANA time zone is known to this runtime. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function throwProblems(problems: ReturnType<typeof registrationProblems>): void {
  const [first] = problems
  if (first) throw new AppError(first, problems)
}

export function createAuthService(context: ServerContext, accountMail: AccountMail) {
  const { db, write, passwords, tokens, limits, mailer } = context

  const sessionFor = (user: UserEntity) => tokens.issue('session', { userId: user.id, version: user.tokenVersion })

  async function profileResponse(user: UserEntity, message?: string, authToken?: string): Promise<ProfileResponse> {
    return {
      status: 'success',
      ...(message ? { message } : {}),
      data: await loadPresentedUser(db.manager, user, 'self'),
      ...(authToken ? { auth_token: authToken } : {}),
    }
  }

  /** Finds a user by a hashed one-time token that has not expired. */
  async function userByToken(column: 'confirmationTokenHash' | 'emailTokenHash', token: string): Promise<UserEntity | null> {
    const user = await db.manager.findOneBy(UserEntity, { [column]: hashToken(token) })
    const expiresAt = column === 'confirmationTokenHash' ? user?.confirmationTokenExpiresAt : user?.emailTokenExpiresAt
    if (!user || !expiresAt || expiresAt.getTime() < context.now().getTime()) return null
    return user
  }

  return {
    /**
     * Resolves the user of a session token.
     * @throws AppError 401 for a missing, invalid or expired token, or an inactive account.
     */
    async authenticate(authorization: string | undefined): Promise<UserEntity> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
      if (!match?.[1]) throw new AppError('auth_token_missing')
      const token = match[1]
      // The signature and expiry are checked every time; only the user lookup is cached.
      const claims = tokens.verify('session', token)
      const known = context.sessions.get(token)
      // A copy: services change the user they are given before saving it.
      if (known) return Object.assign(new UserEntity(), known)
      const user = await db.manager.findOneBy(UserEntity, { id: claims.userId })
      if (!user || !user.isActive) throw new AppError('auth_token_missing')
      if (user.tokenVersion !== claims.version) throw new AppError('auth_token_invalid')
      context.sessions.set(token, Object.assign(new UserEntity(), user))
      return user
    },

    /**
     * Creates an account. The first account becomes an active administrator; later ones wait for
     * the e-mailed confirmation, or for an administrator when e-mail sending is off. An e-mail
     * already registered answers the same success without doing anything (no account probing).
     */
    async register(body: z.output<typeof registerBody>, ip: string): Promise<SuccessMessage> {
      await limits.consume('register', ip)
      throwProblems(registrationProblems(body))
      const passwordHash = await passwords.hash(body.password)
      await write(async (manager) => {
        const settings = await readSettings(manager)
        if (!(await isRegistrationEnabled(manager, settings))) throw new AppError('registration_disabled')
        if (await manager.existsBy(UserEntity, { username: body.username })) throw new AppError('username_taken')
        if (await manager.existsBy(UserEntity, { email: body.email })) return
        const first = (await manager.count(UserEntity)) === 0
        const user = manager.create(UserEntity, {
          username: body.username,
          email: body.email,
          passwordHash,
          admin: first,
          isActive: first,
          createdAt: context.now(),
          language: isLanguage(body.language) ? body.language : 'en',
        })
        if (!first && mailer.enabled) accountMail.confirmAccount(user)
        await manager.save(user)
      })
      return { status: 'success', message: 'successfully registered' }
    },

    /** Logs in by e-mail (any case) and password; only active accounts. */
    async login(body: { email: string; password: string }, ip: string): Promise<LoginResponse> {
      await limits.checkLogin(ip, body.email)
      const user = await db.manager.findOneBy(UserEntity, { email: body.email })
      const valid = await passwords.verify(body.password, user?.passwordHash ?? null)
      if (!user || !valid || !user.isActive) {
        await limits.recordLoginFailure(ip, body.email)
        throw new AppError('invalid_credentials')
      }
      await limits.recordLoginSuccess(ip, body.email)
      return { status: 'success', message: 'successfully logged in', auth_token: sessionFor(user) }
    },

    /** Activates the account of a confirmation link and logs it in. */
    async confirmAccount(token: string): Promise<LoginResponse> {
      const user = await userByToken('confirmationTokenHash', token)
      if (!user) throw new AppError('invalid_payload')
      await write((manager) =>
        manager.update(UserEntity, user.id, { isActive: true, confirmationTokenHash: null, confirmationTokenExpiresAt: null }),
      )
      return { status: 'success', message: 'account confirmation successful', auth_token: sessionFor(user) }
    },

    /** Sends a new confirmation link to an inactive account; answers the same whatever the address. */
    async resendConfirmation(email: string, ip: string): Promise<SuccessMessage> {
      if (!mailer.enabled) throw new AppError('route_not_found')
      await limits.consume('email', ip)
      if (!isValidEmail(email)) throw new AppError('email_invalid')
      await write(async (manager) => {
        const user = await manager.findOneBy(UserEntity, { email })
        if (!user || user.isActive) return
        accountMail.confirmAccount(user)
        await manager.save(user)
      })
      return { status: 'success', message: 'confirmation email resent' }
    },

    /** Mails a reset link to an active account; answers the same whatever the address. */
    async requestPasswordReset(email: string, ip: string): Promise<SuccessMessage> {
      if (!mailer.enabled) throw new AppError('route_not_found')
      await limits.consume('email', ip)
      if (!isValidEmail(email)) throw new AppError('email_invalid')
      const user = await db.manager.findOneBy(UserEntity, { email })
      if (user?.isActive) accountMail.resetPassword(user)
      return { status: 'success', message: 'password reset request processed' }
    },

    /** Sets a new password from a reset link; the link then stops working, as do older sessions. */
    async updatePassword(body: { token: string; password: string; password_conf?: string }): Promise<SuccessMessage> {
      const claims = tokens.verify('password_reset', body.token)
      throwProblems(passwordProblems(body.password, body.password_conf))
      const passwordHash = await passwords.hash(body.password)
      const user = await write(async (manager) => {
        const found = await manager.findOneBy(UserEntity, { id: claims.userId })
        if (!found || found.tokenVersion !== claims.version) throw new AppError('reset_token_invalid')
        found.passwordHash = passwordHash
        found.tokenVersion += 1
        return manager.save(found)
      })
      if (mailer.enabled) accountMail.passwordChanged(user)
      return { status: 'success', message: 'password updated' }
    },

    /** Applies the pending e-mail address of a confirmation link. */
    async confirmEmail(token: string): Promise<SuccessMessage> {
      const user = await userByToken('emailTokenHash', token)
      if (!user?.emailToConfirm) throw new AppError('invalid_payload')
      const newEmail = user.emailToConfirm
      await write(async (manager) => {
        // The address may have been taken since the change was requested.
        const taken = await manager.findOneBy(UserEntity, { email: newEmail })
        if (taken && taken.id !== user.id) throw new AppError('invalid_payload')
        await manager.update(UserEntity, user.id, {
          email: newEmail,
          emailToConfirm: null,
          emailTokenHash: null,
          emailTokenExpiresAt: null,
        })
      })
      return { status: 'success', message: 'email updated' }
    },

    profile: (user: UserEntity) => profileResponse(user),

    async editProfile(user: UserEntity, body: z.output<typeof profileEditBody>): Promise<ProfileResponse> {
      const updated = await write(async (manager) => {
        Object.assign(user, {
          firstName: body.first_name,
          lastName: body.last_name,
          bio: body.bio,
          location: body.location,
          birthDate: body.birth_date,
        })
        return manager.save(user)
      })
      return profileResponse(updated, 'user profile updated')
    },

    /**
     * Changes the e-mail and/or password after checking the current password. A new e-mail is
     * confirmed by mail when sending is on, applied at once otherwise. A new password ends every
     * other session; the answer carries a fresh token for this one.
     */
    async editAccount(user: UserEntity, body: z.output<typeof accountEditBody>): Promise<ProfileResponse> {
      if (!isValidEmail(body.email)) throw new AppError('email_invalid')
      if (body.new_password !== undefined) throwProblems(passwordProblems(body.new_password, body.new_password_conf))
      if (!(await passwords.verify(body.password, user.passwordHash))) throw new AppError('invalid_credentials')
      const newHash = body.new_password !== undefined ? await passwords.hash(body.new_password) : null
      const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase()

      const updated = await write(async (manager) => {
        if (emailChanged) {
          const taken = await manager.findOneBy(UserEntity, { email: body.email })
          // An address used by another account is refused without saying so (no account probing).
          if (taken && taken.id !== user.id) throw new AppError('invalid_payload')
          if (mailer.enabled) accountMail.changeEmail(user, body.email, true)
          else user.email = body.email
        }
        if (newHash) {
          user.passwordHash = newHash
          user.tokenVersion += 1
        }
        return manager.save(user)
      })
      if (newHash && mailer.enabled) accountMail.passwordChanged(updated)
      return profileResponse(updated, 'user account updated', newHash ? sessionFor(updated) : undefined)
    },

    async editPreferences(user: UserEntity, body: z.output<typeof preferencesBody>): Promise<ProfileResponse> {
      if (!isKnownTimezone(body.timezone)) throw new AppError('invalid_payload')
      const updated = await write(async (manager) => {
        Object.assign(user, {
          displayAscent: body.display_ascent,
          imperialUnits: body.imperial_units,
          language: body.language,
          timezone: body.timezone,
          weekm: body.weekm,
          ...(body.max_hr !== undefined ? { maxHeartRate: body.max_hr } : {}),
          ...(body.resting_hr !== undefined ? { restingHeartRate: body.resting_hr } : {}),
          ...(body.ftp !== undefined ? { ftp: body.ftp } : {}),
        })
        return manager.save(user)
      })
      return profileResponse(updated, 'user preferences updated')
    },

    /** Saves a user's colour, activation or threshold for one sport (a 0 threshold is ignored). */
    async editSportPreferences(
      user: UserEntity,
      body: z.output<typeof sportPreferencesBody>,
    ): Promise<SportPreferencesResponse> {
      const saved = await write(async (manager) => {
        const sport = await manager.findOneBy(SportEntity, { id: body.sport_id })
        if (!sport) throw new AppError('sport_not_found')
        const existing = await manager.findOneBy(UserSportPreferenceEntity, { userId: user.id, sportId: sport.id })
        const preference =
          existing ??
          manager.create(UserSportPreferenceEntity, {
            userId: user.id,
            sportId: sport.id,
            color: null,
            isActive: true,
            stoppedSpeedThreshold: sport.stoppedSpeedThreshold,
          })
        if (body.color !== undefined) preference.color = body.color
        if (body.is_active !== undefined) preference.isActive = body.is_active
        if (body.stopped_speed_threshold) preference.stoppedSpeedThreshold = body.stopped_speed_threshold
        return manager.save(preference)
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
        },
      }
    },

    async resetSportPreferences(user: UserEntity, sportId: number): Promise<void> {
      await write(async (manager) => {
        if (!(await manager.existsBy(SportEntity, { id: sportId }))) throw new AppError('sport_not_found')
        await manager.delete(UserSportPreferenceEntity, { userId: user.id, sportId })
      })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
