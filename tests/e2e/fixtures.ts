import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { startSmtpSink, type SmtpSink } from '../../src-server/test/smtp-sink'
import { ADMIN } from './helpers'

/** A built headless server on a fresh data folder (with a loopback SMTP server when mail is on). */
export interface AppServer {
  url: string
  smtp: SmtpSink | null
}

interface Running {
  server: AppServer
  stop: () => Promise<void>
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** Registers {@link ADMIN} on a server that has no account yet (from its own computer: no setup code). */
async function registerAdmin(url: string): Promise<void> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, password_conf: ADMIN.password, language: 'en' }),
  })
  if (!response.ok) throw new Error(`the e2e server refused its administrator: ${response.status} ${await response.text()}`)
}

async function startAppServer(port: number, withMail: boolean, accounts: Accounts): Promise<Running> {
  const smtp = withMail ? await startSmtpSink() : null
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-e2e-'))
  const url = `http://127.0.0.1:${port}`
  const args = ['out/main/server.js', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--tile-server', 'off']
  // The specs register far more accounts from one address than a real hour would see.
  args.push('--registrations-per-hour', '10000')
  if (smtp) args.push('--email-url', smtp.url, '--public-url', url)
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  // The server prints its address once it listens: no polling.
  let output = ''
  const ready = new Promise<boolean>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`${url}/`)) resolve(true)
    })
    void exited.then(() => resolve(false))
  })
  if (!(await ready)) {
    await smtp?.close()
    await rm(dataDir, { recursive: true, force: true })
    // Exit 2 is a refused start; with workers side by side, a free port may be taken before the
    // server binds it: the caller tries another.
    if ((await exited) === 2) throw new PortTaken(`the e2e server did not start on ${url}: ${output}`)
    throw new Error(`the e2e server did not start on ${url}: ${output}`)
  }
  if (accounts === 'admin') await registerAdmin(url)
  return {
    server: { url, smtp },
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      await smtp?.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

class PortTaken extends Error {}

/** Starts a server on a free port, another one if that port was taken meanwhile (or on `pinned`, once). */
async function startOnFreePort(pinned: number | null, withMail: boolean, accounts: Accounts): Promise<Running> {
  if (pinned !== null) return startAppServer(pinned, withMail, accounts)
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppServer(await freePort(), withMail, accounts)
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error
    }
  }
}

/** What a server holds when a test first gets it: {@link ADMIN} alone, or no account at all. */
type Accounts = 'admin' | 'none'

/**
 * Every spec file gets servers of its own on fresh data folders, so no spec depends on the users,
 * workouts or settings another left behind, whatever the order. `serverName` gives a describe block
 * a server of its own (e.g. the first registration of an empty database); `withMail` adds a
 * loopback SMTP server. Each server starts with {@link ADMIN} registered (the first account, hence
 * the administrator), before any test runs; `accounts: 'none'` (with a `serverName` of its own)
 * gives an empty database instead. `WAYMARK_E2E_PORT` pins the port of the plain server; otherwise ports are free.
 */
export const test = base.extend<
  { withMail: boolean; serverName: string; accounts: Accounts; appServer: AppServer },
  { appServers: { get(key: string, withMail: boolean, accounts: Accounts): Promise<AppServer>; startFile(file: string): Promise<void> } }
>({
  withMail: [false, { option: true }],
  serverName: ['shared', { option: true }],
  accounts: ['admin', { option: true }],
  appServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let currentFile = ''
      let started = new Map<string, Promise<Running>>()
      const stopAll = async () => {
        for (const running of started.values()) await (await running).stop()
        started = new Map()
      }
      const pinned = process.env.WAYMARK_E2E_PORT ? Number(process.env.WAYMARK_E2E_PORT) : null
      await use({
        // A worker runs several files in turn: the previous file's servers stop before the next starts.
        async startFile(file) {
          if (file === currentFile) return
          await stopAll()
          currentFile = file
        },
        async get(key, withMail, accounts) {
          const existing = started.get(key)
          if (existing) return (await existing).server
          const pinnedFree = pinned !== null && !withMail && ![...started.keys()].some((name) => name.endsWith(':plain'))
          const starting = startOnFreePort(pinnedFree ? pinned : null, withMail, accounts)
          started.set(key, starting)
          return (await starting).server
        },
      })
      await stopAll()
    },
    { scope: 'worker' },
  ],
  appServer: async ({ appServers, withMail, serverName, accounts }, use, testInfo) => {
    await appServers.startFile(testInfo.file)
    await use(await appServers.get(`${serverName}:${withMail ? 'mail' : 'plain'}:${accounts}`, withMail, accounts))
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
})

export { expect } from '@playwright/test'
