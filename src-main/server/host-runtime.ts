import { userInfo } from 'node:os'
import { serverConfigFromOptions } from '../../src-server/config/load'
import type { Logger } from '../../src-server/config/server-config'
import type { WaymarkServer } from '../../src-server/server'
import type { createServer } from '../../src-server/server'
import { choosePort } from '../port-choice'
import { toServerMessage, type FromServerMessage, type StartMessage } from './protocol'
import { OSM_TILES } from '../../src-server/maps/tiles'
import { mountRoots } from '../../src-server/modules/watch/device-volumes'

/** The link to the main process: Electron's `parentPort` in the app, `process.send` under plain Node. */
export interface HostChannel {
  send: (message: FromServerMessage) => void
  onMessage: (listener: (message: unknown) => void) => void
}

export interface HostDeps {
  createServer: typeof createServer
  logger: Logger
  /** Folder of the built host bundle (`out/main`); the UI is served from `../renderer`. */
  bundleDir: string
  exit: (code: number) => void
  choosePort?: typeof choosePort
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE'
}

/**
 * Runs the embedded server on its parent's orders: `start` opens the data folder and listens on
 * the preferred port or the next free one, answering `ready` (with the port really used) or
 * `failed`; `stop` drains requests and background work, closes the database, answers `stopped`
 * and exits.
 */
export function runServerHost(channel: HostChannel, deps: HostDeps): void {
  const pick = deps.choosePort ?? choosePort
  let server: WaymarkServer | null = null
  let state: 'idle' | 'starting' | 'running' | 'stopping' = 'idle'

  async function start(order: StartMessage): Promise<void> {
    let port = await pick(order.preferredPort, order.host)
    // Another program can take the port between the check and the bind: try the next ones.
    for (let attempt = 0; ; attempt += 1) {
      const options = {
        port,
        host: order.host,
        dataDir: order.dataFolder,
        publicUrl: order.publicUrl,
        // The desktop keeps its data on SQLite in its data folder; PostgreSQL is for club servers.
        databaseUrl: null,
        emailUrl: null,
        senderEmail: null,
        tileServer: OSM_TILES.url,
        weatherApiKey: null,
        registrationsPerHour: 20,
        watchFolders: order.watchFolders ?? [],
        watchDevices: order.devices
          ? { roots: mountRoots(process.platform, userInfo().username), username: null, remembered: order.devices }
          : null,
      }
      const candidate = await deps.createServer({
        ...serverConfigFromOptions(options, deps.bundleDir, deps.logger),
        setupCode: order.setupCode,
        hosting: 'desktop',
        onAutomaticImport: ({ file, status }) => channel.send({ type: 'automatic-import', file, status }),
        onDeviceFound: (device) => channel.send({ type: 'device-found', ...device }),
      })
      try {
        const bound = await candidate.listen()
        server = candidate
        deps.logger.info(`server listening on ${bound.host}:${bound.port}, data folder ${order.dataFolder}`)
        channel.send({ type: 'ready', port: bound.port, host: bound.host })
        return
      } catch (error) {
        await candidate.close()
        if (!isAddressInUse(error) || attempt >= 3) throw error
        port = await pick(port + 1, order.host)
      }
    }
  }

  async function stop(): Promise<void> {
    const running = server
    server = null
    await running?.close()
    channel.send({ type: 'stopped' })
    deps.exit(0)
  }

  channel.onMessage((raw) => {
    const parsed = toServerMessage.safeParse(raw)
    if (!parsed.success) {
      deps.logger.warn('server host: ignored a malformed message')
      return
    }
    const message = parsed.data
    if (message.type === 'start' && state === 'idle') {
      state = 'starting'
      start(message).then(
        () => {
          state = 'running'
        },
        (error: unknown) => {
          deps.logger.error('the server could not start', error)
          channel.send({ type: 'failed', reason: error instanceof Error ? error.message : String(error) })
          deps.exit(1)
        },
      )
    } else if (message.type === 'stop' && state !== 'stopping') {
      state = 'stopping'
      stop().catch((error: unknown) => {
        deps.logger.error('the server did not stop cleanly', error)
        deps.exit(1)
      })
    }
  })
}
