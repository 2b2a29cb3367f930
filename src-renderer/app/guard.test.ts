import { describe, expect, it } from 'vitest'
import { guardRedirect, safeFrom } from './guard'

describe('guardRedirect', () => {
  it('lets everyone open /about and /email-update', () => {
    for (const authenticated of [true, false]) {
      expect(guardRedirect('/about', '', authenticated)).toBeNull()
      expect(guardRedirect('/share/abc', '', authenticated)).toBeNull()
      expect(guardRedirect('/email-update', '?token=x', authenticated)).toBeNull()
    }
  })

  it('sends logged-in users home from visitor pages', () => {
    for (const path of ['/login', '/register', '/password-reset', '/password-reset/sent', '/account-confirmation/resend']) {
      expect(guardRedirect(path, '', true)).toBe('/')
      expect(guardRedirect(path, '', false)).toBeNull()
    }
  })

  it('sends visitors to the login page with the wanted path, without it for /', () => {
    expect(guardRedirect('/', '', false)).toBe('/login')
    expect(guardRedirect('/profile/edit', '', false)).toBe('/login?from=%2Fprofile%2Fedit')
    expect(guardRedirect('/workouts', '?page=2', false)).toBe('/login?from=%2Fworkouts%3Fpage%3D2')
    expect(guardRedirect('/admin', '', true)).toBeNull()
  })

  it('leads visitors to the first account while the server has none, the login page included', () => {
    expect(guardRedirect('/', '', false, true)).toBe('/register')
    expect(guardRedirect('/workouts', '?page=2', false, true)).toBe('/register')
    expect(guardRedirect('/login', '', false, true)).toBe('/register')
    expect(guardRedirect('/register', '', false, true)).toBeNull()
    expect(guardRedirect('/password-reset', '', false, true)).toBeNull()
    expect(guardRedirect('/about', '', false, true)).toBeNull()
    // Once signed in (the first account just made), the guard is the usual one.
    expect(guardRedirect('/', '', true, true)).toBeNull()
    expect(guardRedirect('/login', '', true, true)).toBe('/')
  })

  it('does not mistake a look-alike path for a visitor page', () => {
    expect(guardRedirect('/login-history', '', true)).toBeNull()
  })
})

describe('safeFrom', () => {
  it('keeps paths inside the app only', () => {
    expect(safeFrom('/profile')).toBe('/profile')
    expect(safeFrom(null)).toBe('/')
    expect(safeFrom('https://elsewhere.example')).toBe('/')
    expect(safeFrom('//elsewhere.example')).toBe('/')
  })
})
