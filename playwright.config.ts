import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from './scripts/chromium'

/**
 * End-to-end tests drive the system's Chromium or Chrome (scripts/chromium.ts) against the built app served by the real headless
 * server. Each spec file starts servers of its own on throw-away data folders and free ports
 * (`tests/e2e/fixtures.ts`; `WAYMARK_E2E_PORT` pins the port), so specs do not depend on order.
 */
export default defineConfig({
  testDir: './tests/e2e',
  timeout: 30_000,
  // Spec files run side by side (each has its own servers and data folders): a worker is a browser
  // and a server, one per core, never fewer than 2 (2 ran the specs ~15 % faster than 1 on 2 cores).
  workers: Math.max(2, availableParallelism()),
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
