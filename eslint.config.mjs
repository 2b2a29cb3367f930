import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Imports each top-level folder may not make (see the README's architecture section). */
const boundary = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
})

const SERVER_BOUNDARY = ['electron', '**/src-main/**', '**/src-renderer/**']
const SERVER_BOUNDARY_MESSAGE = 'the server never depends on Electron or the UI'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.ts'],
    rules: boundary(['**/src-server/**', '**/src-main/**', '**/src-renderer/**', 'node:*', 'electron'], 'src/ is isomorphic: no server, desktop, renderer or Node imports'),
  },
  {
    files: ['src-server/**/*.ts'],
    rules: boundary(SERVER_BOUNDARY, SERVER_BOUNDARY_MESSAGE),
  },
  {
    // Data access stays in db/: services get the repositories and a unit of work (`Database`), never
    // an entity manager or a connection. Exceptions: the bootstraps that open a connection
    // (server.ts, and migrate-to-postgres, which opens both engines), and tests (which write as
    // another process would). The other commands take a command Database (db/command-database).
    files: ['src-server/**/*.ts'],
    ignores: [
      'src-server/db/**',
      'src-server/server.ts',
      'src-server/cli/migrate-command.ts',
      'src-server/test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_BOUNDARY.map((group) => ({ group: [group], message: SERVER_BOUNDARY_MESSAGE })),
            ...['typeorm', 'typeorm/*', '**/db/write-queue', '**/db/read-snapshots', '**/db/data-source'].map((group) => ({
              group: [group],
              message: 'data access stays in src-server/db/: take the repositories of a Database (db/repositories) instead',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(['**/src-server/**', '**/src-main/**', 'node:*'], 'the UI talks to the server over HTTP only'),
      // Every visible text comes from the translations.
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]/]', message: 'Literal UI text: use a translation (t(...)).' },
        {
          selector: 'JSXAttribute[name.name=/^(label|title|placeholder|aria-label|alt|description|error)$/] > Literal[value=/[A-Za-z]/]',
          message: 'Literal UI text in an attribute: use a translation (t(...)).',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'src-server/test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
)
