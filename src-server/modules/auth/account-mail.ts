import type { ServerContext } from '../../context'
import type { UserEntity } from '../../db/entities'
import { hashToken, randomToken } from '../../lib/secrets'

/** Links in e-mails stay valid this long. */
export const CONFIRMATION_VALIDITY_HOURS = 72
export const EMAIL_CHANGE_VALIDITY_HOURS = 24

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000)

/** The account e-mails, with their one-time tokens; used by auth and by administrators. */
export function createAccountMail(context: ServerContext) {
  const link = (route: string, token: string) => `${context.config.publicUrl}${route}?token=${encodeURIComponent(token)}`

  return {
    /** Sets a new confirmation token on `user` (caller saves) and mails the link. */
    confirmAccount(user: UserEntity): void {
      const token = randomToken()
      user.confirmationTokenHash = hashToken(token)
      user.confirmationTokenExpiresAt = hoursFrom(context.now(), CONFIRMATION_VALIDITY_HOURS)
      context.mailer.send(user.email, {
        kind: 'account_confirmation',
        language: user.language,
        username: user.username,
        link: link('/account-confirmation', token),
        hours: CONFIRMATION_VALIDITY_HOURS,
      })
    },

    /** Mails a one-hour, single-use password reset link (the token dies with the next password change). */
    resetPassword(user: UserEntity): void {
      const token = context.tokens.issue('password_reset', { userId: user.id, version: user.tokenVersion })
      context.mailer.send(user.email, {
        kind: 'password_reset_request',
        language: user.language,
        username: user.username,
        link: link('/password-reset', token),
      })
    },

    passwordChanged(user: UserEntity): void {
      context.mailer.send(user.email, { kind: 'password_change', language: user.language, username: user.username })
    },

    /**
     * Records `newEmail` as pending on `user` (caller saves), mails the confirmation link to the
     * new address and, when `notifyCurrent`, a notice to the current one.
     */
    changeEmail(user: UserEntity, newEmail: string, notifyCurrent: boolean): void {
      const token = randomToken()
      user.emailToConfirm = newEmail
      user.emailTokenHash = hashToken(token)
      user.emailTokenExpiresAt = hoursFrom(context.now(), EMAIL_CHANGE_VALIDITY_HOURS)
      const common = { language: user.language, username: user.username, newEmail }
      context.mailer.send(newEmail, {
        ...common,
        kind: 'email_update_to_new_email',
        link: link('/email-update', token),
        hours: EMAIL_CHANGE_VALIDITY_HOURS,
      })
      if (notifyCurrent) context.mailer.send(user.email, { ...common, kind: 'email_update_to_current_email' })
    },
  }
}

export type AccountMail = ReturnType<typeof createAccountMail>
