import { readFileSync, rmSync } from 'node:fs'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

const fake = await vi.hoisted(async () => {
  const [fs, os, path] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')])
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-electron-'))
  return {
    dir,
    windows: [] as { options: Record<string, unknown> }[],
    forks: [] as { path: string; options: Record<string, unknown> }[],
    handlers: new Map<string, (event: unknown, payload: unknown) => unknown>(),
    dialogResult: { canceled: false, filePaths: ['/a/run.gpx'] },
    appEvents: new Map<string, (...args: unknown[]) => void>(),
    openPathAnswer: '',
    shown: [] as string[],
  }
})

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  class BrowserWindow extends Emitter {
    static getFocusedWindow = () => null
    webContents = Object.assign(new Emitter(), {
      loadURL: vi.fn(() => Promise.resolve()),
      send: vi.fn(),
      setWindowOpenHandler: vi.fn(),
      session: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
    })
    constructor(options: Record<string, unknown>) {
      super()
      fake.windows.push({ options })
    }
    isDestroyed = () => false
  }
  return {
    app: {
      setAppUserModelId: vi.fn(),
      setAppLogsPath: vi.fn(),
      getPath: (name: string) => `${fake.dir}/${name}`,
      isPackaged: false,
      getPreferredSystemLanguages: () => ['fr-FR'],
      getLocale: () => 'en-US',
      on: (event: string, listener: (...args: unknown[]) => void) => fake.appEvents.set(event, listener),
    },
    BrowserWindow,
    dialog: { showOpenDialog: vi.fn(() => Promise.resolve(fake.dialogResult)), showMessageBox: vi.fn(() => Promise.resolve({ response: 2 })) },
    ipcMain: { handle: (channel: string, handler: (event: unknown, payload: unknown) => unknown) => fake.handlers.set(channel, handler) },
    utilityProcess: {
      fork: (path: string, _args: string[], options: Record<string, unknown>) => {
        fake.forks.push({ path, options })
        return Object.assign(new Emitter(), { stdout: new Emitter(), stderr: new Emitter(), postMessage: vi.fn(), kill: vi.fn() })
      },
    },
    shell: {
      openExternal: vi.fn(() => Promise.resolve()),
      openPath: vi.fn(() => Promise.resolve(fake.openPathAnswer)),
      showItemInFolder: (path: string) => fake.shown.push(path),
    },
    Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() },
    Tray: vi.fn(),
    nativeImage: { createFromPath: vi.fn() },
    Notification: Object.assign(vi.fn(() => ({ show: vi.fn() })), { isSupported: () => true }),
    clipboard: { writeText: vi.fn(() => Promise.resolve()) },
  }
})

import { createElectronPlatform } from './electron-platform'

describe('Electron platform adapter', () => {
  beforeEach(() => {
    fake.windows.length = 0
    fake.forks.length = 0
  })
  afterAll(() => rmSync(fake.dir, { recursive: true, force: true }))

  it('creates windows with the secure web preferences and the preload beside the bundle', () => {
    const platform = createElectronPlatform()
    platform.createWindow({ title: 'Waymark', preload: platform.paths.preload })
    const preferences = fake.windows[0]?.options.webPreferences as Record<string, unknown>
    expect(preferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: platform.paths.preload })
    expect(platform.paths.preload).toMatch(/preload[\\/]index\.js$/)
    expect(platform.locale()).toBe('fr-FR')
  })

  it('forks the server host bundle as a utility process and writes its output to the log file', async () => {
    const platform = createElectronPlatform()
    const child = platform.forkServer()
    expect(fake.forks[0]?.path).toMatch(/server-host\.js$/)
    expect(fake.forks[0]?.options).toMatchObject({ stdio: 'pipe' })
    // The utility process hands V8 only its --js-flags switch, before its isolate exists.
    expect(fake.forks[0]?.options.execArgv).toEqual(['--js-flags=--initial-old-space-size=96 --max-semi-space-size=16'])
    child.postMessage({ type: 'stop' })
    platform.log('hello from main')
    // The stream opens and writes asynchronously: wait for the line itself, not for a fixed time.
    await vi.waitFor(() => expect(readFileSync(platform.paths.logFile, 'utf8')).toContain('hello from main'), { timeout: 10_000 })
  })

  it('passes the sender frame and its top-frame status to IPC handlers', async () => {
    const platform = createElectronPlatform()
    const seen: unknown[] = []
    platform.ipc.handle('desktop:get-server-info', (event, payload) => {
      seen.push(event, payload)
      return Promise.resolve()
    })
    const handler = fake.handlers.get('desktop:get-server-info')
    await handler?.({ senderFrame: { url: 'http://127.0.0.1:5050/', parent: null } }, 'x')
    await handler?.({ senderFrame: { url: 'http://127.0.0.1:5050/frame', parent: {} } }, undefined)
    expect(seen).toEqual([
      { senderFrame: { url: 'http://127.0.0.1:5050/', isMainFrame: true } },
      'x',
      { senderFrame: { url: 'http://127.0.0.1:5050/frame', isMainFrame: false } },
      undefined,
    ])
  })

  it('answers the chosen paths of an open dialog, none when cancelled', async () => {
    const platform = createElectronPlatform()
    await expect(platform.showOpenDialog({ title: 'x', properties: ['openFile'] })).resolves.toEqual(['/a/run.gpx'])
    fake.dialogResult = { canceled: true, filePaths: ['/ignored'] }
    await expect(platform.showOpenDialog({ title: 'x', properties: ['openFile'] })).resolves.toEqual([])
  })

  it('turns macOS open-file events into paths and prevents the default handling', () => {
    const platform = createElectronPlatform()
    const paths: string[] = []
    platform.onOpenFile((path) => paths.push(path))
    const event = { preventDefault: vi.fn() }
    fake.appEvents.get('open-file')?.(event, '/Users/ann/run.gpx')
    expect(paths).toEqual(['/Users/ann/run.gpx'])
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('shows a file in its folder when no program opens it', async () => {
    const platform = createElectronPlatform()
    fake.openPathAnswer = 'no application'
    await platform.openPath('/app/README.md')
    expect(fake.shown).toEqual(['/app/README.md'])
  })
})

