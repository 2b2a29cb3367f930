import nodemailer from 'nodemailer'
import type { EmailConfig, Logger } from '../config/server-config'
import { createMailTranslator, renderMail, type MailContent } from './templates'

/** Sends account e-mails in the background; a failed send is logged, never shown to the caller. */
export interface Mailer {
  /** False when no SMTP server is configured: callers then take the no-e-mail path. */
  readonly enabled: boolean
  send(to: string, content: MailContent): void
  /** Waits for the e-mails still being sent (on shutdown and in tests). */
  drain(): Promise<void>
}

export function createMailer(config: EmailConfig | null, logger: Logger): Mailer {
  if (!config) {
    return { enabled: false, send: () => undefined, drain: () => Promise.resolve() }
  }
  const transport = nodemailer.createTransport(config.url)
  const translator = createMailTranslator()
  const pending = new Set<Promise<void>>()

  return {
    enabled: true,
    send(to, content) {
      const mail = renderMail(translator, content)
      const sending = transport
        .sendMail({ from: config.sender, to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(
          () => undefined,
          (error: unknown) => logger.error(`e-mail "${content.kind}" could not be sent`, error),
        )
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async drain() {
      await Promise.all([...pending])
    },
  }
}
