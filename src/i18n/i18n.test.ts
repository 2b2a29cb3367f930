import { describe, expect, it } from 'vitest'
import { languages } from '../contracts/common'
import { SPORTS } from '../domain/sports'
import { errorCodes, warningCodes } from '../errors/catalogue'
import { languageFromTag } from './language'
import { uiResources } from './resources'

type Tree = { [key: string]: string | Tree }

/** Every leaf of a translation tree as `dotted.key → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') leaves.set(path, value)
    else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text)
  }
  return leaves
}

const flat = Object.fromEntries(languages.map((language) => [language, flatten(uiResources[language].translation as Tree)]))
const english = flat.en ?? new Map<string, string>()
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()

describe('interface translations', () => {
  it('have resources for exactly the supported languages', () => {
    expect(Object.keys(uiResources).sort()).toEqual([...languages].sort())
  })

  it.each(languages.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    const keys = flat[language] ?? new Map<string, string>()
    const missing = [...english.keys()].filter((key) => !keys.has(key))
    const extra = [...keys.keys()].filter((key) => !english.has(key))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it.each(languages)('%s has no empty text and keeps the placeholders', (language) => {
    const keys = flat[language] ?? new Map<string, string>()
    const empty = [...keys].filter(([, text]) => text.trim() === '').map(([key]) => key)
    expect(empty).toEqual([])
    const mismatched = [...keys]
      .filter(([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(english.get(key) ?? '')))
      .map(([key]) => key)
    expect(mismatched).toEqual([])
  })

  it.each(languages)('%s translates every catalogued error code (api.ERROR.<code>)', (language) => {
    const keys = flat[language] ?? new Map<string, string>()
    // The catalogue grows with each feature: a new code without a translation fails here.
    const untranslated = errorCodes.filter((code) => !keys.has(`api.ERROR.${code}`))
    expect(untranslated).toEqual([])
    expect(keys.has('api.ERROR.UNKNOWN')).toBe(true)
    expect(keys.has('api.ERROR.network_error')).toBe(true)
  })

  it.each(languages)('%s says every catalogued upload warning (workouts.IMPORT.WARNING.<code>)', (language) => {
    const keys = flat[language] ?? new Map<string, string>()
    expect(warningCodes.filter((code) => !keys.has(`workouts.IMPORT.WARNING.${code}`))).toEqual([])
  })

  it.each(languages)('%s names every sport', (language) => {
    const keys = flat[language] ?? new Map<string, string>()
    expect(SPORTS.filter((sport) => !keys.has(`sports.${sport.label}`)).map((sport) => sport.label)).toEqual([])
  })

  it('French and German actually differ from English where words differ', () => {
    for (const key of ['common.SUBMIT', 'user.LOGIN', 'api.ERROR.invalid_credentials', 'user.PREFERENCES.TIMEZONE']) {
      expect(flat.fr?.get(key)).not.toBe(english.get(key))
      expect(flat.de?.get(key)).not.toBe(english.get(key))
    }
  })
})

describe('languageFromTag', () => {
  it('takes the part before the dash when supported, else English', () => {
    expect(languageFromTag('fr-CA')).toBe('fr')
    expect(languageFromTag('de')).toBe('de')
    expect(languageFromTag('DE-at')).toBe('de')
    expect(languageFromTag('es-ES')).toBe('en')
    expect(languageFromTag('')).toBe('en')
    expect(languageFromTag(undefined)).toBe('en')
  })
})
