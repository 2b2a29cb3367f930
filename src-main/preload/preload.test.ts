import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '../../src/desktop/bridge'
import { CHANNELS } from '../../src/desktop/channels'

const electron = vi.hoisted(() => {
  const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>()
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    invoke: vi.fn((..._args: unknown[]) => Promise.resolve('answer')),
  }
})

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      electron.listeners.set(channel, [...(electron.listeners.get(channel) ?? []), listener]),
    removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      electron.listeners.set(channel, (electron.listeners.get(channel) ?? []).filter((candidate) => candidate !== listener)),
  },
}))

describe('preload bridge', () => {
  let bridge: DesktopBridge
  beforeAll(async () => {
    await import('./index')
    bridge = electron.exposed.get('desktop') as DesktopBridge
  })

  it('exposes window.desktop and nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual(['desktop'])
    expect(bridge.version).toBe(1)
  })

  it('maps each method to its channel with its payload', async () => {
    await bridge.pickWorkoutFiles()
    await bridge.takeOpenedFiles()
    await bridge.getServerInfo()
    await bridge.setLanSharing(false)
    await bridge.openExternal('https://example.com/')
    await bridge.openDataFolder()
    await bridge.moveDataFolder()
    await expect(bridge.notifyImportFinished({ imported: 3, failed: 0 })).resolves.toBe('answer')
    expect(electron.invoke.mock.calls).toEqual([
      [CHANNELS.pickWorkoutFiles],
      [CHANNELS.takeOpenedFiles],
      [CHANNELS.getServerInfo],
      [CHANNELS.setLanSharing, false],
      [CHANNELS.openExternal, 'https://example.com/'],
      [CHANNELS.openDataFolder],
      [CHANNELS.moveDataFolder],
      [CHANNELS.notifyImportFinished, { imported: 3, failed: 0 }],
    ])
  })

  it('relays events to listeners until they unsubscribe, without leaking the IPC event', () => {
    const opened = vi.fn()
    const changed = vi.fn()
    const stopOpened = bridge.onFilesOpened(opened)
    bridge.onServerInfoChanged(changed)
    const emit = (channel: string, payload?: unknown) => electron.listeners.get(channel)?.forEach((listener) => listener({ sender: 'secret' }, payload))
    emit(CHANNELS.filesOpened)
    emit(CHANNELS.serverInfoChanged, { port: 5050 })
    expect(opened).toHaveBeenCalledWith()
    expect(changed).toHaveBeenCalledWith({ port: 5050 })
    stopOpened()
    emit(CHANNELS.filesOpened)
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it('imports nothing a sandboxed preload cannot load', () => {
    const source = readFileSync(join(__dirname, 'index.ts'), 'utf8')
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1])
    expect(imports).toEqual(['electron', '../../src/desktop/bridge', '../../src/desktop/channels'])
    expect(source).toMatch(/import type \{ DesktopBridge, ServerInfo \}/)
  })
})
