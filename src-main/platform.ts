import type { MenuItemConstructorOptions } from 'electron'
import type { Channel } from '../src/desktop/channels'
import type { IpcRegistrar } from './ipc/guard'
import type { ServerProcess } from './server/supervisor'

/**
 * The narrow adapter between the app's logic and Electron. Everything here is implemented in
 * `electron-platform.ts` in a few lines each; tests hand the logic a fake instead, since the
 * Electron binary cannot run on the build machines.
 */

/** Menu and tray templates: Electron's own type (type-only, nothing is loaded at run time). */
export type MenuTemplate = MenuItemConstructorOptions[]

/** The hooks of a window's web contents that keep it on the app's own pages. */
export interface NavigationHooks {
  setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) => void
  onWillNavigate: (listener: (url: string, prevent: () => void) => void) => void
  setPermissionHandler: (decide: (permission: string, requestingUrl: string) => boolean) => void
}

export interface AppWindow {
  loadURL: (url: string) => Promise<void>
  show: () => void
  focus: () => void
  isMinimized: () => boolean
  restore: () => void
  isDestroyed: () => boolean
  /** Sends an event to the page (the preload relays it to the bridge's listeners). */
  send: (channel: Channel, payload?: unknown) => void
  onClose: (listener: () => void) => void
  onClosed: (listener: () => void) => void
  readonly navigation: NavigationHooks
}

interface WindowOptions {
  title: string
  preload: string
}

export interface TrayHandle {
  setToolTip: (text: string) => void
  setMenu: (template: MenuTemplate) => void
  onClick: (listener: () => void) => void
  destroy: () => void
}

export interface MessageBoxOptions {
  type: 'error' | 'info' | 'question' | 'warning'
  title: string
  message: string
  detail: string
  buttons: string[]
  defaultId: number
  cancelId: number
}

export interface OpenDialogOptions {
  title: string
  buttonLabel?: string
  filters?: { name: string; extensions: string[] }[]
  properties: ('openFile' | 'openDirectory' | 'multiSelections' | 'createDirectory' | 'promptToCreate')[]
}

export interface DesktopPlatform {
  readonly argv: readonly string[]
  readonly workingDirectory: string
  readonly os: NodeJS.Platform
  readonly paths: {
    readonly userData: string
    readonly logFile: string
    readonly preload: string
    readonly documentation: string
  }
  /** Development only: electron-vite's renderer dev server, which the window loads instead. */
  readonly devRendererUrl: string | null
  locale: () => string
  requestSingleInstanceLock: () => boolean
  onSecondInstance: (listener: (argv: string[], workingDirectory: string) => void) => void
  /** macOS delivers "Open with" files as events, possibly before `ready`. */
  onOpenFile: (listener: (path: string) => void) => void
  whenReady: () => Promise<void>
  onActivate: (listener: () => void) => void
  onWindowAllClosed: (listener: () => void) => void
  onBeforeQuit: (listener: (prevent: () => void) => void) => void
  onTerminationSignal: (listener: () => void) => void
  quit: () => void
  exit: (code: number) => void
  createWindow: (options: WindowOptions) => AppWindow
  setMenu: (template: MenuTemplate | null) => void
  createTray: () => TrayHandle
  showOpenDialog: (options: OpenDialogOptions) => Promise<string[]>
  /** The index of the button chosen. */
  showMessageBox: (options: MessageBoxOptions) => Promise<number>
  openExternal: (url: string) => Promise<void>
  openPath: (path: string) => Promise<void>
  copyText: (text: string) => void
  notify: (title: string, body: string) => void
  showAbout: () => void
  forkServer: () => ServerProcess
  readonly ipc: IpcRegistrar
  log: (line: string) => void
}
