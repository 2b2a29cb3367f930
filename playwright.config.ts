import { defineConfig } from '@playwright/test'

const port = Number(process.env.WAYMARK_E2E_PORT ?? 5123)

/**
 * End-to-end tests drive Debian's Chromium against the built app served by the real headless
 * server (`tests/e2e/serve-temp.mjs` runs it on a throw-away data folder).
 */
export default defineConfig({
  testDir: './tests/e2e',
  timeout: 30_000,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  webServer: {
    command: `node tests/e2e/serve-temp.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
