import type { z } from 'zod'
import type { EndpointSpec, LoginResponse, registerBody, SuccessMessage } from '../../../src/contracts'
import { languages, type Language } from '../../../src/contracts'
import { isValidEmail, passwordProblems, registrationProblems } from '../../../src/domain/accounts'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { UserEntity } from '../../db/entities'
import { hashToken } from '../../lib/secrets'
import { isLoopbackAddress, setupCodeMatches } from '../../lib/setup-code'
import { isRegistrationEnabled, readSettings } from '../app-config/app-config.service'
import type { TokenService } from '../../lib/tokens'
import type { AccessTokens } from '../access-tokens/access-tokens.service'
import { isAccessToken, revokeAllTokens } from '../access-tokens/access-tokens.service'
import type { AccountMail } from './account-mail'
import { isKnownLoginAddress, rememberLoginAddress } from './login-addresses.queries'

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

export function createAuthService(context: ServerContext, accountMail: AccountMail, accessTokens: AccessTokens) {
  const { db, write, passwords, tokens, limits, mailer } = context

  const sessionFor = (user: UserEntity) => sessionTokenFor(tokens, user)

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
    async authenticate(authorization: string | undefined, endpoint: EndpointSpec): Promise<UserEntity> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
      if (!match?.[1]) throw new AppError('auth_token_missing')
      const token = match[1]
      if (isAccessToken(token)) return accessTokens.authenticate(token, endpoint)
      // The signature and expiry are checked every time; only the user lookup is cached.
      const claims = tokens.verify('session', token)
      const known = context.sessions.get(token)
      // A copy: services change the user they are given before saving it.
      if (known) return Object.assign(new UserEntity(), known)
      const generation = context.sessions.generation()
      const user = await db.manager.findOneBy(UserEntity, { id: claims.userId })
      if (!user || !user.isActive) throw new AppError('auth_token_missing')
      // Older sessions end with a password change, but for the one that made it.
      if (user.tokenVersion !== claims.version && user.keptSessionHash !== hashToken(token)) throw new AppError('auth_token_invalid')
      context.sessions.set(token, Object.assign(new UserEntity(), user), generation)
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
      await write(async (manager) => {
        const settings = await readSettings(manager)
        if (!(await isRegistrationEnabled(manager, settings))) throw new AppError('registration_disabled')
        if (await manager.existsBy(UserEntity, { username: body.username })) throw new AppError('username_taken')
        if (await manager.existsBy(UserEntity, { email: body.email })) return
        const first = (await manager.count(UserEntity)) === 0
        if (first && !isLoopbackAddress(ip) && !setupCodeMatches(context.setupCode, body.setup_code)) {
          throw new AppError('setup_code_required')
        }
        const user = manager.create(UserEntity, {
          username: body.username,
          email: body.email,
          passwordHash,
          admin: first,
          isActive: first,
          createdAt: context.now(),
          language: isLanguage(body.language) ? body.language : 'en',
        })
        if (!first && mailer.enabled) Object.assign(user, accountMail.confirmAccount(manager, user))
        await manager.save(user)
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
      const user = await db.manager.findOneBy(UserEntity, { email: body.email })
      const knownAddress = user ? await isKnownLoginAddress(db.manager, user.id, ip) : false
      const attempt = limits.reserveLogin(ip, body.email, knownAddress)
      const valid = await attempt.check(() => passwords.verify(body.password, user?.passwordHash ?? null))
      if (!user || !valid) throw new AppError('invalid_credentials')
      attempt.succeeded()
      if (!user.isActive) throw new AppError('account_inactive')
      await write((manager) => rememberLoginAddress(manager, user.id, ip, context.now()))
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
        await manager.update(UserEntity, user.id, accountMail.confirmAccount(manager, user))
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

    /**
     * Sets a new password from a reset link; the link then stops working, as do all sessions and
     * personal access tokens of the account.
     */
    async updatePassword(body: { token: string; password: string; password_conf?: string }): Promise<SuccessMessage> {
      const claims = tokens.verify('password_reset', body.token)
      throwProblems(passwordProblems(body.password, body.password_conf))
      const passwordHash = await passwords.hash(body.password)
      const { user, revoked } = await write(async (manager) => {
        const found = await manager.findOneBy(UserEntity, { id: claims.userId })
        if (!found || found.tokenVersion !== claims.version) throw new AppError('reset_token_invalid')
        found.passwordHash = passwordHash
        found.tokenVersion += 1
        found.keptSessionHash = null
        return { user: await manager.save(found), revoked: await revokeAllTokens(manager, found.id, context.now()) }
      })
      if (mailer.enabled) accountMail.passwordChanged(user, revoked)
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
  }
}

export type AuthService = ReturnType<typeof createAuthService>
