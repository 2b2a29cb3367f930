import type { UserEntity } from '../../db/entities'
import { afterCommit, type Repositories } from '../../db/repositories'
import { hashToken, randomToken } from '../../lib/secrets'
import type { TokenService } from '../../lib/tokens'
import type { Mailer } from '../../mail/mailer'

/** Links in e-mails stay valid this long. */
const CONFIRMATION_VALIDITY_HOURS = 72
const EMAIL_CHANGE_VALIDITY_HOURS = 24

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000)

/** The account e-mails, with their one-time tokens; used by auth and by administrators. */
export interface AccountMailDependencies {
  /** The address links in e-mails start with. */
  publicUrl: string
  mailer: Pick<Mailer, 'send'>
  tokens: TokenService
  /** The server's clock (tests control it). */
  now: () => Date
}

export function createAccountMail({ publicUrl, mailer, tokens, now }: AccountMailDependencies) {
  const link = (route: string, token: string) => `${publicUrl}${route}?token=${encodeURIComponent(token)}`

  // Mails about a change leave once its transaction has committed: a rolled-back change sends nothing.
  return {
    /**
     * A new confirmation token for `user`: returns the columns to save with `repositories` (a write's), and mails
     * the link once that write has committed.
     */
    confirmAccount(
      repositories: Repositories,
      user: Pick<UserEntity, 'email' | 'language' | 'username'>,
    ): Pick<UserEntity, 'confirmationTokenHash' | 'confirmationTokenExpiresAt'> {
      const token = randomToken()
      afterCommit(repositories, () =>
        mailer.send(user.email, {
          kind: 'account_confirmation',
          language: user.language,
          username: user.username,
          link: link('/account-confirmation', token),
          hours: CONFIRMATION_VALIDITY_HOURS,
        }),
      )
      return { confirmationTokenHash: hashToken(token), confirmationTokenExpiresAt: hoursFrom(now(), CONFIRMATION_VALIDITY_HOURS) }
    },

    /** Mails a one-hour, single-use password reset link (the token dies with the next password change). */
    resetPassword(user: UserEntity): void {
      const token = tokens.issue('password_reset', { userId: user.id, version: user.tokenVersion })
      mailer.send(user.email, {
        kind: 'password_reset_request',
        language: user.language,
        username: user.username,
        link: link('/password-reset', token),
      })
    },

    /** @param revokedTokens names of the personal access tokens the change revoked */
    passwordChanged(user: UserEntity, revokedTokens: readonly string[]): void {
      mailer.send(user.email, { kind: 'password_change', language: user.language, username: user.username, revokedTokens })
    },

    /**
     * `newEmail` pending confirmation: returns the columns to save with `repositories` (a write's); once that write
     * has committed, mails the confirmation link to the new address and, when `notifyCurrent`, a
     * notice to the current one.
     */
    changeEmail(
      repositories: Repositories,
      user: Pick<UserEntity, 'email' | 'language' | 'username'>,
      newEmail: string,
      notifyCurrent: boolean,
    ): Pick<UserEntity, 'emailToConfirm' | 'emailTokenHash' | 'emailTokenExpiresAt'> {
      const token = randomToken()
      const common = { language: user.language, username: user.username, newEmail }
      afterCommit(repositories, () => {
        mailer.send(newEmail, {
          ...common,
          kind: 'email_update_to_new_email',
          link: link('/email-update', token),
          hours: EMAIL_CHANGE_VALIDITY_HOURS,
        })
        if (notifyCurrent) mailer.send(user.email, { ...common, kind: 'email_update_to_current_email' })
      })
      return { emailToConfirm: newEmail, emailTokenHash: hashToken(token), emailTokenExpiresAt: hoursFrom(now(), EMAIL_CHANGE_VALIDITY_HOURS) }
    },
  }
}

export type AccountMail = ReturnType<typeof createAccountMail>
