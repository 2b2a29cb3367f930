/**
 * `npm run lighthouse`: measures the built web UI with Lighthouse (mobile emulation, its default)
 * in Debian's Chromium, on `/login` and on the dashboard of a user with workouts. A measurement,
 * not a test: it prints the scores against the goals (performance ≥ 90, accessibility 100, best
 * practices 100) and writes the JSON reports; `--check` makes a missed goal exit 1.
 *
 * It runs the built headless server (`npm run build` first; the npm script does) on a throw-away
 * data folder and port (`scripts/seeded-server.ts`).
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'
import { freePort, seedAccount, startServer } from './seeded-server'

/**
 * Lighthouse's command line, run by Node itself: Lighthouse sends some of its functions into the
 * page as source text, which must not go through this script's TypeScript loader.
 */
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')
const run = promisify(execFile)

interface LighthouseResult {
  configSettings: { throttling: { cpuSlowdownMultiplier: number } }
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>
}
const GOALS: Record<string, number> = { performance: 90, accessibility: 100, 'best-practices': 100 }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  /** Wall time and thread (CPU) time, in microseconds. */
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/**
 * The page's main-thread tasks by wall time and by CPU time. Lighthouse scales wall time (its
 * blocking time is Σ max(0, task × slowdown − 50 ms)), and on a loaded machine a task's wall time
 * is mostly waiting for a core: the same estimate from CPU time is what the page itself costs,
 * comparable between runs whatever the load (tasks of the whole load, not only FCP to TTI).
 */
function mainThreadCost(tracePath: string, slowdown: number): string {
  const events = (JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const tasksOf = (thread: TraceEvent) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask' && event.ph === 'X')
  const total = (tasks: TraceEvent[], time: 'dur' | 'tdur') => tasks.reduce((sum, task) => sum + (task[time] ?? 0) / 1000, 0)
  // The page's renderer main thread: the busiest of the renderer main threads.
  const tasks = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map(tasksOf)
    .sort((a, b) => total(b, 'dur') - total(a, 'dur'))[0] ?? []
  const wall = total(tasks, 'dur')
  const cpu = total(tasks, 'tdur')
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? 0) / 1000) * slowdown - 50), 0)
  const longest = Math.max(0, ...tasks.map((task) => (task.tdur ?? 0) / 1000))
  return `main thread ${Math.round(cpu)} ms CPU in ${Math.round(wall)} ms of tasks (load ×${(wall / Math.max(cpu, 1)).toFixed(1)}), longest task ${Math.round(longest)} ms CPU; blocking time from CPU time ×${slowdown}: ${Math.round(blocking)} ms`
}

interface PageScores {
  page: string
  scores: Record<string, number>
  report: string
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const profileDir = mkdtempSync(join(tmpdir(), 'waymark-lighthouse-profile-'))
  const reportDir = mkdtempSync(join(tmpdir(), 'waymark-lighthouse-reports-'))
  const server = await startServer()
  const base = server.base
  const debuggingPort = await freePort()
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless=new', ...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  })
  try {
    const { token } = await seedAccount(base, 'lighthouse', 'en')
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
          // The trace too (<name>-0.trace.json), for the main thread's CPU time.
          '--save-assets',
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
      console.log(`  ${mainThreadCost(join(reportDir, `${target.name}-0.trace.json`), result.configSettings.throttling.cpuSlowdownMultiplier)}`)
    }
    console.log(`reports: ${reportDir}`)
    const missed = results.flatMap((result) => Object.entries(GOALS).filter(([category, goal]) => (result.scores[category] ?? 0) < goal).map(([category, goal]) => `${result.page} ${category} ${result.scores[category]} < ${goal}`))
    if (missed.length > 0) {
      console.log(`goals missed: ${missed.join('; ')}`)
      if (check) process.exitCode = 1
    } else console.log('all goals met (performance ≥ 90, accessibility 100, best practices 100)')
  } finally {
    await browser.close()
    await server.stop()
    rmSync(profileDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
