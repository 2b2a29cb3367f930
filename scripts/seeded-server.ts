/**
 * The built headless server on a throw-away data folder and free port, with map tiles off so
 * nothing leaves the machine, and accounts with workouts: what `npm run lighthouse` and
 * `scripts/screenshots.ts` measure and photograph (`npm run build` first).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from 'playwright'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

export async function api<T>(base: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${base}/api/${path}`, { method, headers, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export interface SeededServer {
  base: string
  stop: () => Promise<void>
}

/** Starts the built server and waits until it answers. */
export async function startServer(): Promise<SeededServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waymark-seeded-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['out/main/server.js', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--tile-server', 'off'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    server.kill('SIGTERM')
    if (server.exitCode === null) await new Promise((done) => server.once('exit', done))
    rmSync(dataDir, { recursive: true, force: true })
  }
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`)
    try {
      if ((await fetch(`${base}/api/config`)).ok) return { base, stop }
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  await stop()
  throw new Error('the server did not answer within 60 s')
}

/**
 * A review script's run: `work` gets a started server and a launched Chromium, both closed after
 * it, and a failure is printed and exits 1.
 */
export function runWithServer(work: (base: string, browser: Browser) => Promise<void>): void {
  const run = async () => {
    const server = await startServer()
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
    try {
      await work(server.base, browser)
    } finally {
      await browser.close()
      await server.stop()
    }
  }
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}

export interface SeededAccount {
  username: string
  token: string
  /** The workout with a GPS track. */
  trackWorkoutId: string
}

/**
 * Registers an account (the first one is the administrator; later ones are activated by
 * `adminToken`) with about twenty workouts over four months and one GPS track.
 */
export async function seedAccount(base: string, username: string, language: string, adminToken?: string): Promise<SeededAccount> {
  const account = { username, email: `${username}@example.com`, password: 'Harbor-Lantern-Ridge-58', language }
  await api(base, 'POST', 'auth/register', account)
  if (adminToken) await api(base, 'PATCH', `users/${username}`, { activate: true }, adminToken)
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
  const uploaded = (await upload.json()) as { data: { workouts: { id: string }[] } }
  return { username, token, trackWorkoutId: uploaded.data.workouts[0]?.id ?? '' }
}
