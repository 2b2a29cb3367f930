import { createWriteStream, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  shell,
  Tray,
  utilityProcess,
} from 'electron'
import { UTILITY_PROCESS_EXEC_ARGV } from '../src-server/v8-flags'
import type { AppWindow, DesktopPlatform, TrayHandle } from './platform'
import type { ServerProcess } from './server/supervisor'
import { windowWebPreferences } from './window'

/** Must equal `appId` in electron-builder.yml: Windows ties notifications and the taskbar to it. */
const APP_ID = 'org.waymark.desktop'

/** The one place that touches Electron: each member maps to an Electron call, nothing more. */
export function createElectronPlatform(): DesktopPlatform {
  app.setAppUserModelId(APP_ID)
  app.setAppLogsPath()
  const logFile = join(app.getPath('logs'), 'waymark.log')
  mkdirSync(dirname(logFile), { recursive: true })
  const logStream = createWriteStream(logFile, { flags: 'a' })
  // A log that cannot be written (disk full, folder removed) must never take the app down.
  logStream.on('error', (error) => console.error('waymark: cannot write the log file', error.message))
  const log = (line: string) => {
    const stamped = `${new Date().toISOString()} ${line}\n`
    logStream.write(stamped)
    process.stdout.write(stamped)
  }
  // Bundled beside this file in out/main; resources/ sits at the app root (inside the asar when packaged).
  const resources = join(__dirname, '..', '..', 'resources')

  const createWindow = (options: { title: string; preload: string }): AppWindow => {
    const window = new BrowserWindow({
      title: options.title,
      width: 1200,
      height: 820,
      minWidth: 360,
      minHeight: 480,
      icon: join(resources, 'icon.png'),
      webPreferences: windowWebPreferences(options.preload),
    })
    const contents = window.webContents
    return {
      loadURL: (url) => contents.loadURL(url),
      show: () => window.show(),
      focus: () => window.focus(),
      isMinimized: () => window.isMinimized(),
      restore: () => window.restore(),
      isDestroyed: () => window.isDestroyed(),
      send: (channel, payload) => {
        if (!window.isDestroyed()) contents.send(channel, payload)
      },
      onClose: (listener) => window.on('close', listener),
      onClosed: (listener) => window.on('closed', listener),
      navigation: {
        setWindowOpenHandler: (handler) => contents.setWindowOpenHandler(handler),
        onWillNavigate: (listener) => contents.on('will-navigate', (event) => listener(event.url, () => event.preventDefault())),
        setPermissionHandler: (decide) => {
          contents.session.setPermissionRequestHandler((_contents, permission, callback, details) =>
            callback(decide(permission, details.requestingUrl)),
          )
          contents.session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => decide(permission, requestingOrigin))
        },
      },
    }
  }

  const createTray = (): TrayHandle => {
    const icon = nativeImage.createFromPath(join(resources, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'))
    const tray = new Tray(icon)
    return {
      setToolTip: (text) => tray.setToolTip(text),
      setMenu: (template) => tray.setContextMenu(Menu.buildFromTemplate(template)),
      onClick: (listener) => tray.on('click', listener),
      destroy: () => tray.destroy(),
    }
  }

  const forkServer = (): ServerProcess => {
    const child = utilityProcess.fork(join(__dirname, 'server-host.js'), [], {
      serviceName: 'Waymark server',
      stdio: 'pipe',
      execArgv: [...UTILITY_PROCESS_EXEC_ARGV],
    })
    child.stdout?.on('data', (chunk: Buffer) => logStream.write(chunk))
    child.stderr?.on('data', (chunk: Buffer) => logStream.write(chunk))
    return {
      postMessage: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.on('exit', listener),
      kill: () => void child.kill(),
    }
  }

  return {
    argv: process.argv,
    workingDirectory: process.cwd(),
    os: process.platform,
    paths: {
      userData: app.getPath('userData'),
      logFile,
      preload: join(__dirname, '..', 'preload', 'index.js'),
      documentation: app.isPackaged ? join(process.resourcesPath, 'README.md') : join(__dirname, '..', '..', 'README.md'),
    },
    devRendererUrl: app.isPackaged ? null : (process.env.ELECTRON_RENDERER_URL ?? null),
    locale: () => app.getPreferredSystemLanguages()[0] ?? app.getLocale(),
    requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
    onSecondInstance: (listener) => app.on('second-instance', (_event, argv, workingDirectory) => listener(argv, workingDirectory)),
    onOpenFile: (listener) =>
      app.on('open-file', (event, path) => {
        event.preventDefault()
        listener(path)
      }),
    whenReady: () => app.whenReady(),
    onActivate: (listener) => app.on('activate', listener),
    onWindowAllClosed: (listener) => app.on('window-all-closed', listener),
    onBeforeQuit: (listener) => app.on('before-quit', (event) => listener(() => event.preventDefault())),
    onTerminationSignal: (listener) => {
      process.on('SIGINT', listener)
      process.on('SIGTERM', listener)
    },
    quit: () => app.quit(),
    exit: (code) => app.exit(code),
    createWindow,
    setMenu: (template) => Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null),
    createTray,
    showOpenDialog: async (options) => {
      const focused = BrowserWindow.getFocusedWindow()
      const result = focused ? await dialog.showOpenDialog(focused, options) : await dialog.showOpenDialog(options)
      return result.canceled ? [] : result.filePaths
    },
    showMessageBox: async (options) => (await dialog.showMessageBox(options)).response,
    openExternal: (url) => shell.openExternal(url),
    openPath: async (path) => {
      // openPath answers an error text instead of throwing; show the file in its folder then.
      if ((await shell.openPath(path)) !== '') shell.showItemInFolder(path)
    },
    copyText: (text) => {
      clipboard.writeText(text).catch(() => log('could not copy to the clipboard'))
    },
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show()
    },
    showAbout: () => {
      app.setAboutPanelOptions({ applicationName: 'Waymark', applicationVersion: app.getVersion(), copyright: 'AGPL-3.0-only' })
      app.showAboutPanel()
    },
    forkServer,
    ipc: {
      handle: (channel, handler) =>
        ipcMain.handle(channel, (event, payload: unknown) =>
          handler({ senderFrame: event.senderFrame ? { url: event.senderFrame.url, isMainFrame: event.senderFrame.parent === null } : null }, payload),
        ),
    },
    log,
  }
}
