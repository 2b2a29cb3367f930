import type { MoveDataFolderResult, RememberedDevice, ServerInfo, WatchedFolderSetting } from '../src/desktop/bridge'
import { checkDestination, copyDataFolder, destinationFor, removeDataFolder } from './data-folder'
import type { ServerSupervisor } from './server/supervisor'
import type { DesktopSettings, SettingsStore } from './settings'

export interface DesktopServerDeps {
  supervisor: ServerSupervisor
  settings: SettingsStore
  defaultDataFolder: string
  lanUrls: (port: number) => string[]
  qrCode: (text: string) => Promise<string>
  log: (line: string) => void
  /** Handed to the server at each start: the register page shows it while no account exists. */
  setupCode: string
  /** Development: the port Vite's proxy expects, used as is and not remembered. */
  fixedPort?: number
}

/** The embedded server as the rest of the app sees it: start, stop, LAN sharing, data folder. */
export interface DesktopServer {
  start: () => Promise<ServerInfo>
  stop: () => Promise<void>
  setLanSharing: (on: boolean) => Promise<ServerInfo>
  /** Replaces the watched folders (the server restarts with them). */
  setWatchFolders: (folders: readonly WatchedFolderSetting[]) => Promise<ServerInfo>
  /** Remembers the answer for a plugged-in watch (the server restarts with it). */
  rememberDevice: (device: RememberedDevice) => Promise<ServerInfo>
  /** Forgets the answer for a plugged-in watch, so that the app asks again (the server restarts). */
  forgetDevice: (id: string) => Promise<ServerInfo>
  /** Moves the data folder to `picked` (or a `Waymark` folder inside it when it is not empty). */
  moveDataFolder: (picked: string) => Promise<MoveDataFolderResult>
  info: () => Promise<ServerInfo>
  dataFolder: () => string
  /** The address the window loads, once the server runs. */
  localUrl: () => string | null
  onChange: (listener: (info: ServerInfo) => void) => () => void
}

/** Everything else goes through here, one operation at a time: a rebind never races a move. */
export function createDesktopServer(deps: DesktopServerDeps): DesktopServer {
  const listeners = new Set<(info: ServerInfo) => void>()
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  const dataFolder = () => deps.settings.get().dataFolder ?? deps.defaultDataFolder
  const localUrl = () => {
    const address = deps.supervisor.address
    return address ? `http://127.0.0.1:${address.port}/` : null
  }

  async function info(): Promise<ServerInfo> {
    const settings = deps.settings.get()
    const port = deps.supervisor.address?.port ?? deps.fixedPort ?? settings.port
    const urls = settings.lanSharing && deps.supervisor.address ? deps.lanUrls(port) : []
    const lanAddresses = await Promise.all(urls.map(async (url) => ({ url, qrCode: await deps.qrCode(url) })))
    return {
      localUrl: `http://127.0.0.1:${port}/`,
      port,
      lanSharing: settings.lanSharing,
      lanAddresses,
      dataFolder: dataFolder(),
      watchFolders: settings.watchFolders,
      devices: settings.devices,
      setupCode: deps.setupCode,
    }
  }

  async function launch(folder: string): Promise<void> {
    const settings = deps.settings.get()
    const preferredPort = deps.fixedPort ?? settings.port
    const host = settings.lanSharing ? '0.0.0.0' : '127.0.0.1'
    const publicUrl = (settings.lanSharing ? deps.lanUrls(preferredPort)[0] : undefined) ?? `http://localhost:${preferredPort}/`
    const address = await deps.supervisor.start({
      dataFolder: folder,
      preferredPort,
      host,
      publicUrl: publicUrl.replace(/\/$/, ''),
      setupCode: deps.setupCode,
      watchFolders: settings.watchFolders,
      // Looking for plugged-in watches is always on in the app: a new one is asked about.
      devices: settings.devices.map(({ id, username }) => ({ id, username })),
    })
    if (deps.fixedPort === undefined && address.port !== settings.port) {
      deps.log(`port ${settings.port} was taken; using ${address.port} from now on`)
      deps.settings.update({ port: address.port })
    }
  }

  async function announce(): Promise<ServerInfo> {
    const current = await info()
    for (const listener of listeners) listener(current)
    return current
  }

  /** Changes settings the server reads at start (watched folders, devices), and restarts it with them. */
  const restartWith = (patch: (settings: DesktopSettings) => Partial<DesktopSettings>, logLine: string) =>
    serial(async () => {
      deps.settings.update(patch(deps.settings.get()))
      await deps.supervisor.stop()
      await launch(dataFolder())
      deps.log(logLine)
      return announce()
    })

  return {
    start: () =>
      serial(async () => {
        await launch(dataFolder())
        return info()
      }),

    stop: () => serial(() => deps.supervisor.stop()),

    setLanSharing: (on) =>
      serial(async () => {
        if (deps.settings.get().lanSharing === on && deps.supervisor.address) return info()
        deps.settings.update({ lanSharing: on })
        await deps.supervisor.stop()
        await launch(dataFolder())
        deps.log(`LAN sharing ${on ? 'on' : 'off'}`)
        return announce()
      }),

    setWatchFolders: (folders) =>
      restartWith(() => ({ watchFolders: [...folders] }), `watched folders: ${folders.map((folder) => folder.dir).join(', ') || 'none'}`),

    rememberDevice: (device) =>
      restartWith(
        (settings) => ({ devices: [...settings.devices.filter((known) => known.id !== device.id), { ...device }] }),
        `plugged-in watch ${device.id}: ${device.username ? `imported into ${device.username}` : 'not imported'}`,
      ),

    forgetDevice: (id) => restartWith((settings) => ({ devices: settings.devices.filter((known) => known.id !== id) }), `plugged-in watch ${id} forgotten`),

    moveDataFolder: (picked) =>
      serial(async (): Promise<MoveDataFolderResult> => {
        const from = dataFolder()
        const to = await destinationFor(picked)
        const refusal = await checkDestination(from, to)
        if (refusal) return { status: 'failed', reason: refusal }
        await deps.supervisor.stop()
        const copyRefusal = await copyDataFolder(from, to)
        if (copyRefusal) {
          await launch(from)
          return { status: 'failed', reason: copyRefusal }
        }
        try {
          await launch(to)
        } catch (error) {
          // The copy is unusable: go back to the original, which was never touched.
          deps.log(`the server did not start on the moved folder ${to}: ${String(error)}`)
          await removeDataFolder(to)
          await launch(from)
          return { status: 'failed', reason: 'copy-failed' }
        }
        // Only now, with a server running on the copy, does the setting move and the original go.
        deps.settings.update({ dataFolder: to })
        await removeDataFolder(from)
        deps.log(`data folder moved from ${from} to ${to}`)
        await announce()
        return { status: 'moved', dataFolder: to }
      }),

    info,
    dataFolder,
    localUrl,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
