import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MoveDataFolderResult, ServerInfo } from '../../src/desktop/bridge'
import { CHANNELS, type Channel } from '../../src/desktop/channels'
import type { DesktopServer } from '../desktop-server'
import { createTranslator } from '../i18n'
import { createOpenedFilesQueue } from '../opened-files'
import { registerDesktopIpc, type DesktopIpcDeps } from './index'
import { isTrustedSender, type IpcHandler } from './guard'

const origin = 'http://127.0.0.1:5050'
const info: ServerInfo = {
  localUrl: `${origin}/`,
  port: 5050,
  lanSharing: true,
  lanAddresses: [],
  dataFolder: '/data',
  setupCode: 'ABCD-EFGH',
  watchFolders: [{ dir: '/sync', username: 'kim' }],
  devices: [{ id: 'garmin:3988123456', name: 'Forerunner 245', username: 'kim' }],
}

describe('bridge IPC handlers', () => {
  let dir: string
  let handlers: Map<Channel, IpcHandler>
  let deps: DesktopIpcDeps & {
    server: DesktopServer & { setLanSharing: ReturnType<typeof vi.fn>; moveDataFolder: ReturnType<typeof vi.fn>; setWatchFolders: ReturnType<typeof vi.fn>; forgetDevice: ReturnType<typeof vi.fn> }
  }
  const call = (channel: Channel, payload?: unknown, url = `${origin}/add-workout`) => {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler({ senderFrame: { url, isMainFrame: true } }, payload)
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-ipc-'))
    handlers = new Map()
    const server = {
      start: vi.fn(),
      stop: vi.fn(),
      info: vi.fn(() => Promise.resolve(info)),
      setLanSharing: vi.fn((on: boolean) => Promise.resolve({ ...info, lanSharing: on })),
      moveDataFolder: vi.fn((): Promise<MoveDataFolderResult> => Promise.resolve({ status: 'moved', dataFolder: '/new' })),
      setWatchFolders: vi.fn((watchFolders: ServerInfo['watchFolders']) => Promise.resolve({ ...info, watchFolders })),
      rememberDevice: vi.fn(() => Promise.resolve(info)),
      forgetDevice: vi.fn((id: string) => Promise.resolve({ ...info, devices: info.devices.filter((device) => device.id !== id) })),
      dataFolder: () => '/data',
      localUrl: () => `${origin}/`,
      onChange: () => () => undefined,
    }
    deps = {
      appOrigin: () => origin,
      server,
      queue: createOpenedFilesQueue(() => undefined),
      t: createTranslator('en'),
      chooseWorkoutFiles: vi.fn(() => Promise.resolve([] as string[])),
      chooseFolder: vi.fn(() => Promise.resolve<string | null>(null)),
      openExternal: vi.fn(() => Promise.resolve()),
      openPath: vi.fn(() => Promise.resolve()),
      notify: vi.fn(),
      log: vi.fn(),
    }
    registerDesktopIpc({ handle: (channel, handler) => void handlers.set(channel, handler) }, deps)
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('registers a handler for every invoke channel', () => {
    const events: Channel[] = [CHANNELS.filesOpened, CHANNELS.serverInfoChanged]
    expect([...handlers.keys()].sort()).toEqual(Object.values(CHANNELS).filter((channel) => !events.includes(channel)).sort())
  })

  it('refuses every call from a page of another origin, a sub-frame, or without a frame', async () => {
    for (const channel of handlers.keys()) {
      await expect(call(channel, undefined, 'https://evil.example/')).rejects.toThrow('untrusted sender')
    }
    expect(isTrustedSender({ senderFrame: { url: `${origin}/`, isMainFrame: false } }, () => origin)).toBe(false)
    expect(isTrustedSender({ senderFrame: null }, () => origin)).toBe(false)
    expect(isTrustedSender({ senderFrame: { url: `${origin}/`, isMainFrame: true } }, () => null)).toBe(false)
    expect(isTrustedSender({ senderFrame: { url: 'http://127.0.0.1:5051/', isMainFrame: true } }, () => origin)).toBe(false)
    expect(deps.openExternal).not.toHaveBeenCalled()
    expect(deps.server.setLanSharing).not.toHaveBeenCalled()
  })

  it('pickWorkoutFiles: reads the files chosen in the native dialog', async () => {
    const gpx = join(dir, 'run.gpx')
    writeFileSync(gpx, '<gpx/>')
    vi.mocked(deps.chooseWorkoutFiles).mockResolvedValueOnce([gpx, join(dir, 'photo.png')])
    const batch = await call(CHANNELS.pickWorkoutFiles)
    expect(batch).toMatchObject({ files: [{ name: 'run.gpx', type: 'application/gpx+xml' }], skipped: [{ name: 'photo.png', reason: 'unsupported' }] })
    await expect(call(CHANNELS.pickWorkoutFiles)).resolves.toEqual({ files: [], skipped: [] })
    await expect(call(CHANNELS.pickWorkoutFiles, { path: '/etc/passwd' })).rejects.toThrow('invalid payload')
  })

  it('setLanSharing: takes a boolean only', async () => {
    await expect(call(CHANNELS.setLanSharing, false)).resolves.toMatchObject({ lanSharing: false })
    expect(deps.server.setLanSharing).toHaveBeenCalledWith(false)
    for (const bad of ['false', 0, null, undefined, { on: true }]) {
      await expect(call(CHANNELS.setLanSharing, bad)).rejects.toThrow('invalid payload')
    }
    expect(deps.server.setLanSharing).toHaveBeenCalledTimes(1)
  })

  it('getServerInfo: answers the server description', async () => {
    await expect(call(CHANNELS.getServerInfo)).resolves.toEqual(info)
  })

  it('openExternal: http(s) links only', async () => {
    await call(CHANNELS.openExternal, 'https://www.openstreetmap.org/copyright')
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://nas/share', 'not a url', 42, `https://x.example/${'a'.repeat(3000)}`]) {
      await expect(call(CHANNELS.openExternal, bad)).rejects.toThrow('invalid payload')
    }
    expect(deps.openExternal).toHaveBeenCalledTimes(1)
  })

  it('data folder: opens it, and moves it only when a folder was chosen', async () => {
    await call(CHANNELS.openDataFolder)
    expect(deps.openPath).toHaveBeenCalledWith('/data')
    await expect(call(CHANNELS.moveDataFolder)).resolves.toEqual({ status: 'cancelled' })
    expect(deps.server.moveDataFolder).not.toHaveBeenCalled()
    vi.mocked(deps.chooseFolder).mockResolvedValueOnce('/mnt/backup')
    await expect(call(CHANNELS.moveDataFolder)).resolves.toEqual({ status: 'moved', dataFolder: '/new' })
    expect(deps.server.moveDataFolder).toHaveBeenCalledWith('/mnt/backup')
    await expect(call(CHANNELS.moveDataFolder, '/tmp/evil')).rejects.toThrow('invalid payload')
  })

  it('watched folders: added only through the folder dialog, for the account named; removed by folder', async () => {
    await expect(call(CHANNELS.addWatchedFolder, 'sam')).resolves.toEqual(info)
    expect(deps.server.setWatchFolders).not.toHaveBeenCalled()
    vi.mocked(deps.chooseFolder).mockResolvedValueOnce('/home/sam/Sync')
    await expect(call(CHANNELS.addWatchedFolder, 'sam')).resolves.toMatchObject({
      watchFolders: [
        { dir: '/sync', username: 'kim' },
        { dir: '/home/sam/Sync', username: 'sam' },
      ],
    })
    await call(CHANNELS.removeWatchedFolder, '/sync')
    expect(deps.server.setWatchFolders).toHaveBeenLastCalledWith([])
    for (const bad of [42, '', { dir: '/etc' }, 'x'.repeat(101)]) await expect(call(CHANNELS.addWatchedFolder, bad)).rejects.toThrow('invalid payload')
    await expect(call(CHANNELS.removeWatchedFolder, null)).rejects.toThrow('invalid payload')
    expect(deps.server.setWatchFolders).toHaveBeenCalledTimes(2)
  })

  it('plugged-in watches: the page can only forget an answer, by device id', async () => {
    await expect(call(CHANNELS.forgetDevice, 'garmin:3988123456')).resolves.toMatchObject({ devices: [] })
    expect(deps.server.forgetDevice).toHaveBeenCalledWith('garmin:3988123456')
    for (const bad of [42, '', { id: 'x', username: 'sam' }, 'x'.repeat(201)]) await expect(call(CHANNELS.forgetDevice, bad)).rejects.toThrow('invalid payload')
    expect(deps.server.forgetDevice).toHaveBeenCalledTimes(1)
  })

  it('notifyImportFinished: composes the translated text from counts only', async () => {
    await call(CHANNELS.notifyImportFinished, { imported: 41, failed: 2 })
    expect(deps.notify).toHaveBeenCalledWith('Import finished', 'Imported: 41. Failed: 2.')
    for (const bad of [{ imported: -1, failed: 0 }, { imported: 1.5, failed: 0 }, { imported: 1, failed: 0, title: 'phish' }, 'done']) {
      await expect(call(CHANNELS.notifyImportFinished, bad)).rejects.toThrow('invalid payload')
    }
    expect(deps.notify).toHaveBeenCalledTimes(1)
  })
})
