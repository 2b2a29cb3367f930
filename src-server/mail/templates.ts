import { createInstance, type i18n } from 'i18next'
import de from '../../src/i18n/locales/de/emails.json'
import en from '../../src/i18n/locales/en/emails.json'
import fr from '../../src/i18n/locales/fr/emails.json'
import type { NotificationType } from '../../src/contracts/notifications'

/** The e-mails Waymark sends. */
type MailKind =
  | 'account_confirmation'
  | 'password_reset_request'
  | 'password_change'
  | 'email_update_to_current_email'
  | 'email_update_to_new_email'
  | `notification_${NotificationType}`

/** What a template needs; `link` for the kinds with an action. */
export interface MailContent {
  kind: MailKind
  language: string
  username: string
  link?: string
  newEmail?: string
  /** Validity of the link, in hours. */
  hours?: number
  /** Names of the personal access tokens a password change revoked. */
  revokedTokens?: readonly string[]
  /** Who did what a notification tells of. */
  actor?: string
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** Text made safe inside HTML (e-mails, comments' `text_html`). */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A translator for the e-mail texts (one instance per mailer, no global state). */
export function createMailTranslator(): i18n {
  const translator = createInstance({
    resources: { en: { emails: en }, fr: { emails: fr }, de: { emails: de } },
    ns: ['emails'],
    defaultNS: 'emails',
    fallbackLng: 'en',
    // Values are escaped by `renderMail` for the HTML part; the text part wants them raw.
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  void translator.init()
  return translator
}

/** Renders one e-mail in the recipient's language as text and HTML. */
export function renderMail(translator: i18n, content: MailContent): RenderedMail {
  const t = translator.getFixedT(content.language)
  const vars = { username: content.username, newEmail: content.newEmail ?? '', hours: content.hours ?? 0, actor: content.actor ?? '' }
  const subject = t(`${content.kind}.subject`, vars)
  const revoked = content.revokedTokens ?? []
  const intro = [t(`${content.kind}.intro`, vars), ...(revoked.length > 0 ? [t('tokens_revoked', { names: revoked.join(', ') })] : [])].join(' ')
  const greeting = t('greeting', vars)
  const signature = t('signature')
  const action = content.link ? t(`${content.kind}.action`) : null

  // A notification was not asked for by its recipient: no "if you did not ask for this".
  const ignore = content.link && !content.kind.startsWith('notification_') ? t('ignore') : null
  const text = [greeting, '', intro, ...(content.link ? ['', content.link] : []), ...(ignore ? ['', ignore] : []), '', signature].join('\n')

  const link = content.link ? escapeHtml(content.link) : ''
  const html = `<!doctype html><html lang="${escapeHtml(content.language)}"><body style="font-family:system-ui,sans-serif;color:#1b2a2f;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${
  action
    ? `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1c7c72;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#5b6b70">${escapeHtml(t('link_fallback'))}<br>${link}</p>
${ignore ? `<p style="font-size:13px;color:#5b6b70">${escapeHtml(ignore)}</p>` : ''}`
    : ''
}
<p>${escapeHtml(signature)}</p>
</body></html>`
  return { subject, text, html }
}
