import type { Page } from '@playwright/test'

import type { DesktopBridge, FileBatch, MoveDataFolderResult, ServerInfo } from '../../src/desktop/bridge'

export type { ServerInfo }

/** A file the fake hands over, as text (init scripts take serialisable arguments only). */
export interface FakeFile {
  name: string
  text: string
  type: string
}

export interface FakeBridgeOptions {
  /** What the native "Import workouts" dialog returns. */
  picked?: FakeFile[]
  info: ServerInfo
  /** What "Move…" answers. */
  move?: MoveDataFolderResult
  /** The folder the native folder dialog answers for "Watch a folder…". */
  watchFolder?: string
}

/** A bridge call the fake recorded: method and arguments. */
export interface RecordedCall {
  method: string
  args: unknown[]
}

/** What the test drives from `page.evaluate`: the main process's side of the fake. */
interface FakeDesktopControl {
  calls: RecordedCall[]
  /** Files opened with the app (or on its command line): queued, then announced. */
  openFiles: (files: FakeFile[]) => void
  /** The server was rebound or moved. */
  changeInfo: (info: ServerInfo) => void
}

export type FakeDesktopWindow = Window & { desktop: DesktopBridge; fakeDesktop: FakeDesktopControl }

/** Injects a fake preload bridge as `window.desktop` before the app's scripts run. */
export async function installFakeBridge(page: Page, options: FakeBridgeOptions): Promise<void> {
  await page.addInitScript((options: FakeBridgeOptions) => {
    const calls: RecordedCall[] = []
    const record = (method: string, ...args: unknown[]) => calls.push({ method, args })
    const batchOf = (files: readonly FakeFile[]): FileBatch => ({
      files: files.map((file) => ({ name: file.name, type: file.type, bytes: new TextEncoder().encode(file.text) })),
      skipped: [],
    })
    let info = options.info
    let opened: FakeFile[] = []
    const openedListeners = new Set<() => void>()
    const infoListeners = new Set<(next: ServerInfo) => void>()
    const bridge: DesktopBridge = {
      version: 1,
      pickWorkoutFiles: () => {
        record('pickWorkoutFiles')
        return Promise.resolve(batchOf(options.picked ?? []))
      },
      takeOpenedFiles: () => {
        const taken = opened
        opened = []
        return Promise.resolve(batchOf(taken))
      },
      onFilesOpened: (listener) => {
        openedListeners.add(listener)
        return () => void openedListeners.delete(listener)
      },
      getServerInfo: () => Promise.resolve(info),
      setLanSharing: (on) => {
        record('setLanSharing', on)
        info = { ...info, lanSharing: on, lanAddresses: on ? options.info.lanAddresses : [] }
        return Promise.resolve(info)
      },
      onServerInfoChanged: (listener) => {
        infoListeners.add(listener)
        return () => void infoListeners.delete(listener)
      },
      openExternal: (url) => {
        record('openExternal', url)
        return Promise.resolve()
      },
      openDataFolder: () => {
        record('openDataFolder')
        return Promise.resolve()
      },
      moveDataFolder: () => {
        record('moveDataFolder')
        return Promise.resolve(options.move ?? { status: 'cancelled' })
      },
      notifyImportFinished: (summary) => {
        record('notifyImportFinished', summary)
        return Promise.resolve()
      },
      addWatchedFolder: (username) => {
        record('addWatchedFolder', username)
        if (options.watchFolder) info = { ...info, watchFolders: [...info.watchFolders, { dir: options.watchFolder, username }] }
        return Promise.resolve(info)
      },
      removeWatchedFolder: (dir) => {
        record('removeWatchedFolder', dir)
        info = { ...info, watchFolders: info.watchFolders.filter((folder) => folder.dir !== dir) }
        return Promise.resolve(info)
      },
      forgetDevice: (id) => {
        record('forgetDevice', id)
        info = { ...info, devices: info.devices.filter((device) => device.id !== id) }
        return Promise.resolve(info)
      },
    }
    const control: FakeDesktopControl = {
      calls,
      openFiles: (files) => {
        opened = [...opened, ...files]
        for (const listener of openedListeners) listener()
      },
      changeInfo: (next) => {
        info = next
        for (const listener of infoListeners) listener(next)
      },
    }
    const target = window as unknown as FakeDesktopWindow
    target.desktop = bridge
    target.fakeDesktop = control
  }, options)
}

/** The bridge calls recorded so far, optionally of one method. */
export async function recordedCalls(page: Page, method?: string): Promise<RecordedCall[]> {
  const calls = await page.evaluate(() => (window as unknown as FakeDesktopWindow).fakeDesktop.calls)
  return method ? calls.filter((call) => call.method === method) : calls
}
