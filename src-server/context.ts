import type { ServerConfig } from './config/server-config'
import type { DataDirLayout } from './data-dir'
import type { Background } from './lib/background'
import type { MapImages } from './maps/map-images'
import type { TileSource } from './maps/tiles'
import type { WeatherJobs } from './weather/weather-jobs'
import type { Database } from './db/repositories'
import type { ExpiringCache, ReadCache } from './http/read-cache'
import type { UserEntity } from './db/entities'
import type { PasswordHasher } from './lib/passwords'
import type { RateLimits } from './lib/rate-limits'
import type { TokenService } from './lib/tokens'
import type { Mailer } from './mail/mailer'
import type { ComputePool } from './compute/compute-pool'

/** What the services of one server share; built once by `createServer`. */
export interface ServerContext {
  readonly config: ServerConfig
  /**
   * The repositories on the read-only connection, the read pool and the write queue (one
   * transaction at a time): see `db/repositories/index.ts`.
   */
  readonly database: Database
  readonly readCache: ReadCache
  /** Users of recently seen session tokens, dropped like the read cache. */
  readonly sessions: ExpiringCache<UserEntity>
  readonly layout: DataDirLayout
  readonly tokens: TokenService
  readonly passwords: PasswordHasher
  readonly mailer: Mailer
  readonly limits: RateLimits
  /** Work that continues after its request (archive imports). */
  readonly background: Background
  readonly maps: MapImages
  /** Worker threads for parsing, analysis and map drawing: CPU-heavy work never runs on the event loop. */
  readonly compute: ComputePool
  /** Cached map tiles, or null when no tile server is configured. */
  readonly tiles: TileSource | null
  readonly weather: WeatherJobs
  /** Lets another device than this computer create the first account (see `auth.register`). */
  readonly setupCode: string
  /** The clock, injectable so token expiry is testable. */
  readonly now: () => Date
}
