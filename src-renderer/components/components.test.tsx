import { Button, Menu } from '@mantine/core'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Link } from 'react-router-dom'
import { Options } from '@zxcvbn-ts/core'
import { uiResources } from '../../src/i18n'
import { buttonNamed, click, render, typeInto, type Rendered } from '../test/render'
import { ConfirmDialog } from './ConfirmDialog'
import { CountedTextarea, counterText } from './CountedTextarea'
import { Distance } from './Distance'
import { ErrorBox } from './ErrorBox'
import { strengthLabel } from './passwordStrength'
import { RouteDropdown } from './RouteDropdown'
import { SPORTS } from '../../src/domain/sports'
import { SPORT_ICONS, SportIcon, sportColor, sportGlyphKey } from './SportIcon'
import { ApiError } from '../api/ApiError'
import { pictureProblem } from '../features/profile/EditPictureForm'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
})

// Test-only texts, kept out of JSX literals (the lint forbids untranslated UI text there).
const BIO = 'bio'
const REOPEN = 'reopen'
const OPEN = 'open'
const GO = 'go'
const RUNNING = 'Running'
// Without translations, the estimator's options hold its plain feedback keys.
const translationKeys = new Options().translations

describe('CountedTextarea', () => {
  function Bio() {
    const [value, setValue] = useState('')
    return <CountedTextarea label={BIO} value={value} limit={10} onValueChange={setValue} />
  }

  it('shows count/limit and never exceeds the limit', async () => {
    expect(counterText('hello', 200)).toBe('5/200')
    rendered = await render(<Bio />)
    const counter = () => rendered?.container.querySelector('[data-testid="char-counter"]')?.textContent
    expect(counter()).toBe('0/10')
    const area = rendered.container.querySelector('textarea')
    await typeInto(area, 'trail')
    expect(counter()).toBe('5/10')
    await typeInto(area, 'a much longer text than allowed')
    expect(counter()).toBe('10/10')
    expect(area?.value).toBe('a much lon')
  })
})

describe('ConfirmDialog', () => {
  function Harness({ action }: { action: () => Promise<void> }) {
    const [opened, setOpened] = useState(true)
    return (
      <>
        <button type="button" onClick={() => setOpened(true)}>
          {REOPEN}
        </button>
        <ConfirmDialog opened={opened} title={BIO} message={BIO} onConfirm={action} onClose={() => setOpened(false)} />
      </>
    )
  }

  it('runs the action on yes', async () => {
    const action = vi.fn(() => Promise.resolve())
    rendered = await render(<Harness action={action} />)
    await click(buttonNamed('Yes'))
    expect(action).toHaveBeenCalledOnce()
  })

  it('on error hides yes, turns no into cancel, and clears the error once closed', async () => {
    const action = vi.fn(() => Promise.reject(new ApiError(403, ['api.ERROR.last_admin'])))
    rendered = await render(<Harness action={action} />)
    await click(buttonNamed('Yes'))
    expect(document.body.textContent).toContain('You can not delete your account, no other user has admin rights.')
    expect(buttonNamed('Yes')).toBeUndefined()
    expect(buttonNamed('No')).toBeUndefined()
    await click(buttonNamed('Cancel'))
    await click(buttonNamed(REOPEN))
    expect(buttonNamed('Yes')).toBeDefined()
    expect(buttonNamed('No')).toBeDefined()
    expect(document.body.textContent).not.toContain('no other user has admin rights')
  })

  it('names its close button for screen readers', async () => {
    rendered = await render(<Harness action={() => Promise.resolve()} />)
    const unnamed = [...document.querySelectorAll('button')].filter((button) => !button.textContent?.trim() && !button.getAttribute('aria-label'))
    expect(unnamed).toEqual([])
    expect(document.querySelector('button[aria-label="Close"]')).not.toBeNull()
  })
})

describe('RouteDropdown', () => {
  it('closes when the route changes', async () => {
    // The link is outside the menu (a menu item would close it by itself), and a bare click is not
    // the press Mantine closes a menu on when it lands outside: only the route change closes it.
    rendered = await render(
      <>
        <RouteDropdown target={<Button>{OPEN}</Button>}>
          <Menu.Item>{REOPEN}</Menu.Item>
        </RouteDropdown>
        <Link to="/elsewhere">{GO}</Link>
      </>,
    )
    // happy-dom lays nothing out, so the dropdown's style says nothing: the target's state and the
    // dropdown's presence do.
    const target = buttonNamed(OPEN)
    await click(target)
    expect(target?.getAttribute('aria-expanded')).toBe('true')
    expect(document.querySelector('[role="menu"]')).not.toBeNull()
    await click([...document.querySelectorAll('a')].find((link) => link.textContent === GO))
    expect(target?.getAttribute('aria-expanded')).toBe('false')
    // Removed once its closing transition is over, however long that takes on this machine.
    await vi.waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull())
  })
})

describe('ErrorBox', () => {
  it('shows one message as text and several as a list', async () => {
    rendered = await render(<ErrorBox keys={['api.ERROR.invalid_credentials']} />)
    expect(rendered.container.textContent).toContain('Invalid credentials.')
    expect(rendered.container.querySelectorAll('li')).toHaveLength(0)
    await rendered.rerender(<ErrorBox keys={['api.ERROR.username_length', 'api.ERROR.email_invalid']} />)
    expect(rendered.container.querySelectorAll('li')).toHaveLength(2)
  })
})

describe('Distance', () => {
  it('shows km or miles', async () => {
    const text = () => rendered?.container.querySelector('[data-testid="distance"]')?.textContent?.replace(/\u00a0/g, ' ')
    rendered = await render(<Distance km={16.09344} imperial={false} decimals={1} />)
    expect(text()).toBe('16.1 km')
    await rendered.rerender(<Distance km={16.09344} imperial decimals={0} />)
    expect(text()).toBe('10 mi')
  })
})

describe('SportIcon', () => {
  it('uses the user colour, else the sport default', async () => {
    expect(sportColor('Hiking', null)).toBe('#bb757c')
    expect(sportColor('Hiking', '#123456')).toBe('#123456')
    rendered = await render(<SportIcon label={RUNNING} />)
    const icon = rendered.container.querySelector('[data-testid="sport-icon"]')
    expect(icon?.getAttribute('data-color')).toBe('#835b83')
    expect(icon?.getAttribute('aria-label')).toBe('Running')
  })

  it('has its own glyph for every sport', () => {
    expect(SPORTS.filter((sport) => !SPORT_ICONS[sport.label]).map((sport) => sport.label)).toEqual([])
    const keys = SPORTS.map((sport) => {
      const entry = SPORT_ICONS[sport.label]
      return entry ? sportGlyphKey(entry) : ''
    })
    expect(new Set(keys).size).toBe(SPORTS.length)
    // The four sports read from files have theirs too.
    for (const label of ['Swimming (Pool)', 'Swimming (Open Water)', 'Cycling (Indoor)', 'Other']) expect(SPORT_ICONS[label]).toBeDefined()
    expect(new Set(Object.values(SPORT_ICONS).map(sportGlyphKey)).size).toBe(Object.keys(SPORT_ICONS).length)
  })
})

describe('password strength', () => {
  it('labels scores 0-1 weak, 2 average, 3 good, 4 strong', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['WEAK', 'WEAK', 'AVERAGE', 'GOOD', 'STRONG'])
  })

  it('has a translation for every feedback key the estimator can give, in every language', () => {
    for (const [language, { translation }] of Object.entries(uiResources)) {
      const strength = translation.user.PASSWORD_STRENGTH as { WARNINGS: Record<string, string>; SUGGESTIONS: Record<string, string> }
      expect({ language, warnings: Object.keys(strength.WARNINGS).sort() }).toEqual({ language, warnings: Object.keys(translationKeys.warnings).sort() })
      expect({ language, suggestions: Object.keys(strength.SUGGESTIONS).sort() }).toEqual({
        language,
        suggestions: Object.keys(translationKeys.suggestions).sort(),
      })
    }
  })
})

describe('pictureProblem', () => {
  it('accepts png, jpg and gif within the size limit', () => {
    expect(pictureProblem({ name: 'me.PNG', size: 10 }, 100)).toBeNull()
    expect(pictureProblem({ name: 'me.jpeg', size: 10 }, 100)).toBeNull()
    expect(pictureProblem({ name: 'me.svg', size: 10 }, 100)).toBe('api.ERROR.file_extension_not_allowed')
    expect(pictureProblem({ name: 'me.gif', size: 101 }, 100)).toBe('api.ERROR.file_too_large')
  })
})
