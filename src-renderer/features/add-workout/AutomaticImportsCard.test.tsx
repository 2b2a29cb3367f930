import i18n from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { AutomaticImportsResponse } from '../../../src/contracts'
import { render, type Rendered } from '../../test/render'
import { AutomaticImportsCard } from './AutomaticImportsCard'

let rendered: Rendered | undefined
afterEach(async () => {
  rendered?.unmount()
  rendered = undefined
  await i18n.changeLanguage('en')
})

const answer: AutomaticImportsResponse['data'] = {
  folders: [
    { folder: '/home/sam/Sync', state: 'watching' },
    { folder: '/media/old', state: 'missing' },
  ],
  imports: [
    { file: 'tri.fit', folder: '/home/sam/Sync', status: 'imported', workout_ids: ['a', 'b'], code: null, taken_at: '2026-11-24T10:00:00.000Z' },
    { file: 'broken.gpx', folder: '/home/sam/Sync', status: 'error', workout_ids: [], code: 'track_xml_invalid', taken_at: '2026-11-24T09:00:00.000Z' },
  ],
}
const texts = (selector: string) => [...(rendered?.container.querySelectorAll(selector) ?? [])].map((element) => element.textContent)

describe('AutomaticImportsCard', () => {
  it('lists the folders, each file with its workouts, and the reason of a refusal', async () => {
    rendered = await render(<AutomaticImportsCard answer={answer} />)
    expect(texts('[data-testid="watched-folder"]')).toEqual(['Watching /home/sam/Sync', '/media/old cannot be found; it is checked again regularly.'])
    expect(texts('[data-testid="automatic-import"] a')).toEqual(['Open workout 1', 'Open workout 2'])
    expect(texts('[data-testid="automatic-import-reason"]')).toEqual(['The file is not valid XML (it may be damaged or incomplete).'])
  })

  it('speaks French and German', async () => {
    await i18n.changeLanguage('fr')
    rendered = await render(<AutomaticImportsCard answer={answer} />)
    expect(texts('h2')).toEqual(['Imports automatiques'])
    rendered.unmount()
    await i18n.changeLanguage('de')
    rendered = await render(<AutomaticImportsCard answer={answer} />)
    expect(texts('h2')).toEqual(['Automatische Importe'])
  })

  it('shows nothing to a user without watched folders', async () => {
    rendered = await render(<AutomaticImportsCard answer={{ folders: [], imports: [] }} />)
    expect(rendered.container.querySelector('[data-testid="automatic-imports"]')).toBeNull()
  })
})
