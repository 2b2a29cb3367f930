import i18next, { type BackendModule } from 'i18next'
import { useEffect, useState } from 'react'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../src/contracts/languages'
import { isLanguage, languageFromTag } from '../src/i18n/language'
import type { translation as en } from '../src/i18n/locales/en/ui'
import { visitorTranslation } from '../src/i18n/locales/en/visitor'

const STORAGE_KEY = 'language'

/** The language chosen earlier on this browser, else the browser's own (spec §1). */
function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY)
    if (isLanguage(stored)) return stored
  } catch {
    // Storage can be unavailable (private modes); the browser language still works.
  }
  return languageFromTag(typeof navigator === 'undefined' ? undefined : navigator.language)
}

/**
 * The first script brings the English texts of the visitor pages only (login, registration…); the
 * rest of English, and French and German whole, are chunks of their own fetched when shown.
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
      done(null, visitorTranslation)
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
    resources: { en: { translation: visitorTranslation } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  })

let allTexts: Promise<void> | null = null
let allTextsIn = false

/** Fetches the English texts of the signed-in pages (once; later calls share the first). */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import('../src/i18n/locales/en/ui').then(({ translation }) => {
    i18next.addResourceBundle('en', 'translation', translation, true, true)
    allTextsIn = true
  })
  return allTexts
}

/** True once every English text is in; fetches them when `wanted` (a signed-in user). */
export function useAllTexts(wanted: boolean): boolean {
  const [, setLoaded] = useState(allTextsIn)
  useEffect(() => {
    if (wanted) void loadAllTexts().then(() => setLoaded(true))
  }, [wanted])
  return allTextsIn
}

/** The page's language and its description (what search engines show) follow the interface's. */
function syncDocument(language: string): void {
  document.documentElement.lang = language
  // Only once the language's texts are in: until then the page keeps its English description.
  if (!i18next.hasResourceBundle(language, 'translation')) return
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('common.INTRO', { lng: language }))
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
