import { languages, type Language } from '../contracts/languages'

/** The language used when nothing better is known. */
const DEFAULT_LANGUAGE: Language = 'en'

/** True when `value` names a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/**
 * The interface language for a browser language tag: the part before the dash when supported
 * (`fr-CA` → `fr`), otherwise English.
 */
export function languageFromTag(tag: string | null | undefined): Language {
  const base = (tag ?? '').split('-')[0]?.toLowerCase()
  return isLanguage(base) ? base : DEFAULT_LANGUAGE
}
