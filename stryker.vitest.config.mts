// The Vitest projects of vitest.config.mts, running only the tests WAYMARK_TESTS names (a folder:
// the tests below it; or test files, comma-separated): a mutation run (stryker.config.mjs) runs the
// tests of the code it mutates, not the whole suite.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import base from './vitest.config.mjs'

const named = (process.env.WAYMARK_TESTS ?? '.').split(',').map((path) => path.replace(/\/$/, ''))
const files = named.every((path) => /\.test\.tsx?$/.test(path))
const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[]

/** The top folder of a project's pattern (`src-server/**\/*.test.ts`: `src-server`) and the rest. */
const split = (pattern: string) => {
  const [root = '', rest = ''] = pattern.split(/\/(?=\*\*)/)
  return { root, rest }
}
const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`)

/** The project's patterns narrowed to what is named; none when it names nothing of this project's. */
function include(patterns: readonly string[]): string[] {
  if (files) return named.filter((file) => patterns.some((pattern) => under(file, split(pattern).root)))
  const [dir = '.'] = named
  return patterns.flatMap((pattern) => (under(dir, split(pattern).root) ? [`${dir}/${split(pattern).rest}`] : []))
}

export default defineConfig({
  test: {
    projects: projects
      .map((project) => ({ ...project, test: { ...project.test, include: include(project.test?.include ?? []) } }))
      .filter((project) => project.test.include.length > 0),
  },
})
