import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Node 25 and later define an inert `localStorage` global (it needs --localstorage-file), and the
// DOM environment leaves a global the runtime already has alone, so the renderer's tests would get
// Node's instead of the DOM's: those Node lines start the web workers without Web Storage.
const withoutNodeWebStorage = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : []

export default defineConfig({
  test: {
    // Most files spend their time in the server process they start, not in the worker that drives
    // it: one worker per core (Vitest's default leaves one core idle, a single worker on 2 cores).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src-server/**/*.test.ts', 'src-main/**/*.test.ts', 'scripts/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 20_000,
          // Setup hooks start servers and PostgreSQL clusters: on a loaded 2-core machine that passed
          // Vitest's 10 s default (no assertion failed, the file's tests were all lost with it).
          hookTimeout: 60_000,
          // Opt-in PostgreSQL lane: WAYMARK_TEST_DATABASE=postgres (see the file).
          globalSetup: ['src-server/test/postgres-lane.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          execArgv: withoutNodeWebStorage,
          include: ['src-renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
