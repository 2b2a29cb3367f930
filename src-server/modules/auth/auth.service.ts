import type { z } from 'zod'
import type { EndpointSpec, LoginResponse, registerBody, SuccessMessage } from '../../../src/contracts'
import { languages, type Language } from '../../../src/contracts'
import { isKnownTimezone, isValidEmail, passwordProblems, registrationProblems } from '../../../src/domain/accounts'
import { AppError } from '../../../src/errors'
import { UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import type { ExpiringCache } from '../../http/read-cache'
import type { PasswordHasher } from '../../lib/passwords'
import type { RateLimits } from '../../lib/rate-limits'
import { hashToken } from '../../lib/secrets'
import { isLoopbackAddress, setupCodeMatches } from '../../lib/setup-code'
import { isRegistrationEnabled, readSettings } from '../app-config/app-config.service'
import type { TokenService } from '../../lib/tokens'
import type { Mailer } from '../../mail/mailer'
import type { AccessTokens } from '../access-tokens/access-tokens.service'
import { isAccessToken } from '../access-tokens/access-tokens.service'
import type { AccountMail } from './account-mail'

const isLanguage = (value: string | undefined): value is Language => languages.some((language) => language === value)

/** Throws the catalogued problems of a form, all lines at once (none: returns). */
export function throwProblems(problems: ReturnType<typeof registrationProblems>): void {
  const [first] = problems
  if (first) throw new AppError(first, problems)
}

/** A session token for the user's current token version. */
export function sessionTokenFor(tokens: TokenService, user: Pick<UserEntity, 'id' | 'tokenVersion'>): string {
  return tokens.issue('session', { userId: user.id, version: user.tokenVersion })
}

export interface AuthDependencies {
  database: Database
  passwords: PasswordHasher
  tokens: TokenService
  limits: RateLimits
  mailer: Pick<Mailer, 'enabled'>
  /** Users of recently seen session tokens, dropped like the read cache. */
  sessions: ExpiringCache<UserEntity>
  /** Lets another device than this computer create the first account (see `register`). */
  setupCode: string
  /** The server's clock (tests control it). */
  now: () => Date
}

export function createAuthService(dependencies: AuthDependencies, accountMail: AccountMail, accessTokens: AccessTokens) {
  const { database, passwords, tokens, limits, mailer, sessions, setupCode, now } = dependencies
  const { reads } = database

  const sessionFor = (user: UserEntity) => sessionTokenFor(tokens, user)

  /** Finds a user by a hashed one-time token that has not expired. */
  async function userByToken(column: 'confirmationTokenHash' | 'emailTokenHash', token: string): Promise<UserEntity | null> {
    const user = await reads.users.byTokenHash(column, hashToken(token))
    const expiresAt = column === 'confirmationTokenHash' ? user?.confirmationTokenExpiresAt : user?.emailTokenExpiresAt
    if (!user || !expiresAt || expiresAt.getTime() < now().getTime()) return null
    return user
  }

  return {
    /**
     * Resolves the user of a session token.
     * @throws AppError 401 for a missing, invalid or expired token, or an inactive account.
     */
    async authenticate(authorization: string | undefined, endpoint: EndpointSpec): Promise<UserEntity> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
      if (!match?.[1]) throw new AppError('auth_token_missing')
      const token = match[1]
      if (isAccessToken(token)) return accessTokens.authenticate(token, endpoint)
      // The signature and expiry are checked every time; only the user lookup is cached.
      const claims = tokens.verify('session', token)
      const known = sessions.get(token)
      // A copy: services change the user they are given before saving it.
      if (known) return Object.assign(new UserEntity(), known)
      const generation = sessions.generation()
      const user = await reads.users.byId(claims.userId)
      if (!user || !user.isActive) throw new AppError('auth_token_missing')
      // Older sessions end with a password change, but for the one that made it.
      if (user.tokenVersion !== claims.version && user.keptSessionHash !== hashToken(token)) throw new AppError('auth_token_invalid')
      sessions.set(token, Object.assign(new UserEntity(), user), generation)
      return user
    },

    /**
     * Creates an account. The first account becomes an active administrator; later ones wait for
     * the e-mailed confirmation, or for an administrator when e-mail sending is off. An e-mail
     * already registered answers the same success without doing anything (no account probing).
     * So that nobody else on the network can take a fresh install over, the first account is
     * accepted only from this computer or with the setup code the server shows.
     */
    async register(body: z.output<typeof registerBody>, ip: string): Promise<SuccessMessage> {
      await limits.consume('register', ip)
      throwProblems(registrationProblems(body))
      const passwordHash = await passwords.hash(body.password)
      await database.write(async (repositories) => {
        const { users } = repositories
        const settings = await readSettings(repositories)
        if (!(await isRegistrationEnabled(repositories, settings))) throw new AppError('registration_disabled')
        if (await users.byUsername(body.username)) throw new AppError('username_taken')
        if (await users.byEmail(body.email)) return
        const first = (await users.count()) === 0
        if (first && !isLoopbackAddress(ip) && !setupCodeMatches(setupCode, body.setup_code)) {
          throw new AppError('setup_code_required')
        }
        const user = Object.assign(new UserEntity(), {
          username: body.username,
          email: body.email,
          passwordHash,
          admin: first,
          isActive: first,
          createdAt: now(),
          language: isLanguage(body.language) ? body.language : 'en',
          ...(body.timezone !== undefined && isKnownTimezone(body.timezone) ? { timezone: body.timezone } : {}),
          ...(body.weekm === undefined ? {} : { weekm: body.weekm }),
        })
        if (!first && mailer.enabled) Object.assign(user, accountMail.confirmAccount(repositories, user))
        await users.save(user)
      })
      return { status: 'success', message: 'successfully registered' }
    },

    /**
     * Logs in by e-mail (any case) and password; only active accounts. The attempt takes its
     * place in the failed-login limits before the password is checked (see `reserveLogin`). The
     * right password of an account waiting for activation gets its own answer; a wrong one gets
     * the same answer as for any account, so nothing is learnt without the password.
     */
    async login(body: { email: string; password: string }, ip: string): Promise<LoginResponse> {
      const user = await reads.users.byEmail(body.email)
      const knownAddress = user ? await reads.loginAddresses.isKnown(user.id, ip) : false
      const attempt = await limits.reserveLogin(ip, body.email, knownAddress)
      const valid = await attempt.check(() => passwords.verify(body.password, user?.passwordHash ?? null))
      if (!user || !valid) throw new AppError('invalid_credentials')
      await attempt.succeeded()
      if (!user.isActive) throw new AppError('account_inactive')
      await database.write(({ loginAddresses }) => loginAddresses.remember(user.id, ip, now()))
      return { status: 'success', message: 'successfully logged in', auth_token: sessionFor(user) }
    },

    /** Activates the account of a confirmation link and logs it in. */
    async confirmAccount(token: string): Promise<LoginResponse> {
      const user = await userByToken('confirmationTokenHash', token)
      if (!user) throw new AppError('invalid_payload')
      await database.write(({ users }) => users.update(user.id, { isActive: true, confirmationTokenHash: null, confirmationTokenExpiresAt: null }))
      return { status: 'success', message: 'account confirmation successful', auth_token: sessionFor(user) }
    },

    /** Sends a new confirmation link to an inactive account; answers the same whatever the address. */
    async resendConfirmation(email: string, ip: string): Promise<SuccessMessage> {
      if (!mailer.enabled) throw new AppError('route_not_found')
      await limits.consume('email', ip)
      if (!isValidEmail(email)) throw new AppError('email_invalid')
      await database.write(async (repositories) => {
        const user = await repositories.users.byEmail(email)
        if (!user || user.isActive) return
        await repositories.users.update(user.id, accountMail.confirmAccount(repositories, user))
      })
      return { status: 'success', message: 'confirmation email resent' }
    },

    /** Mails a reset link to an active account; answers the same whatever the address. */
    async requestPasswordReset(email: string, ip: string): Promise<SuccessMessage> {
      if (!mailer.enabled) throw new AppError('route_not_found')
      await limits.consume('email', ip)
      if (!isValidEmail(email)) throw new AppError('email_invalid')
      const user = await reads.users.byEmail(email)
      if (user?.isActive) accountMail.resetPassword(user)
      return { status: 'success', message: 'password reset request processed' }
    },

    /**
     * Sets a new password from a reset link; the link then stops working, as do all sessions and
     * personal access tokens of the account.
     */
    async updatePassword(body: { token: string; password: string; password_conf?: string }): Promise<SuccessMessage> {
      const claims = tokens.verify('password_reset', body.token)
      throwProblems(passwordProblems(body.password, body.password_conf))
      const passwordHash = await passwords.hash(body.password)
      const { user, revoked } = await database.write(async ({ users, accessTokens }) => {
        const found = await users.byId(claims.userId)
        if (!found || found.tokenVersion !== claims.version) throw new AppError('reset_token_invalid')
        found.passwordHash = passwordHash
        found.tokenVersion += 1
        found.keptSessionHash = null
        return { user: await users.save(found), revoked: await accessTokens.revokeAll(found.id, now()) }
      })
      if (mailer.enabled) accountMail.passwordChanged(user, revoked)
      return { status: 'success', message: 'password updated' }
    },

    /** Applies the pending e-mail address of a confirmation link. */
    async confirmEmail(token: string): Promise<SuccessMessage> {
      const user = await userByToken('emailTokenHash', token)
      if (!user?.emailToConfirm) throw new AppError('invalid_payload')
      const newEmail = user.emailToConfirm
      await database.write(async ({ users }) => {
        // The address may have been taken since the change was requested (never by this account: a change to its own address is refused).
        if (await users.byEmail(newEmail)) throw new AppError('invalid_payload')
        await users.update(user.id, {
          email: newEmail,
          emailToConfirm: null,
          emailTokenHash: null,
          emailTokenExpiresAt: null,
        })
      })
      return { status: 'success', message: 'email updated' }
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
