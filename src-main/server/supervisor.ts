import type { AutomaticImportNotice } from '../automatic-import-notices'
import { fromServerMessage, type DeviceFoundMessage, type FromServerMessage, type StartMessage, type ToServerMessage } from './protocol'

/** A started server process, as the platform adapter hands it over (Electron's `UtilityProcess`). */
export interface ServerProcess {
  postMessage: (message: ToServerMessage) => void
  onMessage: (listener: (message: unknown) => void) => void
  onExit: (listener: (code: number) => void) => void
  kill: () => void
}

/** Where a running server listens. */
export interface ServerAddress {
  readonly port: number
  readonly host: string
}

/** The server could not start; `reason` is the server's one-line explanation. */
export class ServerStartError extends Error {
  override name = 'ServerStartError'
}

/** The answers to the start/stop handshake (notices go to their own callbacks). */
type HandshakeMessage = Exclude<FromServerMessage, { type: 'automatic-import' | 'device-found' }>

export interface SupervisorOptions {
  fork: () => ServerProcess
  /** How long a start may take (migrations on a big database take a while). */
  startTimeoutMs?: number
  /** How long a clean stop may take before the process is killed. */
  stopTimeoutMs?: number
  /** Called when the server process ends without being asked to. */
  onUnexpectedExit?: (code: number) => void
  /** Called when the server imported (or refused) a file of a watched folder. */
  onAutomaticImport?: (notice: AutomaticImportNotice) => void
  /** Called when a watch nobody answered for was plugged in. */
  onDeviceFound?: (device: Omit<DeviceFoundMessage, 'type'>) => void
}

export interface ServerSupervisor {
  /** Starts the server process; resolves once it listens. */
  start: (order: Omit<StartMessage, 'type'>) => Promise<ServerAddress>
  /** Asks the server to stop cleanly (drain, close the database); kills it after the timeout. */
  stop: () => Promise<void>
  readonly address: ServerAddress | null
}

/**
 * Runs the server in its own process and speaks the start/stop handshake with it. A crash of the
 * server is reported, never fatal to the main process.
 */
export function createSupervisor(options: SupervisorOptions): ServerSupervisor {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000
  let child: { process: ServerProcess; exited: Promise<number>; stopping: boolean } | null = null
  let address: ServerAddress | null = null

  function launch() {
    const process = options.fork()
    const listeners = new Set<(message: HandshakeMessage) => void>()
    process.onMessage((raw) => {
      const parsed = fromServerMessage.safeParse(raw)
      if (!parsed.success) return
      const message = parsed.data
      if (message.type === 'automatic-import') options.onAutomaticImport?.({ file: message.file, status: message.status })
      else if (message.type === 'device-found') options.onDeviceFound?.({ id: message.id, name: message.name, accounts: message.accounts })
      else for (const listener of listeners) listener(message)
    })
    const entry = {
      process,
      stopping: false,
      exited: new Promise<number>((resolve) => process.onExit(resolve)),
      listeners,
    }
    void entry.exited.then((code) => {
      if (child === entry) {
        child = null
        address = null
        if (!entry.stopping) options.onUnexpectedExit?.(code)
      }
    })
    return entry
  }

  return {
    get address() {
      return address
    },

    async start(order) {
      if (child) throw new Error('the server is already running')
      const entry = launch()
      child = entry
      // Until the handshake ends, an exit is part of the start's outcome, not a crash.
      entry.stopping = true
      const outcome = await new Promise<HandshakeMessage | { type: 'exited'; code: number } | { type: 'timeout' }>((resolve) => {
        const timer = setTimeout(() => resolve({ type: 'timeout' }), startTimeoutMs)
        entry.listeners.add((message) => {
          if (message.type !== 'stopped') {
            clearTimeout(timer)
            resolve(message)
          }
        })
        void entry.exited.then((code) => {
          clearTimeout(timer)
          resolve({ type: 'exited', code })
        })
        entry.process.postMessage({ type: 'start', ...order })
      })
      if (outcome.type === 'ready') {
        entry.stopping = false
        address = { port: outcome.port, host: outcome.host }
        return address
      }
      entry.process.kill()
      if (child === entry) child = null
      switch (outcome.type) {
        case 'failed':
          throw new ServerStartError(outcome.reason)
        case 'timeout':
          throw new ServerStartError(`the server did not answer within ${Math.round(startTimeoutMs / 1000)} s`)
        case 'exited':
          throw new ServerStartError(`the server process ended (exit code ${outcome.code})`)
        case 'stopped':
          throw new ServerStartError('the server stopped while starting')
      }
    },

    async stop() {
      const entry = child
      if (!entry) return
      entry.stopping = true
      entry.process.postMessage({ type: 'stop' })
      let timer: NodeJS.Timeout | undefined
      const timedOut = await Promise.race([
        entry.exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), stopTimeoutMs)
        }),
      ])
      clearTimeout(timer)
      if (timedOut) {
        entry.process.kill()
        await entry.exited
      }
      if (child === entry) child = null
      address = null
    },
  }
}
