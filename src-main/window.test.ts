import { describe, expect, it, vi } from 'vitest'
import { fakeWindow } from './test/fake-platform'
import { navigationDecision, secureNavigation, splashPage, windowWebPreferences } from './window'

const origin = 'http://127.0.0.1:5050'

describe('app window security', () => {
  it('runs the page isolated and sandboxed, without Node, and never navigates on a drop', () => {
    expect(windowWebPreferences('/app/preload.js')).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      navigateOnDragDrop: false,
    })
  })

  it.each([
    ['http://127.0.0.1:5050/workouts/abc', 'allow'],
    ['http://localhost:5050/', 'external'],
    ['https://www.openstreetmap.org/copyright', 'external'],
    ['mailto:admin@example.com', 'external'],
    ['file:///home/ann/run.gpx', 'block'],
    ['javascript:alert(1)', 'block'],
    ['not a url', 'block'],
  ])('%s → %s', (url, decision) => {
    expect(navigationDecision(url, origin)).toBe(decision)
  })

  it('denies every new window, opening web links in the system browser', () => {
    const window = fakeWindow()
    const openExternal = vi.fn(() => Promise.resolve())
    secureNavigation(window.navigation, () => origin, openExternal, () => undefined)
    expect(window.openHandler?.({ url: 'https://example.com/help' })).toEqual({ action: 'deny' })
    expect(window.openHandler?.({ url: `${origin}/workouts` })).toEqual({ action: 'deny' })
    expect(window.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls).toEqual([['https://example.com/help']])
  })

  it('cancels navigation away from the app (a dropped file included) and lets in-app navigation through', () => {
    const window = fakeWindow()
    const openExternal = vi.fn(() => Promise.resolve())
    const log = vi.fn()
    secureNavigation(window.navigation, () => origin, openExternal, log)
    const prevent = vi.fn()
    window.willNavigate?.(`${origin}/statistics`, prevent)
    expect(prevent).not.toHaveBeenCalled()
    window.willNavigate?.('file:///home/ann/run.gpx', prevent)
    window.willNavigate?.('https://strava.example/', prevent)
    expect(prevent).toHaveBeenCalledTimes(2)
    expect(openExternal.mock.calls).toEqual([['https://strava.example/']])
    expect(log).toHaveBeenCalledWith('blocked navigation to file:///home/ann/run.gpx')
  })

  it('grants only harmless permissions, and only to the app', () => {
    const window = fakeWindow()
    secureNavigation(window.navigation, () => origin, () => Promise.resolve(), () => undefined)
    expect(window.permission?.('notifications', `${origin}/`)).toBe(true)
    expect(window.permission?.('clipboard-sanitized-write', `${origin}/x`)).toBe(true)
    expect(window.permission?.('geolocation', `${origin}/`)).toBe(false)
    expect(window.permission?.('media', `${origin}/`)).toBe(false)
    expect(window.permission?.('notifications', 'https://evil.example/')).toBe(false)
  })

  it('shows an escaped, script-free splash', () => {
    const html = decodeURIComponent(splashPage('Starting <Waymark> & co', 'fr').split(',')[1] ?? '')
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('Starting &#60;Waymark&#62; &#38; co')
    expect(html).toContain("default-src 'none'")
    expect(html).not.toContain('<script')
  })
})
