import { act } from 'react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/contracts'
import { tokenStorage } from '../../api/tokenStorage'
import { appStore, setProfile } from '../../session/store'
import { click, render, typeInto, type Rendered } from '../../test/render'
import { AdminSection } from './AdminSection'
import { Tick } from './Tick'
import { UsersFilter } from './UsersFilter'
import { AdminRightsButton } from './UsersTable'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  tokenStorage.clear()
  appStore.reset()
})

/** A signed-in user's profile, as the session holds it (a profile without a session token is ignored). */
function signIn(profile: User): void {
  tokenStorage.set('token')
  setProfile(profile)
}

// Test-only text, kept out of JSX literals (the lint forbids untranslated UI text there).
const ADMIN_PAGE = 'admin page'
const ACTIVE = 'Active'

const user = (overrides: Partial<User> = {}): User => ({
  username: 'sam',
  admin: false,
  is_active: true,
  created_at: 'Tue, 13 Mar 2018 12:44:45 GMT',
  bio: null,
  birth_date: null,
  first_name: null,
  last_name: null,
  location: null,
  picture: false,
  nb_sports: 0,
  nb_workouts: 0,
  sports_list: [],
  records: [],
  total_ascent: 0,
  total_distance: 0,
  total_duration: '0:00:00',
  followers: 0,
  following: 0,
  ...overrides,
})

const field = () => rendered?.container.querySelector('input')
const testId = (id: string) => rendered?.container.querySelector(`[data-testid="${id}"]`)

describe('UsersFilter', () => {
  it('submits the trimmed name on Enter or with the search icon, never an empty one', async () => {
    const onSubmit = vi.fn()
    rendered = await render(<UsersFilter value="" onSubmit={onSubmit} />)
    await typeInto(field(), '   ')
    await click(testId('users-filter-search'))
    expect(onSubmit).not.toHaveBeenCalled()
    await typeInto(field(), '  sam  ')
    await act(() => {
      testId('users-filter')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
      return Promise.resolve()
    })
    await click(testId('users-filter-search'))
    expect(onSubmit.mock.calls).toEqual([['sam'], ['sam']])
  })

  it('clears the field and resets an applied filter with the clear icon', async () => {
    const onSubmit = vi.fn()
    rendered = await render(<UsersFilter value="sam" onSubmit={onSubmit} />)
    expect(field()?.value).toBe('sam')
    await click(testId('users-filter-clear'))
    expect(field()?.value).toBe('')
    expect(onSubmit).toHaveBeenCalledWith('')
  })
})

describe('AdminSection', () => {
  const page = (
    <Routes>
      <Route path="/admin" element={<AdminSection />}>
        <Route index element={<p data-testid="admin-page">{ADMIN_PAGE}</p>} />
      </Route>
    </Routes>
  )

  it('shows the 404 to a non-administrator, without mounting the admin page', async () => {
    signIn(user({ admin: false }))
    rendered = await render(page, '/admin')
    expect(testId('not-found')).not.toBeNull()
    expect(testId('admin-page')).toBeNull()
  })

  it('shows the admin page to an administrator', async () => {
    signIn(user({ admin: true }))
    rendered = await render(page, '/admin')
    expect(testId('admin-page')?.textContent).toBe(ADMIN_PAGE)
    expect(testId('not-found')).toBeNull()
  })
})

describe('admin cells', () => {
  it('names ticks for screen readers and disables the rights button on oneself', async () => {
    rendered = await render(
      <>
        <Tick value label={ACTIVE} />
        <AdminRightsButton user={user({ admin: true })} self busy={false} onToggle={() => undefined} compact />
      </>,
    )
    expect(rendered.container.querySelector('[aria-label="Active: yes"]')).not.toBeNull()
    const button = testId('admin-rights-button')
    // Named by its own words, visible in the table too (not an icon with a hidden label).
    expect(button?.textContent).toBe('Remove admin rights')
    expect(button?.hasAttribute('disabled')).toBe(true)
  })
})
