/** Debian's Chromium unless `CHROMIUM_PATH` names another build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
