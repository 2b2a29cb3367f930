import { join } from 'node:path'
import { CHANNELS } from '../src/desktop/channels'
import { WORKOUT_EXTENSIONS } from '../src/desktop/file-types'
import { languageFromTag } from '../src/i18n/language'
import { createAutomaticImportNotices } from './automatic-import-notices'
import { parseCommandLine } from './command-line'
import { defaultDataFolder } from './data-folder'
import { createDeviceOffers } from './device-offers'
import { createDesktopServer, type DesktopServer } from './desktop-server'
import { createTranslator, type Translate } from './i18n'
import { registerDesktopIpc } from './ipc'
import { lanUrls as systemLanUrls } from './lan-addresses'
import { buildAppMenu, buildTrayMenu, trayToolTip } from './menu'
import { createOpenedFilesQueue, type OpenedFilesQueue } from './opened-files'
import type { AppWindow, DesktopPlatform, OpenDialogOptions, TrayHandle } from './platform'
import { qrCodeDataUrl } from './qr-code'
import { createSupervisor } from './server/supervisor'
import { openSettings, type SettingsStore } from './settings'
import { openMainWindow } from './window'
import { newSetupCode } from '../src-server/lib/setup-code'

/** The port Vite's dev-server proxy sends `/api` to (electron.vite.config.ts). */
const DEV_SERVER_PORT = 5000

export interface DesktopAppOptions {
  lanUrls?: (port: number) => string[]
  qrCode?: (text: string) => Promise<string>
  startTimeoutMs?: number
}

/** The running app, for tests to look inside. */
export interface DesktopApp {
  readonly server: DesktopServer
  readonly queue: OpenedFilesQueue
  readonly settings: SettingsStore
  window: () => AppWindow | null
}

/** GTK's file filters match case-sensitively, so both cases are listed. */
function importDialog(t: Translate): OpenDialogOptions {
  const extensions = WORKOUT_EXTENSIONS.flatMap((extension) => [extension, extension.toUpperCase()])
  return {
    title: t('DIALOG.IMPORT_TITLE'),
    filters: [{ name: t('DIALOG.WORKOUT_FILES'), extensions }],
    properties: ['openFile', 'multiSelections'],
  }
}

/**
 * The desktop app from launch to quit: single-instance lock, files handed over by "Open with"
 * and second launches, the server process, the window (splash until the server answers), menu,
 * tray, and a quit that waits for the server to drain and close its database.
 * Resolves with null when another instance already runs (this one then quits).
 */
export async function runDesktopApp(platform: DesktopPlatform, options: DesktopAppOptions = {}): Promise<DesktopApp | null> {
  const commandLine = parseCommandLine(platform.argv, platform.workingDirectory)
  if (!platform.requestSingleInstanceLock()) {
    // The first instance receives our arguments in its `second-instance` event.
    platform.log('Waymark is already running: handing over to it')
    platform.quit()
    return null
  }

  const headless = commandLine.headless
  let window: AppWindow | null = null
  let tray: TrayHandle | null = null
  let ready = false
  let quitting = false
  let phase: 'running' | 'stopping' | 'stopped' = 'running'

  const queue = createOpenedFilesQueue(() => window?.send(CHANNELS.filesOpened))
  queue.add(commandLine.files)
  platform.onOpenFile((path) => {
    queue.add([path])
    if (ready) showWindow()
  })
  platform.onSecondInstance((argv, workingDirectory) => {
    queue.add(parseCommandLine(argv, workingDirectory).files)
    showWindow()
  })

  await platform.whenReady()
  ready = true
  const settings = openSettings(join(platform.paths.userData, 'desktop-settings.json'))
  const locale = platform.locale()
  const t = createTranslator(locale)
  const lanUrls = options.lanUrls ?? ((port: number) => systemLanUrls(port))
  const log = (line: string) => platform.log(line)

  const supervisor = createSupervisor({
    fork: () => platform.forkServer(),
    ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
    onUnexpectedExit: (code) => void recoverFromCrash(code),
    onAutomaticImport: createAutomaticImportNotices({ t, notify: (title, body) => platform.notify(title, body) }),
    // Headless, nobody is there to answer: plugged-in watches are left alone.
    onDeviceFound: (device) => {
      if (headless) return
      offerDevice(device).catch((error: unknown) => log(`the answer for a plugged-in watch was not applied: ${String(error)}`))
    },
  })
  const server = createDesktopServer({
    supervisor,
    settings,
    defaultDataFolder: defaultDataFolder(platform.paths.userData),
    lanUrls,
    qrCode: options.qrCode ?? qrCodeDataUrl,
    log,
    setupCode: newSetupCode(),
    ...(platform.devRendererUrl ? { fixedPort: DEV_SERVER_PORT } : {}),
  })
  const offerDevice = createDeviceOffers({ server, t, showMessageBox: (options) => platform.showMessageBox(options), log })
  const pageUrl = () => platform.devRendererUrl ?? server.localUrl()
  const appOrigin = () => {
    const url = pageUrl()
    return url ? new URL(url).origin : null
  }

  function showWindow(): void {
    if (headless || !ready) return
    if (!window || window.isDestroyed()) {
      const opened = openMainWindow(platform, {
        title: 'Waymark',
        splashText: t('STARTUP.STARTING'),
        language: languageFromTag(locale),
        appOrigin,
      })
      opened.onClose(() => {
        if (quitting || !settings.get().lanSharing || settings.get().keepServingNoticeShown) return
        platform.notify(t('NOTICE.KEEPS_SERVING_TITLE'), t('NOTICE.KEEPS_SERVING_BODY'))
        settings.update({ keepServingNoticeShown: true })
      })
      opened.onClosed(() => {
        if (window === opened) window = null
      })
      window = opened
      const url = pageUrl()
      if (url && supervisor.address) void opened.loadURL(url)
    }
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  async function importViaDialog(): Promise<void> {
    showWindow()
    queue.add(await platform.showOpenDialog(importDialog(t)))
  }

  function setLanSharing(on: boolean): void {
    server.setLanSharing(on).catch((error: unknown) => log(`LAN sharing change failed: ${String(error)}`))
  }

  function quit(): void {
    platform.quit()
  }

  function refreshChrome(): void {
    const { lanSharing } = settings.get()
    const urls = lanSharing && supervisor.address ? lanUrls(supervisor.address.port) : []
    if (!headless) {
      platform.setMenu(
        buildAppMenu(
          t,
          {
            importWorkouts: () => void importViaDialog(),
            openDataFolder: () => void platform.openPath(server.dataFolder()),
            showLog: () => void platform.openPath(platform.paths.logFile),
            setLanSharing,
            openDocumentation: () => void platform.openPath(platform.paths.documentation),
            showAbout: () => platform.showAbout(),
            quit,
          },
          { lanSharing, os: platform.os },
        ),
      )
    }
    if (tray) {
      tray.setToolTip(trayToolTip(t, { lanSharing, lanUrls: urls }))
      tray.setMenu(
        buildTrayMenu(
          t,
          { openWindow: showWindow, copyAddress: (url) => platform.copyText(url), setLanSharing, quit },
          { lanSharing, lanUrls: urls, headless },
        ),
      )
    }
  }

  /** Starts the server; on failure shows why (with the log's path) and offers a retry. */
  async function startServer(): Promise<boolean> {
    for (;;) {
      try {
        await server.start()
        return true
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        log(`the server could not start: ${reason}`)
        if (headless) return false
        for (;;) {
          const choice = await platform.showMessageBox({
            type: 'error',
            title: t('STARTUP.FAILED_TITLE'),
            message: t('STARTUP.FAILED_MESSAGE'),
            detail: t('STARTUP.FAILED_DETAIL', { reason, logPath: platform.paths.logFile }),
            buttons: [t('STARTUP.RETRY'), t('STARTUP.OPEN_LOG'), t('STARTUP.QUIT')],
            defaultId: 0,
            cancelId: 2,
          })
          if (choice === 0) break
          if (choice !== 1) return false
          await platform.openPath(platform.paths.logFile).catch(() => undefined)
        }
      }
    }
  }

  async function serveOrQuit(): Promise<void> {
    if (!(await startServer())) {
      quitting = true
      platform.exit(1)
      return
    }
    const url = pageUrl()
    if (window && !window.isDestroyed() && url) await window.loadURL(url)
    refreshChrome()
    const info = await server.info()
    log(`Waymark is serving ${[info.localUrl, ...info.lanAddresses.map((address) => address.url)].join(' ')}`)
  }

  async function recoverFromCrash(code: number): Promise<void> {
    if (quitting) return
    log(`the server process ended unexpectedly (exit code ${code}); restarting it`)
    await serveOrQuit()
  }

  registerDesktopIpc(platform.ipc, {
    appOrigin,
    server,
    queue,
    t,
    chooseWorkoutFiles: () => platform.showOpenDialog(importDialog(t)),
    chooseFolder: async () => {
      const [folder] = await platform.showOpenDialog({
        title: t('DIALOG.MOVE_TITLE'),
        buttonLabel: t('DIALOG.MOVE_BUTTON'),
        properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
      })
      return folder ?? null
    },
    openExternal: (url) => platform.openExternal(url),
    openPath: (path) => platform.openPath(path),
    notify: (title, body) => platform.notify(title, body),
    log,
  })
  server.onChange((info) => {
    refreshChrome()
    window?.send(CHANNELS.serverInfoChanged, info)
  })

  platform.onBeforeQuit((prevent) => {
    quitting = true
    if (phase === 'stopped') return
    // Hold the quit until the server has drained its requests and closed the database.
    prevent()
    if (phase === 'stopping') return
    phase = 'stopping'
    tray?.destroy()
    tray = null
    server
      .stop()
      .catch((error: unknown) => log(`the server did not stop cleanly: ${String(error)}`))
      .finally(() => {
        phase = 'stopped'
        platform.quit()
      })
  })
  platform.onTerminationSignal(quit)
  platform.onWindowAllClosed(() => {
    // With LAN sharing on, the app keeps serving the network from the tray; on macOS apps stay open.
    if (quitting || settings.get().lanSharing || platform.os === 'darwin') return
    quit()
  })
  platform.onActivate(showWindow)

  if (!headless) showWindow()
  tray = headless ? null : platform.createTray()
  tray?.onClick(showWindow)
  refreshChrome()
  await serveOrQuit()

  return { server, queue, settings, window: () => window }
}
