import { languageFromTag } from '../src/i18n/language'
import de from '../src/i18n/locales/de/desktop.json'
import en from '../src/i18n/locales/en/desktop.json'
import fr from '../src/i18n/locales/fr/desktop.json'

type Texts = typeof en
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** A key of `desktop.json`, e.g. `MENU.FILE`. */
type DesktopTextKey = Leaves<Texts>

/** Translates a `desktop.json` key, filling `{{name}}` placeholders. */
export type Translate = (key: DesktopTextKey, values?: Record<string, string | number>) => string

const TEXTS: Record<'en' | 'fr' | 'de', Texts> = { en, fr, de }

function lookup(texts: Texts, key: string): string | undefined {
  let node: unknown = texts
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * The main process's texts (menus, tray, dialogs, notifications) in the system language, from
 * the same `desktop.json` files the UI uses; English fills any gap.
 */
export function createTranslator(localeTag: string): Translate {
  const texts = TEXTS[languageFromTag(localeTag)]
  return (key, values = {}) =>
    (lookup(texts, key) ?? lookup(en, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    )
}
