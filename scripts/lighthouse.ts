/**
 * `npm run lighthouse`: measures the built web UI with Lighthouse (mobile emulation, its default)
 * in Debian's Chromium, on `/login` and on the dashboard of a user with workouts. A measurement,
 * not a test: it prints the scores against the goals (performance ≥ 90, accessibility 100, best
 * practices 100) and writes the JSON reports; `--check` makes a missed goal exit 1.
 *
 * It runs the built headless server (`npm run build` first; the npm script does) on a throw-away
 * data folder and port, with map tiles off so nothing leaves the machine.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'

/**
 * Lighthouse's command line, run by Node itself: Lighthouse sends some of its functions into the
 * page as source text, which must not go through this script's TypeScript loader.
 */
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')
const run = promisify(execFile)

interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>
}
const GOALS: Record<string, number> = { performance: 90, accessibility: 100, 'best-practices': 100 }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

async function waitForServer(base: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`)
    try {
      if ((await fetch(`${base}/api/config`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error('the server did not answer within 60 s')
}

async function api<T>(base: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${base}/api/${path}`, { method, headers, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The first account (the administrator) with about twenty workouts over four months and one GPS track. */
async function seed(base: string): Promise<string> {
  const account = { username: 'lighthouse', email: 'lighthouse@example.com', password: 'Harbor-Lantern-Ridge-58', language: 'en' }
  await api(base, 'POST', 'auth/register', account)
  const { auth_token: token } = await api<{ auth_token: string }>(base, 'POST', 'auth/login', { email: account.email, password: account.password })
  const now = new Date()
  for (let index = 0; index < 20; index += 1) {
    const day = new Date(now.getTime() - index * 6 * 86_400_000)
    const date = `${day.toISOString().slice(0, 10)} 07:30`
    await api(base, 'POST', 'workouts/no_gpx', { sport_id: [1, 5, 6][index % 3], workout_date: date, duration: 2400 + index * 60, distance: 6 + index, title: `Workout ${index + 1}` }, token)
  }
  const form = new FormData()
  form.append('file', new Blob([readFileSync(resolve('tests/fixtures/gpx/gpx_file.gpx'))]), 'track.gpx')
  form.append('data', JSON.stringify({ sport_id: 1 }))
  const upload = await fetch(`${base}/api/workouts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  return token
}

interface PageScores {
  page: string
  scores: Record<string, number>
  report: string
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-lighthouse-'))
  const profileDir = mkdtempSync(join(tmpdir(), 'waymark-lighthouse-profile-'))
  const reportDir = mkdtempSync(join(tmpdir(), 'waymark-lighthouse-reports-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['out/main/server.js', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--tile-server', 'off'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const debuggingPort = await freePort()
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless=new', ...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  })
  try {
    await waitForServer(base, server)
    const token = await seed(base)
    const results: PageScores[] = []
    for (const target of [
      { name: 'login', path: '/login', signedIn: false },
      { name: 'dashboard', path: '/', signedIn: true },
    ]) {
      // The session lives in the origin's local storage, kept by Lighthouse (disableStorageReset).
      const tab = browser.pages()[0] ?? (await browser.newPage())
      await tab.goto(`${base}/about`)
      // A string, not a function: tsx's helpers would not exist in the page.
      await tab.evaluate(target.signedIn ? `window.localStorage.setItem('authToken', ${JSON.stringify(token)})` : 'window.localStorage.clear()')
      const report = join(reportDir, `${target.name}.json`)
      await run(
        process.execPath,
        [
          LIGHTHOUSE_CLI,
          `${base}${target.path}`,
          `--port=${debuggingPort}`,
          '--output=json',
          `--output-path=${report}`,
          `--only-categories=${CATEGORIES.join(',')}`,
          '--disable-storage-reset',
          '--quiet',
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      )
      const result = JSON.parse(readFileSync(report, 'utf8')) as LighthouseResult
      const scores: Record<string, number> = {}
      for (const category of CATEGORIES) scores[category] = Math.round((result.categories[category]?.score ?? 0) * 100)
      results.push({ page: target.path, scores, report })
      const failing = Object.values(result.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      console.log(`${target.path}: ${CATEGORIES.map((category) => `${category} ${scores[category]}`).join(', ')}`)
      if (failing.length > 0) console.log(`  below 90: ${failing.join(', ')}`)
    }
    console.log(`reports: ${reportDir}`)
    const missed = results.flatMap((result) => Object.entries(GOALS).filter(([category, goal]) => (result.scores[category] ?? 0) < goal).map(([category, goal]) => `${result.page} ${category} ${result.scores[category]} < ${goal}`))
    if (missed.length > 0) {
      console.log(`goals missed: ${missed.join('; ')}`)
      if (check) process.exitCode = 1
    } else console.log('all goals met (performance ≥ 90, accessibility 100, best practices 100)')
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    await new Promise((done) => server.once('exit', done))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(profileDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
