import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../src/contracts/languages'
import { isLanguage, languageFromTag } from '../src/i18n/language'
import { translation as en } from '../src/i18n/locales/en/ui'

const STORAGE_KEY = 'language'

/** The language chosen earlier on this browser, else the browser's own (spec §1). */
export function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY)
    if (isLanguage(stored)) return stored
  } catch {
    // Storage can be unavailable (private modes); the browser language still works.
  }
  return languageFromTag(typeof navigator === 'undefined' ? undefined : navigator.language)
}

/**
 * English (also every missing key's fallback) comes with the first script; French and German are
 * chunks of their own, fetched when the interface shows them, so nobody downloads three languages.
 */
const otherLanguages: Record<Exclude<Language, 'en'>, () => Promise<{ translation: typeof en }>> = {
  fr: () => import('../src/i18n/locales/fr/ui'),
  de: () => import('../src/i18n/locales/de/ui'),
}

const lazyTexts: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, done) {
    if (!isLanguage(language) || language === 'en') {
      done(null, en)
      return
    }
    otherLanguages[language]().then(
      (module) => done(null, module.translation),
      (error: unknown) => done(error instanceof Error ? error : String(error), null),
    )
  },
}

/** Resolves once the first language's texts are in: the app renders after it, never untranslated. */
export const i18nReady = i18next
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  })

function syncDocument(language: string): void {
  document.documentElement.lang = language
}
syncDocument(i18next.language)
i18next.on('languageChanged', syncDocument)

/** Switches the interface language and remembers it on this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Not remembered; the switch still applies.
  }
  if (i18next.language !== language) await i18next.changeLanguage(language)
}

/** The current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en'
}

export { i18next }
