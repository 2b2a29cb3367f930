import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join, posix, win32 } from 'node:path'

/** What decides where a browser is found: the platform, its environment, the user's home and a file check. */
export interface BrowserLookup {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  home: string
  exists: (path: string) => boolean
}

/** Where Chrome and Chromium install themselves, most usual first, by platform. */
function candidates({ platform, env, home }: BrowserLookup): string[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', posix.join(home, 'Applications')]
    return apps.flatMap((dir) => [posix.join(dir, 'Chromium.app/Contents/MacOS/Chromium'), posix.join(dir, 'Google Chrome.app/Contents/MacOS/Google Chrome')])
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((root): root is string => Boolean(root))
    // Edge, on every Windows, is Chromium too: the last resort.
    const builds = ['Chromium\\Application\\chrome.exe', 'Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe']
    return builds.flatMap((build) => roots.map((root) => win32.join(root, build)))
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']
  const path = (env.PATH ?? '').split(posix.delimiter).filter(Boolean)
  return names.flatMap((name) => ['/usr/bin', ...path, '/snap/bin'].map((dir) => posix.join(dir, name)))
}

/** `CHROMIUM_PATH` when set, otherwise the first Chrome or Chromium installed; `undefined` when there is none. */
export function findChromium(lookup: BrowserLookup): string | undefined {
  if (lookup.env.CHROMIUM_PATH) return lookup.env.CHROMIUM_PATH
  return candidates(lookup).find((path) => lookup.exists(path))
}

/**
 * The Chrome or Chromium the end-to-end tests, Lighthouse and the screenshots drive: `CHROMIUM_PATH`
 * when set, otherwise the system's own (Debian's `/usr/bin/chromium` first; Chrome or Chromium on
 * macOS and Windows). Playwright's downloaded browsers are not used: the suite runs offline.
 */
export const CHROMIUM_PATH: string = (() => {
  const found = findChromium({ platform: process.platform, env: process.env, home: homedir(), exists: existsSync })
  if (found) return found
  throw new Error(
    'No Chrome or Chromium found: install Chromium (Debian/Ubuntu: apt-get install chromium) or Google Chrome, or set CHROMIUM_PATH to its executable',
  )
})()

/**
 * The browser of the end-to-end tests: `CHROMIUM_PATH` when set, otherwise Chromium's headless shell
 * where it is installed (Debian/Ubuntu: `apt-get install chromium-headless-shell`; Playwright's own
 * default for headless runs), otherwise {@link CHROMIUM_PATH}. The shell is the same Blink without
 * the browser around it: on a 2-core machine the suite's specs ran in about a third less time with
 * it. Lighthouse and the screenshots keep the full browser, which is what users run.
 */
export const E2E_CHROMIUM_PATH: string = (() => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  const path = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  const shells = ['chromium-headless-shell', 'chrome-headless-shell'].flatMap((name) => ['/usr/bin', ...path].map((dir) => join(dir, name)))
  return shells.find((shell) => existsSync(shell)) ?? CHROMIUM_PATH
})()

/**
 * The switches every headless Chromium of ours runs with (end-to-end tests, `npm run lighthouse`):
 * no sandbox (containers, root), no GPU, /tmp instead of a small /dev/shm, and none of the
 * browser's own background traffic, so measurements see only the app.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
