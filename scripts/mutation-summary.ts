/**
 * `npm run mutation:summary`: the README's mutation table summed by folder, as a Markdown table
 * (`-- --write` puts it in the README between its two summary markers). Each file or range counts
 * once, by its latest row with figures (a row's scope without its parentheses names what it
 * measured); a scope whose rows say "not measured" is listed as such.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

interface Folder {
  name: string
  goal: number
  holds: (path: string) => boolean
}

/** The folders and goals, first match wins: a row goes by the first path its scope names. */
const FOLDERS: readonly Folder[] = [
  { name: 'domain', goal: 90, holds: (path) => path.startsWith('src/domain') },
  { name: 'importers', goal: 90, holds: (path) => path.startsWith('src-server/importers') },
  // The services and the rules they keep beside them (account mail, the sharing module's access checks).
  { name: 'services', goal: 80, holds: (path) => /^src-server\/modules\/(.+\.service\.ts$|auth\b|sharing\b)/.test(path) },
  { name: 'the rest of the server', goal: 80, holds: (path) => path.startsWith('src-server') },
]

const HEADER = '| scope | tests run | killed | survived | no coverage | score |'
export const START = '<!-- mutation summary: npm run mutation:summary -- --write -->'
export const END = '<!-- end of the mutation summary -->'

export interface FolderTotal {
  folder: string
  goal: number
  killed: number
  survived: number
  noCoverage: number
  /** Scopes with no measured row, as the table names them (without their parentheses). */
  notMeasured: string[]
}

/** A table row's cells: `|` inside backticks (code such as `||`) is no cell's edge. */
function cells(line: string): string[] {
  const found: string[] = []
  let cell = ''
  let code = false
  for (const char of line.trim().slice(1)) {
    if (char === '`') code = !code
    if (char === '|' && !code) {
      found.push(cell.trim())
      cell = ''
    } else cell += char
  }
  return found
}

/** The text outside parentheses, so a row's notes do not tell two runs of one scope apart. */
function withoutParentheses(text: string): string {
  let depth = 0
  let kept = ''
  for (const char of text) {
    if (char === '(') depth += 1
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) kept += char
  }
  return kept.replace(/\s+/g, ' ').trim()
}

const count = (cell: string | undefined) => /^\d[\d,]*/.exec(cell ?? '')?.[0].replaceAll(',', '')

/** Sums the README's mutation table by folder. */
export function summarise(readme: string): FolderTotal[] {
  const lines = readme.split('\n')
  const first = lines.indexOf(HEADER)
  if (first < 0) throw new Error(`no mutation table (its header: ${HEADER})`)
  const latest = new Map<string, { path: string; killed: number; survived: number; noCoverage: number }>()
  const unmeasured = new Map<string, string>()
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break
    const [scope = '', , killed, survived, noCoverage] = cells(line)
    const key = withoutParentheses(scope)
    const path = /`([^`]+)`/.exec(scope)?.[1] ?? ''
    const measured = count(killed)
    // Rows of bugs planted by hand say so, and count in neither.
    if (killed === 'not measured') unmeasured.set(key, path)
    else if (measured !== undefined) latest.set(key, { path, killed: Number(measured), survived: Number(count(survived) ?? 0), noCoverage: Number(count(noCoverage) ?? 0) })
  }
  const folderOf = (path: string) => FOLDERS.find((folder) => folder.holds(path))?.name
  return FOLDERS.map(({ name, goal }) => {
    const rows = [...latest.values()].filter((row) => folderOf(row.path) === name)
    return {
      folder: name,
      goal,
      killed: rows.reduce((sum, row) => sum + row.killed, 0),
      survived: rows.reduce((sum, row) => sum + row.survived, 0),
      noCoverage: rows.reduce((sum, row) => sum + row.noCoverage, 0),
      notMeasured: [...unmeasured].filter(([key, path]) => !latest.has(key) && folderOf(path) === name).map(([key]) => key),
    }
  })
}

/** Killed of all counted (killed, survived, without coverage), as Stryker scores it. */
export const scoreOf = (total: FolderTotal) => (100 * total.killed) / (total.killed + total.survived + total.noCoverage)

const thousands = (n: number) => n.toLocaleString('en-US')

/** The summary as Markdown: one row per folder, then the scopes not measured. */
export function render(totals: readonly FolderTotal[]): string {
  const rows = totals.map((total) => {
    const score = scoreOf(total)
    const met = score >= total.goal ? 'met' : 'not met'
    return `| ${total.folder} | ${thousands(total.killed)} | ${thousands(total.survived)} | ${thousands(total.noCoverage)} | ${score.toFixed(1)} % | ≥ ${total.goal} % | ${met} |`
  })
  const missing = totals.filter((total) => total.notMeasured.length > 0).map((total) => `- ${total.folder}: ${total.notMeasured.join('; ')}`)
  return [
    '| folder | killed | survived | no coverage | score | goal | |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(missing.length > 0 ? ['Not measured (no row with figures):', '', ...missing] : []),
  ].join('\n')
}

/** The README with the summary between its markers. */
export function withSummary(readme: string): string {
  const [before, rest] = readme.split(`${START}\n`)
  const after = rest?.split(`${END}`)[1]
  if (before === undefined || after === undefined) throw new Error(`the README has no summary markers (${START}, ${END})`)
  return `${before}${START}\n${render(summarise(readme))}\n\n${END}${after}`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const readme = readFileSync('README.md', 'utf8')
  if (process.argv.includes('--write')) writeFileSync('README.md', withSummary(readme))
  else console.log(render(summarise(readme)))
}
