import { afterEach, describe, expect, it } from 'vitest'
import i18n from 'i18next'
import { render, type Rendered } from '../../test/render'
import { ImportProgressCard } from './ImportProgressCard'
import type { ImportProgress } from './importQueue'

let rendered: Rendered | undefined
afterEach(async () => {
  rendered?.unmount()
  rendered = undefined
  await i18n.changeLanguage('en')
})

const running: ImportProgress = {
  total: 40,
  done: 12,
  current: 'export.zip',
  importing: 'activities/1013.fit.gz',
  secondsLeft: 725,
  results: [],
  finished: false,
}
const text = (testId: string) => rendered?.container.querySelector(`[data-testid="${testId}"]`)?.textContent

describe('ImportProgressCard', () => {
  it("shows the archive task's current file and time left while it runs", async () => {
    rendered = await render(<ImportProgressCard progress={running} onAddMore={() => undefined} />)
    expect(text('import-current')).toBe('Importing activities/1013.fit.gz…')
    expect(text('import-time-left')).toBe('About 12 minutes left')
  })

  it('says it in French and German too', async () => {
    await i18n.changeLanguage('de')
    rendered = await render(<ImportProgressCard progress={running} onAddMore={() => undefined} />)
    expect(text('import-current')).toBe('activities/1013.fit.gz wird importiert…')
    expect(text('import-time-left')).toBe('Noch etwa 12 Minuten')
    rendered.unmount()
    await i18n.changeLanguage('fr')
    rendered = await render(<ImportProgressCard progress={running} onAddMore={() => undefined} />)
    expect(text('import-time-left')).toBe('Temps restant : environ 12 minutes')
  })

  it('shows the file being sent before the task has started, and no estimate', async () => {
    rendered = await render(<ImportProgressCard progress={{ ...running, importing: null, secondsLeft: null }} onAddMore={() => undefined} />)
    expect(text('import-current')).toBe('Sending export.zip…')
    expect(text('import-time-left')).toBeUndefined()
  })
})
