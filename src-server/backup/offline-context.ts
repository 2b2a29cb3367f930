import { randomBytes } from 'node:crypto'
import type { Logger } from '../config/server-config'
import type { ServerContext } from '../context'
import type { DataDirLayout } from '../data-dir'
import type { UserEntity } from '../db/entities'
import type { Database } from '../db/repositories'
import { createExpiringCache, type KeptAnswer } from '../http/read-cache'
import { createBackground } from '../lib/background'
import { createPasswordHasher } from '../lib/passwords'
import { createRateLimits, DEFAULT_RATE_LIMITS } from '../lib/rate-limits'
import { newSetupCode } from '../lib/setup-code'
import { createTokenService } from '../lib/tokens'
import { createMailer } from '../mail/mailer'
import { createMapImages } from '../maps/map-images'
import { createComputePool } from '../compute/compute-pool'
import { createWeatherJobs } from '../weather/weather-jobs'

/**
 * The services of a server, assembled for a command that runs beside it on the same folder, so
 * a command imports workouts through exactly the server's pipeline. No network: no mail, no map
 * tiles, no weather; tokens are never issued (the signing key is a throwaway).
 */
export function offlineContext(database: Database, layout: DataDirLayout, logger: Logger): { context: ServerContext; close(): Promise<void> } {
  const now = () => new Date()
  const background = createBackground((error) => logger.error('background work failed', error))
  const compute = createComputePool()
  const context: ServerContext = {
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: layout.root,
      webRoot: null,
      publicUrl: 'http://127.0.0.1',
      email: null,
      tiles: null,
      weather: null,
      bcryptRounds: 12,
      version: 'cli',
      logger,
    },
    database,
    readCache: createExpiringCache<KeptAnswer>({ ttlMs: 0, maxEntries: 1, now: () => Date.now() }),
    sessions: createExpiringCache<UserEntity>({ ttlMs: 0, maxEntries: 1, now: () => Date.now() }),
    layout,
    tokens: createTokenService(randomBytes(48).toString('hex'), now),
    passwords: createPasswordHasher(12),
    mailer: createMailer(null, logger),
    limits: createRateLimits(DEFAULT_RATE_LIMITS),
    background,
    maps: createMapImages(layout, null, background, logger, compute),
    compute,
    tiles: null,
    weather: createWeatherJobs(null, database, background, logger),
    // Commands never register accounts over the network.
    setupCode: newSetupCode(),
    now,
  }
  return {
    context,
    async close() {
      await background.stop()
      await compute.close()
    },
  }
}
