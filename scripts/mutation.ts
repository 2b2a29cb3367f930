/**
 * `npm run test:mutation -- <folders or files…>`: StrykerJS over that scope (stryker.config.mjs),
 * incremental (reports/mutation/<scope>.json keeps the previous run's results, so only changed code
 * and tests run again). `WAYMARK_MUTATE=src/domain npx stryker run` does the same.
 */
import { spawnSync } from 'node:child_process'

const scopes = process.argv.slice(2)
if (scopes.length === 0) {
  console.error('usage: npm run test:mutation -- <folder or file> [more…]   e.g. npm run test:mutation -- src/domain')
  process.exit(2)
}
const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, WAYMARK_MUTATE: scopes.join(',') },
  shell: process.platform === 'win32',
})
process.exitCode = run.status ?? 1
