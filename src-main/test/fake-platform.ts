import type { MenuItemConstructorOptions } from 'electron'
import type { Channel } from '../../src/desktop/channels'
import type { IpcEvent, IpcHandler } from '../ipc/guard'
import type { AppWindow, DesktopPlatform, MenuTemplate, MessageBoxOptions, OpenDialogOptions, TrayHandle } from '../platform'
import type { FromServerMessage, ToServerMessage } from '../server/protocol'
import type { ServerProcess } from '../server/supervisor'

/** A window that records what happens to it. */
export interface FakeWindow extends AppWindow {
  readonly loaded: string[]
  readonly sent: { channel: Channel; payload: unknown }[]
  shown: number
  destroyed: boolean
  minimized: boolean
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null
  willNavigate: ((url: string, prevent: () => void) => void) | null
  permission: ((permission: string, url: string) => boolean) | null
  /** The user closes the window. */
  close(): void
}

export function fakeWindow(): FakeWindow {
  const closeListeners: (() => void)[] = []
  const closedListeners: (() => void)[] = []
  const window: FakeWindow = {
    loaded: [],
    sent: [],
    shown: 0,
    destroyed: false,
    minimized: false,
    openHandler: null,
    willNavigate: null,
    permission: null,
    loadURL: (url) => {
      window.loaded.push(url)
      return Promise.resolve()
    },
    show: () => {
      window.shown += 1
    },
    focus: () => undefined,
    isMinimized: () => window.minimized,
    restore: () => {
      window.minimized = false
    },
    isDestroyed: () => window.destroyed,
    send: (channel, payload) => void window.sent.push({ channel, payload }),
    onClose: (listener) => void closeListeners.push(listener),
    onClosed: (listener) => void closedListeners.push(listener),
    close() {
      for (const listener of closeListeners) listener()
      window.destroyed = true
      for (const listener of closedListeners) listener()
    },
    navigation: {
      setWindowOpenHandler: (handler) => {
        window.openHandler = handler
      },
      onWillNavigate: (listener) => {
        window.willNavigate = listener
      },
      setPermissionHandler: (decide) => {
        window.permission = decide
      },
    },
  }
  return window
}

/** A server process that answers like the real host, on a scripted port. */
function fakeServerProcess(options: { port?: number; fail?: string } = {}) {
  const messageListeners: ((message: unknown) => void)[] = []
  const exitListeners: ((code: number) => void)[] = []
  const child = {
    received: [] as ToServerMessage[],
    emit(message: FromServerMessage) {
      for (const listener of messageListeners) listener(message)
    },
    crash(code = 1) {
      for (const listener of exitListeners) listener(code)
    },
    postMessage(message: ToServerMessage) {
      child.received.push(message)
      queueMicrotask(() => {
        if (message.type === 'start') {
          if (options.fail) {
            child.emit({ type: 'failed', reason: options.fail })
            child.crash(1)
          } else child.emit({ type: 'ready', port: options.port ?? message.preferredPort, host: message.host })
        } else {
          child.emit({ type: 'stopped' })
          child.crash(0)
        }
      })
    },
    onMessage: (listener: (message: unknown) => void) => void messageListeners.push(listener),
    onExit: (listener: (code: number) => void) => void exitListeners.push(listener),
    kill: () => child.crash(137),
  }
  return child
}
type FakeServerProcess = ReturnType<typeof fakeServerProcess>

type Listener<A extends unknown[] = []> = (...args: A) => void

/** The whole platform, recording calls in `events` (in order) for lifecycle assertions. */
export function fakePlatform(options: { argv?: string[]; userData: string; os?: NodeJS.Platform; locale?: string; lock?: boolean; dev?: string }) {
  const events: string[] = []
  const listeners = {
    secondInstance: [] as Listener<[string[], string]>[],
    openFile: [] as Listener<[string]>[],
    activate: [] as Listener[],
    windowAllClosed: [] as Listener[],
    beforeQuit: [] as Listener<[() => void]>[],
    signal: [] as Listener[],
  }
  const handlers = new Map<Channel, IpcHandler>()
  let resolveReady: () => void = () => undefined
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve
  })

  const state = {
    events,
    windows: [] as FakeWindow[],
    processes: [] as FakeServerProcess[],
    /** What the next forked server process does. */
    nextServer: [] as { port?: number; fail?: string }[],
    menus: [] as (MenuTemplate | null)[],
    tray: null as (TrayHandle & { tooltip: string; menu: MenuTemplate; destroyed: boolean; click: Listener | null }) | null,
    dialogAnswers: [] as string[][],
    dialogs: [] as OpenDialogOptions[],
    messageBoxAnswers: [] as number[],
    messageBoxes: [] as MessageBoxOptions[],
    notifications: [] as { title: string; body: string }[],
    opened: [] as string[],
    external: [] as string[],
    copied: [] as string[],
    logs: [] as string[],
    exitCode: null as number | null,
    ready: () => resolveReady(),
    secondInstance: (argv: string[], cwd: string) => listeners.secondInstance.forEach((listener) => listener(argv, cwd)),
    openFile: (path: string) => listeners.openFile.forEach((listener) => listener(path)),
    windowAllClosed: () => listeners.windowAllClosed.forEach((listener) => listener()),
    activate: () => listeners.activate.forEach((listener) => listener()),
    signal: () => listeners.signal.forEach((listener) => listener()),
    /** Calls a bridge channel as a page at `url` would. */
    invoke: (channel: Channel, payload?: unknown, url = 'http://127.0.0.1:5050/workouts', isMainFrame = true) => {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`no handler for ${channel}`)
      const event: IpcEvent = { senderFrame: { url, isMainFrame } }
      return handler(event, payload)
    },
    handlers,
  }

  const platform: DesktopPlatform = {
    argv: options.argv ?? ['waymark'],
    workingDirectory: '/home/ann',
    os: options.os ?? 'linux',
    paths: {
      userData: options.userData,
      logFile: `${options.userData}/logs/waymark.log`,
      preload: '/app/out/preload/index.js',
      documentation: '/app/README.md',
    },
    devRendererUrl: options.dev ?? null,
    locale: () => options.locale ?? 'en-GB',
    requestSingleInstanceLock: () => {
      events.push('lock')
      return options.lock ?? true
    },
    onSecondInstance: (listener) => void listeners.secondInstance.push(listener),
    onOpenFile: (listener) => void listeners.openFile.push(listener),
    whenReady: () => {
      events.push('whenReady')
      return readyPromise
    },
    onActivate: (listener) => void listeners.activate.push(listener),
    onWindowAllClosed: (listener) => void listeners.windowAllClosed.push(listener),
    onBeforeQuit: (listener) => void listeners.beforeQuit.push(listener),
    onTerminationSignal: (listener) => void listeners.signal.push(listener),
    quit: () => {
      events.push('quit')
      // Like Electron: before-quit first; a listener may hold the quit.
      let prevented = false
      for (const listener of listeners.beforeQuit) listener(() => (prevented = true))
      events.push(prevented ? 'quit-held' : 'quit-done')
    },
    exit: (code) => {
      events.push(`exit ${code}`)
      state.exitCode = code
    },
    createWindow: () => {
      events.push('createWindow')
      const window = fakeWindow()
      state.windows.push(window)
      return window
    },
    setMenu: (template) => void state.menus.push(template),
    createTray: () => {
      events.push('createTray')
      const tray = {
        tooltip: '',
        menu: [] as MenuTemplate,
        destroyed: false,
        click: null as Listener | null,
        setToolTip: (text: string) => {
          tray.tooltip = text
        },
        setMenu: (template: MenuTemplate) => {
          tray.menu = template
        },
        onClick: (listener: Listener) => {
          tray.click = listener
        },
        destroy: () => {
          tray.destroyed = true
        },
      }
      state.tray = tray
      return tray
    },
    showOpenDialog: (dialog) => {
      state.dialogs.push(dialog)
      return Promise.resolve(state.dialogAnswers.shift() ?? [])
    },
    showMessageBox: (box) => {
      events.push('messageBox')
      state.messageBoxes.push(box)
      return Promise.resolve(state.messageBoxAnswers.shift() ?? box.cancelId)
    },
    openExternal: (url) => {
      state.external.push(url)
      return Promise.resolve()
    },
    openPath: (path) => {
      state.opened.push(path)
      return Promise.resolve()
    },
    copyText: (text) => void state.copied.push(text),
    notify: (title, body) => void state.notifications.push({ title, body }),
    showAbout: () => void events.push('about'),
    forkServer: (): ServerProcess => {
      events.push('forkServer')
      const child = fakeServerProcess(state.nextServer.shift() ?? {})
      state.processes.push(child)
      return child
    },
    ipc: { handle: (channel, handler) => void handlers.set(channel, handler) },
    log: (line) => void state.logs.push(line),
  }
  return { platform, state }
}

/** Finds a menu item by id anywhere in a template. */
export function menuItem(template: readonly MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | undefined {
  for (const item of template) {
    if (item.id === id) return item
    if (Array.isArray(item.submenu)) {
      const found = menuItem(item.submenu, id)
      if (found) return found
    }
  }
  return undefined
}

/** Clicks a menu item as Electron would (the arguments are not used by our handlers). */
export function click(item: MenuItemConstructorOptions | undefined): void {
  if (!item?.click) throw new Error(`menu item ${item?.id ?? '(missing)'} has no click handler`)
  ;(item.click as () => void)()
}
