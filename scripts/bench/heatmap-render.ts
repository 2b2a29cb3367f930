/**
 * The heatmap page's first render in Chromium with 5,000 workouts (issue 17: ≤ 1 s, ≤ 2 MB): a
 * measurement, not a test, run by `npm run bench` after the heatmap API's figures
 * (`scripts/bench/api/heatmap.ts`) on the same seeded data folder. Builds the app when its output
 * is missing or older than the sources, runs the built headless server, opens the dashboard once
 * unmeasured (a running server and browser), then `/heatmap` signed in, each run in a fresh browser
 * context (cold cache), and reports from the navigation's start:
 * - when the heatmap's worker asked for the answer and had it (its `heatmap: answer` measure), and
 *   the answer's bytes on the wire,
 * - the first frame painted after every line is on the map canvas ("first render": the frame
 *   after next once the page has put its lines on the map, when that canvas has been painted),
 * - when the heatmap's worker read, decoded and projected the answer, then counted and coloured
 *   the first picture (its `heatmap: …` measures, put on the page's timeline),
 * - everything the page transferred (app code and data; tiles are off).
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { chromium } from 'playwright'
import { token } from '../../src-server/test/server-process'
import { ensureAppBuild } from '../app-build'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium'
import { freePort } from '../seeded-server'

const SERVER = 'out/main/server.js'
const MAX_MS = 1000
const MAX_BYTES = 2 * 1024 * 1024

/** The built server on a free port; resolves once it prints its address (no polling). */
async function startBuiltServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [SERVER, '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--tile-server', 'off'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  let output = ''
  const ready = await new Promise<boolean>((done) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`${url}/`)) done(true)
    })
    void exited.then(() => done(false))
  })
  if (!ready) throw new Error(`the built server did not start: ${output}`)
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * Runs in the page before its own code: watches every frame for the map's `data-lines` (set once
 * the lines are on the map's canvas) and notes the time of the frame after next, when that canvas
 * has been painted. Source text, not a function: tsx's helpers would
 * not exist in the page.
 */
const watchForLines = (expected: number) => `(() => {
  const check = () => {
    const map = document.querySelector('.leaflet-container')
    if (map && map.dataset.lines === '${expected}') requestAnimationFrame(() => requestAnimationFrame(() => (window.heatmapDrawnAt = performance.now())))
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

interface Run {
  /** When the heatmap's worker asked for the answer (started with the app's first script when it opens on /heatmap). */
  requestMs: number
  answerMs: number
  drawnMs: number
  answerBytes: number
  pageBytes: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/**
 * The page's first render, `runs` times, on `dataDir` (seeded by `seedHeatmapWorkouts`, with its
 * server stopped), signed in as `account`.
 */
export async function heatmapRenderBenchmark(dataDir: string, account: { email: string; password: string }, workouts: number, runs = 3): Promise<void> {
  ensureAppBuild()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
  const server = await startBuiltServer(dataDir)
  try {
    const auth = await token(server.url, account.email, account.password)
    // Unmeasured, another page first: the app's server runs for days and the user's browser is open,
    // so the first run should not pay the server's first static files and calls (code not yet
    // compiled) or the browser's first page (~100–300 ms more). The heatmap's answer stays uncached.
    const warmUp = await browser.newContext()
    const warmPage = await warmUp.newPage()
    await warmPage.addInitScript(`window.localStorage.setItem('authToken', ${JSON.stringify(auth)})`)
    await warmPage.goto(`${server.url}/`, { waitUntil: 'networkidle' })
    await warmUp.close()
    console.log(`  the page in Chromium: ${workouts} workouts, 1280×900, cold cache each run, load average ${loadavg()[0]?.toFixed(1)}`)
    const results: Run[] = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.addInitScript(`window.localStorage.setItem('authToken', ${JSON.stringify(auth)})`)
      await page.addInitScript(watchForLines(workouts))
      // Bytes on the wire as Chromium counts them (headers included, compressed bodies): the page's
      // own requests, and the heatmap's, which its worker sends (out of the page's CDP session).
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      let pageBytes = 0
      cdp.on('Network.loadingFinished', (event) => (pageBytes += event.encodedDataLength))
      const answers: Promise<number>[] = []
      page.on('requestfinished', (request) => {
        if (request.url().includes('/api/heatmap')) answers.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize))
      })
      await page.goto(`${server.url}/heatmap`)
      // Inline arrows only: the page's CSP forbids evaluating strings, and named functions would carry tsx's helpers.
      await page.waitForFunction(() => 'heatmapDrawnAt' in globalThis, undefined, { timeout: 60_000, polling: 100 })
      const timing = await page.evaluate(() => {
        // The page's steps (the worker's, put on the page's timeline): the first of each name.
        const steps = performance
          .getEntriesByType('measure')
          .filter((entry, index, all) => entry.name.startsWith('heatmap: ') && all.findIndex((other) => other.name === entry.name) === index)
          .map((entry) => ({ name: entry.name.slice('heatmap: '.length), start: entry.startTime, duration: entry.duration }))
        const answer = steps.find((step) => step.name === 'answer')
        return { drawnMs: (globalThis as unknown as { heatmapDrawnAt: number }).heatmapDrawnAt, requestMs: answer?.start ?? Number.NaN, answerMs: answer ? answer.start + answer.duration : Number.NaN, steps }
      })
      const answerBytes = (await Promise.all(answers)).reduce((sum, bytes) => sum + bytes, 0)
      pageBytes += answerBytes
      results.push({ ...timing, answerBytes, pageBytes })
      console.log(
        `    run ${run + 1}: asked at ${timing.requestMs.toFixed(0)} ms, answer at ${timing.answerMs.toFixed(0)} ms (${(answerBytes / 1024).toFixed(0)} KB), lines painted at ${timing.drawnMs.toFixed(0)} ms (${(timing.drawnMs - timing.requestMs).toFixed(0)} ms after asking), page ${(pageBytes / 1024).toFixed(0)} KB`,
      )
      // From: when the step began (ms from navigation); how long it took.
      console.log(`      steps in the worker: ${timing.steps.map((step) => `${step.name} at ${step.start.toFixed(0)} for ${step.duration.toFixed(0)} ms`).join(', ')}`)
      await context.close()
    }
    const drawn = median(results.map((run) => run.drawnMs))
    const heatmapPart = median(results.map((run) => run.drawnMs - run.requestMs))
    const bytes = median(results.map((run) => run.answerBytes))
    console.log(`    median, target ≤ ${MAX_MS} ms from navigation and ≤ ${MAX_BYTES / 1024 / 1024} MB:`)
    console.log(`      first render: lines painted ${drawn.toFixed(0)} ms after navigation (app start included)  ${drawn <= MAX_MS && bytes <= MAX_BYTES ? 'ok' : 'MISSED'}`)
    console.log(`      of which ${heatmapPart.toFixed(0)} ms after the page asked for them (answer, decoding, drawing)`)
    console.log(`      answer ${(bytes / 1024).toFixed(0)} KB on the wire; the whole page ${(median(results.map((run) => run.pageBytes)) / 1024).toFixed(0)} KB`)
  } finally {
    await server.stop()
    await browser.close()
  }
}
