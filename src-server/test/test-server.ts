import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EmailConfig, Logger, ServerConfig } from '../config/server-config'
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../lib/rate-limits'
import type { TileServer } from '../maps/tiles'
import type { WeatherConfig } from '../weather/visual-crossing'
import { createServer, type ServerHooks, type WaymarkServer } from '../server'
import type { Timers } from '../backup/daily-backup'
import type { WatchedDevices, WatchedFolder } from '../modules/watch/folder-watcher'
import { dropTestDatabase, testDatabaseUrl } from './postgres-lane'

/** A JSON answer of the API. */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Headers
}

interface RequestOptions {
  token?: string
  body?: unknown
  form?: FormData
  headers?: Record<string, string>
}

/** A real server on a temporary data folder, reached over HTTP on loopback. */
export interface TestServer {
  readonly url: string
  readonly dataDir: string
  /** The PostgreSQL database it runs on, or null on the data folder's SQLite file. */
  readonly databaseUrl: string | null
  readonly server: WaymarkServer
  readonly logs: string[]
  /** Calls `/api/<path>` and parses the JSON answer (an empty body gives `{}`). */
  api<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>
  /** Stops the server; with `keepData` the folder stays for a restart. */
  close(options?: { keepData?: boolean }): Promise<void>
}

export interface TestServerOptions {
  email?: EmailConfig | null
  dataDir?: string
  /** A PostgreSQL database to run on (else the lane's, see `postgres-lane.ts`, or SQLite); null: SQLite on every lane. */
  databaseUrl?: string | null
  rateLimits?: RateLimitSettings
  now?: () => Date
  /** Timers of the daily database backup; by default none ever fires (see {@link NO_BACKUP_TIMERS}). */
  backupTimers?: Timers
  webRoot?: string | null
  publicUrl?: string
  tiles?: TileServer | null
  weather?: WeatherConfig | null
  /** See `ServerOverrides.writeGate`. */
  writeGate?: () => Promise<void>
  /** Points where the test holds the server (see `gate.ts`). */
  hooks?: ServerHooks
  /** See `ServerOverrides.readCacheTtlMs` (0: every read computes its answer). */
  readCacheTtlMs?: number
  /** Where to listen; loopback unless a test plays another device of the network (`lanAddress()`). */
  host?: string
  setupCode?: string
  /** The bcrypt cost (4 unless given: from 8 on, hashes run in the server's password thread). */
  bcryptRounds?: number
  /** Watched folders; tests scan them with `server.watcher.scan()` (no timer). */
  watchFolders?: WatchedFolder[]
  /** Plugged-in watches looked for under fake mount folders. */
  watchDevices?: WatchedDevices
  /** See `ServerConfig.onAutomaticImport`. */
  onAutomaticImport?: ServerConfig['onAutomaticImport']
  /** See `ServerConfig.onDeviceFound`. */
  onDeviceFound?: ServerConfig['onDeviceFound']
}

/**
 * A test's server takes no daily backup unless the test drives the timers: with real ones, a copy
 * appeared in `backups/` whenever a server lived past a minute (a slow or loaded machine), and
 * tests that check nothing was written saw it.
 */
const NO_BACKUP_TIMERS: Timers = { setTimeout: () => null, clearTimeout: () => undefined }

/** Collects log lines so tests can assert on them instead of printing them. */
function memoryLogger(lines: string[]): Logger {
  return {
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message, error) => lines.push(`error ${message} ${error instanceof Error ? error.message : ''}`),
  }
}

/** Starts a server for a test; the tests' own rate limits are generous unless given. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'waymark-test-')))
  const logs: string[] = []
  // The PostgreSQL lane (`WAYMARK_TEST_DATABASE=postgres`): a database of the folder's own.
  const databaseUrl = options.databaseUrl !== undefined ? options.databaseUrl : await testDatabaseUrl(dataDir)
  const server = await createServer(
    {
      port: 0,
      host: options.host ?? '127.0.0.1',
      dataDir,
      databaseUrl,
      webRoot: options.webRoot ?? null,
      publicUrl: options.publicUrl ?? 'http://waymark.test',
      email: options.email ?? null,
      tiles: options.tiles ?? null,
      weather: options.weather ?? null,
      bcryptRounds: options.bcryptRounds ?? 4,
      watchFolders: options.watchFolders ?? [],
      watchDevices: options.watchDevices ?? null,
      ...(options.onAutomaticImport ? { onAutomaticImport: options.onAutomaticImport } : {}),
      ...(options.onDeviceFound ? { onDeviceFound: options.onDeviceFound } : {}),
      version: '0.0.0-test',
      logger: memoryLogger(logs),
      ...(options.setupCode ? { setupCode: options.setupCode } : {}),
    },
    {
      rateLimits: options.rateLimits ?? { ...DEFAULT_RATE_LIMITS, registrationsPerAddress: 1000, emailRequestsPerAddress: 1000 },
      ...(options.now ? { now: options.now } : {}),
      backupTimers: options.backupTimers ?? NO_BACKUP_TIMERS,
      ...(options.writeGate ? { writeGate: options.writeGate } : {}),
      ...(options.hooks ? { hooks: options.hooks } : {}),
      ...(options.readCacheTtlMs !== undefined ? { readCacheTtlMs: options.readCacheTtlMs } : {}),
      watchIntervalMs: null,
    },
  )
  const { port } = await server.listen()
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    dataDir,
    databaseUrl,
    server,
    logs,
    async api<T>(method: string, path: string, request: RequestOptions = {}): Promise<ApiAnswer<T>> {
      const headers: Record<string, string> = { ...request.headers }
      if (request.token) headers.authorization = `Bearer ${request.token}`
      let body: string | FormData | undefined
      if (request.form) body = request.form
      else if (request.body !== undefined) {
        headers['content-type'] ??= 'application/json'
        body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
      }
      const response = await fetch(`${url}/api/${path.replace(/^\//, '')}`, { method, headers, body })
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers }
    },
    async close({ keepData = false } = {}) {
      await server.close()
      if (keepData) return
      await rm(dataDir, { recursive: true, force: true })
      await dropTestDatabase(databaseUrl)
    },
  }
}
