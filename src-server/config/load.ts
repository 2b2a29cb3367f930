import { join } from 'node:path'
import { version } from '../../package.json'
import type { Logger, ServerConfig } from './server-config'
import { OSM_TILES } from '../maps/tiles'
import { VISUAL_CROSSING_URL } from '../weather/visual-crossing'
import type { ServerOptions } from './options'

/** bcrypt cost for real accounts (about a quarter of a second per hash on a small machine). */
const BCRYPT_ROUNDS = 12

/** Log lines with a timestamp to stdout/stderr; error details stay in the log, never in answers. */
export function consoleLogger(): Logger {
  const stamp = () => new Date().toISOString()
  return {
    info: (message) => console.log(`${stamp()} ${message}`),
    warn: (message) => console.warn(`${stamp()} warning: ${message}`),
    error: (message, error) =>
      console.error(`${stamp()} error: ${message}`, ...(error instanceof Error ? [error.stack ?? error.message] : error ? [error] : [])),
  }
}

/**
 * The server configuration for the headless process: options plus what is fixed for a build
 * (the UI bundle beside the server bundle, the version).
 * @param bundleDir the folder of the built server entry (`out/main`)
 */
export function serverConfigFromOptions(options: ServerOptions, bundleDir: string, logger: Logger): ServerConfig {
  return {
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    webRoot: join(bundleDir, '..', 'renderer'),
    publicUrl: options.publicUrl,
    email: options.emailUrl
      ? { url: options.emailUrl, sender: options.senderEmail ?? 'Waymark <no-reply@waymark.invalid>' }
      : null,
    tiles: options.tileServer
      ? { url: options.tileServer, attribution: options.tileServer === OSM_TILES.url ? OSM_TILES.attribution : '' }
      : null,
    weather: options.weatherApiKey ? { apiKey: options.weatherApiKey, baseUrl: VISUAL_CROSSING_URL } : null,
    bcryptRounds: BCRYPT_ROUNDS,
    warmComputeThreads: true,
    watchFolders: options.watchFolders,
    watchDevices: options.watchDevices,
    version,
    logger,
  }
}
