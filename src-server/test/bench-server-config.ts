import type { ServerConfig } from '../config/server-config'

/**
 * A server on loopback for benchmarks and process tests: a free port, no UI, mail, tiles or weather,
 * cheap password hashing, errors on stderr.
 */
export function benchServerConfig(dataDir: string, bcryptRounds = 4): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webRoot: null,
    publicUrl: 'http://localhost',
    email: null,
    tiles: null,
    weather: null,
    bcryptRounds,
    version: 'bench',
    logger: { info: () => undefined, warn: () => undefined, error: (message, error) => console.error(message, error) },
  }
}
