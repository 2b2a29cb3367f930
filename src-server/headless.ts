import { networkInterfaces } from 'node:os'
import { dirname } from 'node:path'
import { consoleLogger, serverConfigFromOptions } from './config/load'
import { parseServerOptions, UsageError } from './config/options'
import { DataDirError, restrictNewFileModes } from './data-dir'
import { DEFAULT_RATE_LIMITS } from './lib/rate-limits'
import { createServer } from './server'

/** Addresses other devices can use, when the server listens on all interfaces. */
function reachableUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host.includes(':') ? `[${host}]` : host}:${port}/`]
  const lan = Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address.address}:${port}/`)
  return [`http://localhost:${port}/`, ...lan]
}

/** The headless server (`main.ts` loads it once the process has the server's V8 flags). */
async function main(): Promise<void> {
  const logger = consoleLogger()
  let server
  try {
    const options = parseServerOptions(process.argv.slice(2), process.env)
    // The entry's folder (`out/main`), not this module's: the bundler puts this module in `out/main/chunks`, where no UI is beside it.
    server = await createServer(serverConfigFromOptions(options, dirname(process.argv[1] ?? __filename), logger), {
      rateLimits: { ...DEFAULT_RATE_LIMITS, registrationsPerAddress: options.registrationsPerHour },
    })
    const { port, host } = await server.listen()
    const setupCode = await server.pendingSetupCode()
    logger.info(`Waymark is running; data folder: ${options.dataDir}`)
    for (const url of reachableUrls(host, port)) console.log(`  ${url}`)
    if (setupCode) {
      console.log(`No account yet: create the administrator account in a browser on this computer,`)
      console.log(`or from another device with the setup code ${setupCode}`)
    }
  } catch (error) {
    const known =
      error instanceof UsageError ||
      error instanceof DataDirError ||
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ||
      (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL' ||
      (error as NodeJS.ErrnoException).code === 'EACCES'
    if (!known) throw error
    await server?.close()
    console.error(`waymark: ${(error as Error).message}`)
    process.exit(2)
  }

  const running = server
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received, stopping`)
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('clean stop failed', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

restrictNewFileModes()
main().catch((error: unknown) => {
  console.error('waymark: the server could not start', error)
  process.exit(1)
})
