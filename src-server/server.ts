import { randomUUID } from 'node:crypto'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import type { ServerConfig } from './config/server-config'
import type { ServerContext } from './context'
import { openDataDir, type DataDirLayout } from './data-dir'
import { newSetupCode } from './lib/setup-code'
import { openDatabaseConnections } from './db/engine'
import type { ReadHooks } from './db/read-snapshots'
import { createWriteQueue, type WriteHooks, type WriteQueue } from './db/write-queue'
import { createApp, type ApiRoute } from './http/app'
import { createExpiringCache, type KeptAnswer } from './http/read-cache'
import type { UserEntity } from './db/entities'
import { createBackground } from './lib/background'
import { compactJournal, instanceLayout } from './db/file-journal'
import { holdInstanceLease, type InstanceLease } from './db/instance-leases'
import { settledFiles } from './db/orphan-files'
import { createPasswordHasher } from './lib/passwords'
import { createRateLimits, createSharedRateLimits, DEFAULT_RATE_LIMITS, type RateLimitSettings } from './lib/rate-limits'
import { databaseCounters, sharedSetupCode } from './db/shared-state'
import { announceWrite, listenForWrites } from './db/write-notices'
import { joinElection, runWhenElected } from './db/election'
import { createTokenService } from './lib/tokens'
import { createMailer } from './mail/mailer'
import { createMapImages } from './maps/map-images'
import { createComputePool } from './compute/compute-pool'
import { createWeatherJobs } from './weather/weather-jobs'
import { createTileSource } from './maps/tiles'
import { startDailyBackup, type Timers } from './backup/daily-backup'
import { checkWatchedFolders, createFolderWatcher, WATCH_INTERVAL_MS, type FolderWatcher } from './modules/watch/folder-watcher'
import { createImportTasks } from './modules/workouts/archive-import'
import { importWorkoutFile } from './modules/workouts/workout-import'
import { createDatabase } from './db/repositories'
import { workoutsRepository } from './db/repositories/workouts.repository'
import { fillListFragments, settleListFragments } from './modules/workouts/list-fragments'

/** How long a cached answer may outlive a change made outside this server (the CLI). */
const READ_CACHE_TTL_MS = 10_000

/** A server ready to listen; everything it owns is released by `close`. */
export interface WaymarkServer {
  readonly layout: DataDirLayout
  /** The write connection (tests and tools write through it like another process would). */
  readonly dataSource: DataSource
  /** Every bound API call (tests check the OpenAPI document against it). */
  readonly routes: readonly ApiRoute[]
  /** The watched folders (tests scan them by hand). */
  readonly watcher: FolderWatcher
  /** Resolves once background work under way (map redrawing, weather, archive imports) is done and its e-mails handed to the SMTP server. */
  settled(): Promise<void>
  /** Resolves once the compute threads are started and warm (see `ComputePool.ready`). */
  computeReady(): Promise<void>
  /** The code that lets another device create the first account, while no account exists; else null. */
  pendingSetupCode(): Promise<string | null>
  /** Starts accepting connections; resolves with the bound port (useful with port 0). */
  listen(): Promise<{ port: number; host: string }>
  /** Stops accepting, finishes in-flight requests and e-mails, closes the database, frees the folder. */
  close(): Promise<void>
}

/** Options tests use to tighten limits or control the clock. */
export interface ServerOverrides {
  rateLimits?: RateLimitSettings
  now?: () => Date
  /** Timers of the daily database backup (tests fire them by hand). */
  backupTimers?: Timers
  /**
   * Called as each write is queued; the write starts once the promise resolves. Tests hold the
   * writes of concurrent requests until all have arrived, to play a race the same way every time.
   */
  writeGate?: () => Promise<void>
  /** Points where tests hold the server to force an interleaving (no sleeps). */
  hooks?: ServerHooks
  /** How long read answers are cached; 0 keeps none (benchmarks measuring the queries themselves). */
  readCacheTtlMs?: number
  /** Time between scans of the watched folders; null: no timer, tests call `watcher.scan()`. */
  watchIntervalMs?: number | null
  /** How long an instance holds an import task without renewing it (see `IMPORT_LEASE_MS`). */
  importLeaseMs?: number
  /** How long a club server's instance stays alive for the others without renewing (see `INSTANCE_LEASE_MS`). */
  instanceLeaseMs?: number
}

export interface ServerHooks extends WriteHooks, ReadHooks {
  /** After a cached read computed its answer, before it is stored. */
  beforeCacheStore?: () => Promise<void>
}

/**
 * Builds a Waymark server on a data folder: takes the folder's lock, opens and migrates the
 * database, and assembles the HTTP application. No module-level state: any number of servers
 * (on different folders) can live in one process.
 */
export async function createServer(config: ServerConfig, overrides: ServerOverrides = {}): Promise<WaymarkServer> {
  const now = overrides.now ?? (() => new Date())
  await checkWatchedFolders(config.watchFolders ?? [], config.dataDir)
  // SQLite: one server per folder; PostgreSQL: the instances of a club server share it.
  const dataDir = await openDataDir(config.dataDir, config.logger, { shared: Boolean(config.databaseUrl) })
  const hooks = overrides.hooks ?? {}
  const connections = await openDatabaseConnections(dataDir.layout, {
    databaseUrl: config.databaseUrl ?? null,
    now: now(),
    logger: config.logger,
    hooks,
  }).catch(async (error: unknown) => {
    await dataDir.release()
    throw error
  })
  const { writer: dataSource, reader, snapshots } = connections

  const mailer = createMailer(config.email, config.logger)
  const background = createBackground((error) => config.logger.error('background work failed', error))
  const tiles = config.tiles ? createTileSource(config.tiles, join(dataDir.layout.maps, 'tiles'), `Waymark/${config.version}`) : null
  const cacheOptions = { ttlMs: READ_CACHE_TTL_MS, maxEntries: 2000, now: () => now().getTime() }
  const readCache = createExpiringCache<KeptAnswer>({
    ...cacheOptions,
    ttlMs: overrides.readCacheTtlMs ?? READ_CACHE_TTL_MS,
    ...(hooks.beforeCacheStore ? { beforeSet: hooks.beforeCacheStore } : {}) })
  const sessions = createExpiringCache<UserEntity>(cacheOptions)
  const dropCaches = () => {
    readCache.invalidate()
    sessions.invalidate()
  }
  // The instances of a club server share their database: each one's committed writes drop the
  // others' caches (PostgreSQL's notices), and limits and the setup code live in the database.
  const shared = connections.engine === 'postgres' && config.databaseUrl ? { url: config.databaseUrl, instance: randomUUID() } : null
  let stopListening: (() => Promise<void>) | null = null
  let setupCode = config.setupCode ?? newSetupCode()
  // Each instance journals its files in flight in a file of its own and holds a lease: what a
  // dead one left in flight is swept by another, never a live one's.
  let layout = dataDir.layout
  let lease: InstanceLease | null = null
  if (shared) {
    try {
      stopListening = await listenForWrites(shared.url, shared.instance, dropCaches, config.logger)
      setupCode = config.setupCode ?? (await sharedSetupCode(dataSource, setupCode))
      layout = await instanceLayout(dataDir.layout, shared.instance)
      lease = await holdInstanceLease(dataSource, layout, shared.instance, config.logger, overrides.instanceLeaseMs)
    } catch (error) {
      await stopListening?.()
      await connections.close()
      await dataDir.release()
      throw error
    }
  }
  // Before each commit: the list fragments its writes made stale are written again, and a club
  // server's instance tells the others it wrote.
  const queue = createWriteQueue(dataSource, dropCaches, hooks, async (manager) => {
    await settleListFragments(workoutsRepository(manager))
    if (shared) await announceWrite(manager, shared.instance)
  })
  const { writeGate } = overrides
  const write: WriteQueue = writeGate ? (work, options) => writeGate().then(() => queue(work, options)) : queue
  const compute = createComputePool(config.warmComputeThreads ? { warm: { dir: dataDir.layout.tmp } } : {})
  // Password hashes get a thread of their own, so a login never waits behind a file's parsing.
  const passwordThread = createComputePool({ threads: 1 })
  const database = createDatabase({ reader, read: snapshots.read, readSnapshot: snapshots.run, write })
  const context: ServerContext = {
    config,
    database,
    readCache,
    sessions,
    layout,
    tokens: createTokenService(dataDir.secret, now),
    passwords: createPasswordHasher(config.bcryptRounds, passwordThread),
    mailer,
    limits: shared
      ? createSharedRateLimits(overrides.rateLimits ?? DEFAULT_RATE_LIMITS, databaseCounters(dataSource))
      : createRateLimits(overrides.rateLimits ?? DEFAULT_RATE_LIMITS),
    background,
    maps: createMapImages(layout, tiles, background, config.logger, compute),
    compute,
    tiles,
    weather: createWeatherJobs(config.weather, database, background, config.logger),
    setupCode,
    now,
  }
  // After the migration that added them, or an update that presents workouts otherwise.
  background.run((signal) => fillListFragments(database, signal))
  // The in-flight journal, emptied by the start's sweep, is kept small while the server runs.
  const stopCompacting = compactJournal(layout, settledFiles(reader, layout))
  const imports = createImportTasks(context, overrides.importLeaseMs)
  const watchIntervalMs = overrides.watchIntervalMs === undefined ? WATCH_INTERVAL_MS : overrides.watchIntervalMs
  const watcher = createFolderWatcher(
    {
      database,
      config,
      tmpDir: dataDir.layout.tmp,
      background,
      importFile: (user, copy, originalName, choices) => importWorkoutFile(context, user, copy, originalName, choices),
      now,
    },
    imports,
    config.watchFolders ?? [],
    shared ? null : watchIntervalMs,
    config.watchDevices ?? null,
  )
  const { app, routes } = createApp(context, { database, imports, watcher })
  // A club server's instances share their watched folders: one elected instance scans them (two
  // would take the same file at once), another takes over within a scan's interval of its death.
  const election = shared ? joinElection(shared.url, config.logger) : null
  const watchesSomething = (config.watchFolders ?? []).length > 0 || Boolean(config.watchDevices)
  const stopElectedJobs = election && watchIntervalMs !== null && watchesSomething ? runWhenElected(election, watchIntervalMs, background, () => watcher.scan()) : null
  let httpServer: Server | null = null
  // A PostgreSQL database is backed up with its own tools (pg_dump); the daily copy is SQLite's.
  const dailyBackup = connections.engine === 'postgres' ? null : startDailyBackup({
    database: dataDir.layout.database,
    backupsDir: dataDir.layout.backups,
    now,
    onError: (error) => config.logger.error('daily backup failed', error),
    ...(overrides.backupTimers ? { timers: overrides.backupTimers } : {}),
  })

  return {
    layout,
    dataSource,
    routes,
    watcher,
    settled: async () => {
      await background.idle()
      await mailer.drain()
    },
    computeReady: () => compute.ready(),
    pendingSetupCode: async () => ((await database.reads.users.count()) === 0 ? context.setupCode : null),
    listen() {
      return new Promise((resolve, reject) => {
        const handle = app.callback()
        const server = createHttpServer((request, response) => void handle(request, response))
        // Uploads of large archives on slow links must not be cut off by Node's default timeout.
        server.requestTimeout = 30 * 60_000
        // Node closes idle connections after 5 s; a client sending a request on one at that moment
        // gets a reset (and browsers never retry an upload). Idle connections stay open longer
        // than clients keep them.
        server.keepAliveTimeout = 75_000
        server.headersTimeout = 80_000
        server.once('error', reject)
        server.listen(config.port, config.host, () => {
          server.off('error', reject)
          httpServer = server
          resolve({ port: (server.address() as AddressInfo).port, host: config.host })
        })
      })
    },
    async close() {
      if (httpServer) {
        const server = httpServer
        httpServer = null
        await new Promise<void>((resolve) => {
          // Requests under way finish; connections are closed as soon as they go idle (they would
          // otherwise stay open for the keep-alive time), and any still busy after 30 s are cut.
          const sweep = setInterval(() => server.closeIdleConnections(), 25)
          const deadline = setTimeout(() => server.closeAllConnections(), 30_000)
          server.close(() => {
            clearInterval(sweep)
            clearTimeout(deadline)
            resolve()
          })
          server.closeIdleConnections()
        })
      }
      watcher.stop()
      stopElectedJobs?.()
      imports.stop()
      await background.stop()
      stopCompacting()
      await compute.close()
      await passwordThread.close()
      await dailyBackup?.stop()
      await mailer.drain()
      await lease?.close()
      await stopListening?.()
      await election?.close()
      await connections.close()
      await dataDir.release()
    },
  }
}
