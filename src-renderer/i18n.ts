import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../src/contracts'
import { isLanguage, languageFromTag, uiResources } from '../src/i18n'

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

void i18next.use(initReactI18next).init({
  resources: uiResources,
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
