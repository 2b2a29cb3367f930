import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAutomaticImportNotices, NOTICE_BATCH_MS } from './automatic-import-notices'
import { createTranslator } from './i18n'

describe('automatic import notifications', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('names a file imported alone, and counts a burst of files in one notification', () => {
    const notify = vi.fn()
    const notice = createAutomaticImportNotices({ t: createTranslator('en'), notify })
    notice({ file: 'RUN.FIT', status: 'imported' })
    expect(notify).not.toHaveBeenCalled()
    vi.advanceTimersByTime(NOTICE_BATCH_MS)
    expect(notify).toHaveBeenLastCalledWith('Automatic import', 'RUN.FIT was imported automatically.')

    // A watch plugged in for the first time: 120 files, 2 refused, one notification.
    for (let index = 0; index < 120; index += 1) notice({ file: `${index}.FIT`, status: index < 2 ? 'error' : index < 10 ? 'duplicate' : 'imported' })
    vi.advanceTimersByTime(NOTICE_BATCH_MS)
    expect(notify).toHaveBeenCalledTimes(2)
    expect(notify).toHaveBeenLastCalledWith('Automatic import', 'Imported automatically: 118. Failed: 2. The add page lists each file.')

    notice({ file: 'broken.gpx', status: 'error' })
    vi.advanceTimersByTime(NOTICE_BATCH_MS)
    expect(notify).toHaveBeenLastCalledWith('Automatic import', 'broken.gpx could not be imported automatically; the add page says why.')
  })

  it('speaks the system language', () => {
    const notify = vi.fn()
    const notice = createAutomaticImportNotices({ t: createTranslator('de-DE'), notify })
    notice({ file: 'a.fit', status: 'imported' })
    notice({ file: 'b.fit', status: 'error' })
    vi.advanceTimersByTime(NOTICE_BATCH_MS)
    expect(notify).toHaveBeenCalledWith('Automatischer Import', 'Automatisch importiert: 1. Fehlgeschlagen: 1. Die Seite zum Hinzufügen listet jede Datei auf.')
  })
})
