import { describe, expect, it } from 'vitest'
import { createTranslator } from './i18n'

describe('main-process texts', () => {
  it('picks the system language, falling back to English for others', () => {
    expect(createTranslator('fr-CA')('MENU.FILE')).toBe('Fichier')
    expect(createTranslator('de')('MENU.FILE')).toBe('Datei')
    expect(createTranslator('ja-JP')('MENU.FILE')).toBe('File')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    const t = createTranslator('en')
    expect(t('NOTICE.IMPORT_FINISHED_BODY', { imported: 12, failed: 1 })).toBe('Imported: 12. Failed: 1.')
    expect(t('TRAY.COPY_ADDRESS')).toBe('Copy {{url}}')
  })
})
