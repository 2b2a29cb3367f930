import { afterEach, describe, expect, it } from 'vitest'
import i18n from 'i18next'
import { loadAllTexts } from '../../i18n'
import { formatMegabytes } from './FileDropZone'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

/** The limits line of the add page, as each language reads it (20 MiB per file, 500 MiB per zip, 5,000 files). */
async function limitsIn(language: string): Promise<string> {
  await loadAllTexts()
  await i18n.changeLanguage(language)
  const t = i18n.t.bind(i18n)
  return t('workouts.ADD.LIMITS', {
    fileSize: formatMegabytes(20 * 1_048_576, t, language),
    zipSize: formatMegabytes(500 * 1_048_576, t, language),
    count: 5000,
  })
}

describe('the upload limits line', () => {
  it("names sizes and counts in each language's own units and digits", async () => {
    expect(await limitsIn('en')).toBe('Up to 20.00 MB per file and 500.00 MB per zip archive, 5,000 files at most in an archive.')
    expect(await limitsIn('fr')).toBe("Jusqu'à 20,00 Mo par fichier et 500,00 Mo par archive zip, 5\u202f000 fichiers au plus dans une archive.")
    expect(await limitsIn('de')).toBe('Bis zu 20,00 MB pro Datei und 500,00 MB pro ZIP-Archiv, höchstens 5.000 Dateien in einem Archiv.')
  })
})
