import { describe, expect, it } from 'vitest'
import { findChromium, type BrowserLookup } from './chromium'

/** A machine where only `installed` exists. */
const machine = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv, installed: string[]): BrowserLookup => ({
  platform,
  env,
  home: platform === 'win32' ? 'C:\\Users\\ann' : platform === 'darwin' ? '/Users/ann' : '/home/ann',
  exists: (path) => installed.includes(path),
})

describe('the browser the tests drive', () => {
  it('is CHROMIUM_PATH when set, installed or not', () => {
    expect(findChromium(machine('linux', { CHROMIUM_PATH: '/opt/my/chrome' }, ['/usr/bin/chromium']))).toBe('/opt/my/chrome')
    expect(findChromium(machine('win32', { CHROMIUM_PATH: 'D:\\chrome.exe' }, []))).toBe('D:\\chrome.exe')
  })

  it('on Linux: Chromium before Chrome, each looked for in /usr/bin, then on the PATH, then in snap’s', () => {
    const env = { PATH: '/home/ann/bin:/usr/local/bin' }
    expect(findChromium(machine('linux', env, ['/usr/local/bin/chromium', '/usr/bin/chromium']))).toBe('/usr/bin/chromium')
    expect(findChromium(machine('linux', env, ['/usr/local/bin/google-chrome-stable', '/snap/bin/chromium']))).toBe('/snap/bin/chromium')
    expect(findChromium(machine('linux', env, ['/usr/bin/google-chrome', '/home/ann/bin/chromium']))).toBe('/home/ann/bin/chromium')
    expect(findChromium(machine('linux', env, ['/usr/bin/google-chrome', '/usr/local/bin/google-chrome-stable']))).toBe('/usr/bin/google-chrome')
    expect(findChromium(machine('linux', {}, ['/snap/bin/chromium']))).toBe('/snap/bin/chromium')
    expect(findChromium(machine('linux', env, []))).toBeUndefined()
  })

  it('on macOS: Chromium, then Chrome, in /Applications before the user’s own', () => {
    const chromium = '/Applications/Chromium.app/Contents/MacOS/Chromium'
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    const ownChrome = '/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    expect(findChromium(machine('darwin', {}, [chrome, chromium]))).toBe(chromium)
    expect(findChromium(machine('darwin', {}, [ownChrome, chrome]))).toBe(chrome)
    expect(findChromium(machine('darwin', {}, [ownChrome]))).toBe(ownChrome)
    // Not the Linux places.
    expect(findChromium(machine('darwin', { PATH: '/usr/bin' }, ['/usr/bin/chromium']))).toBeUndefined()
  })

  it('on Windows: Chromium, then Chrome, then Edge, each in the user’s then the machine’s programs', () => {
    const env = { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local', PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' }
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'
    const ownChrome = 'C:\\Users\\ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'
    const chromium = 'C:\\Users\\ann\\AppData\\Local\\Chromium\\Application\\chrome.exe'
    expect(findChromium(machine('win32', env, [edge, chrome, chromium]))).toBe(chromium)
    expect(findChromium(machine('win32', env, [edge, chrome, ownChrome]))).toBe(ownChrome)
    expect(findChromium(machine('win32', env, [edge, chrome]))).toBe(chrome)
    expect(findChromium(machine('win32', env, [edge]))).toBe(edge)
    // Chrome wherever it is before Edge wherever that is.
    const edge64 = 'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe'
    const chrome32 = 'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe'
    expect(findChromium(machine('win32', env, [edge64, chrome32]))).toBe(chrome32)
    expect(findChromium(machine('win32', {}, [edge]))).toBeUndefined()
  })
})
