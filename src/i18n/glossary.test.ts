import { describe, expect, it } from 'vitest'
import { languages, type Language } from '../contracts/common'
import de from './glossary/de.json'
import en from './glossary/en.json'
import fr from './glossary/fr.json'
import deEmails from './locales/de/emails.json'
import enEmails from './locales/en/emails.json'
import frEmails from './locales/fr/emails.json'
import { uiResources } from './resources'

interface GlossaryTerm {
  concept: string
  /** The words to use (the first is the term; others are agreed short forms for tight places). */
  use: string[]
  /** Words that must not appear anywhere in the language's texts. */
  avoid: string[]
  /** Texts that name the concept and so must use the term. */
  keys: string[]
}

interface Glossary {
  language: string
  terms: GlossaryTerm[]
}

/** The glossaries, one per language, in `glossary/<language>.json`. */
const glossaries: Record<Language, Glossary> = { en, fr, de }
const glossaryOf = (language: Language): Glossary => glossaries[language]
const emails: Record<Language, unknown> = { en: enEmails, fr: frEmails, de: deEmails }

/** Every text of a language (all locale files, e-mails included), keyed `file.KEY.PATH`. */
function textsOf(language: Language): Map<string, string> {
  const texts = new Map<string, string>()
  const walk = (value: unknown, path: string) => {
    // A soft hyphen (U+00AD) only marks where a long German word may break in a narrow card.
    if (typeof value === 'string') texts.set(path, value.replaceAll('\u00ad', ''))
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key)
  }
  walk(uiResources[language].translation, '')
  walk(emails[language], 'emails')
  return texts
}

/** True when `word` stands in `text` as a word of its own (case-insensitive, not inside a longer word). */
export function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'iu').test(text)
}

describe('glossary', () => {
  it('the word test sees whole words only', () => {
    expect(containsWord('Weiteste Strecke', 'Strecke')).toBe(true)
    expect(containsWord('Streckenprofil', 'Strecke')).toBe(false)
    expect(containsWord('Ø-Geschw. ab', 'Ø-Geschw.')).toBe(true)
  })

  it('every language has a glossary of the same concepts', () => {
    const concepts = (language: Language) => glossaryOf(language).terms.map((term) => term.concept)
    for (const language of languages) {
      expect(glossaryOf(language).language).toBe(language)
      expect(concepts(language)).toEqual(concepts('en'))
    }
  })

  describe.each(languages)('%s', (language) => {
    const glossary = glossaryOf(language)
    const texts = textsOf(language)

    it.each(glossary.terms.map((term) => [term.concept, term] as const))('texts naming "%s" use the glossary term', (_, term) => {
      for (const key of term.keys) {
        const text = texts.get(key)
        expect(text, `${language}: ${key} is missing`).toBeDefined()
        expect(
          term.use.some((word) => text?.toLowerCase().includes(word.toLowerCase())),
          `${language}: ${key} = "${text}" should say ${term.use.map((word) => `"${word}"`).join(' or ')}`,
        ).toBe(true)
      }
    })

    it('no text uses a word the glossary rules out', () => {
      const offenders: string[] = []
      for (const term of glossary.terms) {
        for (const [key, text] of texts) {
          for (const word of term.avoid) if (containsWord(text, word)) offenders.push(`${key} = "${text}" says "${word}", use "${term.use[0]}"`)
        }
      }
      expect(offenders).toEqual([])
    })
  })

  it('German addresses the user as "du" everywhere, never the formal "Sie"', () => {
    // "Sie" may start a clause as "she/it/they" ("…: Sie wurde zurückgezogen"); after a word it is the formal "you"
    // ("Wählen Sie"), and the formal possessives and dative have no other reading mid-sentence.
    const formal = /(?<=\p{L}[,]? )Sie\b|\b(Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/u
    const offenders = [...textsOf('de')].filter(([, text]) => formal.test(text)).map(([key, text]) => `${key} = "${text}"`)
    expect(offenders).toEqual([])
  })
})
