// Mutation testing, one scope at a time (`npm run test:mutation -- src/domain`, see scripts/mutation.ts):
// the scope's files are mutated and only the tests beside them that import them run.
import { dirname, relative, resolve } from 'node:path'

// Comma-separated folders, files or a file's lines (`file.ts:120-180`, as Stryker's `mutate` reads
// them); the domain when none is named.
const scopes = (process.env.WAYMARK_MUTATE || 'src/domain').split(',').map((scope) => {
  const [, path = scope, lines = ''] = /^(.*?)(:\d+-\d+)?$/.exec(scope) ?? []
  return relative('.', resolve(path)) + lines
})

const isFile = (scope) => /\.tsx?(:\d+-\d+)?$/.test(scope)
const folderOf = (scope) => (isFile(scope) ? dirname(scope) : scope)
/** The deepest folder holding every scope: the tests below it run (WAYMARK_MUTATION_TESTS names another folder, or test files). */
const commonFolder = scopes.map(folderOf).reduce((a, b) => {
  const [x, y] = [a.split('/'), b.split('/')]
  let i = 0
  while (i < x.length && x[i] === y[i]) i++
  return x.slice(0, i).join('/') || '.'
})

process.env.WAYMARK_TESTS = process.env.WAYMARK_MUTATION_TESTS ?? commonFolder

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.mts', related: true },
  mutate: [
    ...scopes.flatMap((path) => (isFile(path) ? [path] : [`${path}/**/*.ts`, `${path}/**/*.tsx`])),
    '!**/*.test.ts',
    '!**/*.test.tsx',
    '!**/test-support/**',
    '!**/test/**',
  ],
  // Mutants in module-level code need every test re-run each: too slow here, and rarely a rule.
  ignoreStatic: true,
  // The machine is shared: one test process (WAYMARK_MUTATION_CONCURRENCY raises it on a free one).
  concurrency: Number(process.env.WAYMARK_MUTATION_CONCURRENCY ?? 1),
  incremental: true,
  incrementalFile: `reports/mutation/${scopes.join('+').replaceAll(/[/:]/g, '_')}.json`,
  ignorePatterns: ['out', 'dist', 'test-results', 'playwright-report', '.tmp', 'reports'],
  reporters: ['clear-text', 'progress-append-only'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 80, break: null },
  // Added to each mutant's expected test time before it counts as a timeout (an endless loop): unit
  // scopes need far less than API scopes, and every endless-loop mutant waits this long.
  timeoutMS: Number(process.env.WAYMARK_MUTATION_TIMEOUT_MS ?? 20_000),
  cleanTempDir: 'always',
}
