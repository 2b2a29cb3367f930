import de from './locales/de/sports.json'
import fr from './locales/fr/sports.json'

/** Translated sport names by language; English names are the labels themselves (spec §3). */
const NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = { fr, de }

/** A sport's name in a language (`Running` → `Course à pied` in French); English, or a label without a translation, stays as it is. */
export function sportName(label: string, language: string): string {
  return NAMES[language]?.[label] ?? label
}
