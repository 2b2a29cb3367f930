import type { Language } from '../contracts/languages'
import { translation as de } from './locales/de/ui'
import { translation as en } from './locales/en/ui'
import { translation as fr } from './locales/fr/ui'

/**
 * The interface texts of every language, one i18next namespace (`translation`) whose top-level
 * keys are the files of `locales/<language>/`: `t('api.ERROR.invalid_credentials')`,
 * `t('user.LOGIN')`. E-mail texts (`emails.json`) are loaded by the server's mailer on their own.
 */
export const uiResources = {
  en: { translation: en },
  fr: { translation: fr },
  de: { translation: de },
} satisfies Record<Language, { translation: Record<string, unknown> }>
