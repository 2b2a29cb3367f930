import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDesktopServer } from './desktop-server'
import type { ServerAddress, ServerSupervisor } from './server/supervisor'
import { openSettings } from './settings'
import type { StartMessage } from './server/protocol'

/** A supervisor that records start orders; `takenPorts` makes it move up like the real host. */
function fakeSupervisor(options: { takenPorts?: number[]; failFor?: (order: Omit<StartMessage, 'type'>) => boolean } = {}) {
  const starts: Omit<StartMessage, 'type'>[] = []
  let address: ServerAddress | null = null
  const supervisor: ServerSupervisor & { starts: typeof starts; stops: number } = {
    starts,
    stops: 0,
    get address() {
      return address
    },
    start(order) {
      starts.push(order)
      if (options.failFor?.(order)) return Promise.reject(new Error('cannot start there'))
      let port = order.preferredPort
      while (options.takenPorts?.includes(port)) port += 1
      address = { port, host: order.host }
      return Promise.resolve(address)
    },
    stop() {
      supervisor.stops += 1
      address = null
      return Promise.resolve()
    },
  }
  return supervisor
}

describe('desktop server', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-desktop-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const setup = (supervisor = fakeSupervisor()) => {
    const settings = openSettings(join(dir, 'settings.json'))
    const server = createDesktopServer({
      supervisor,
      settings,
      defaultDataFolder: join(dir, 'data'),
      lanUrls: (port) => [`http://192.168.1.20:${port}/`],
      qrCode: (text) => Promise.resolve(`qr:${text}`),
      log: () => undefined,
      setupCode: 'ABCD-EFGH',
    })
    return { server, settings, supervisor }
  }

  it('starts on all interfaces with LAN sharing (the default) and describes itself', async () => {
    const { server, supervisor } = setup()
    const info = await server.start()
    expect(supervisor.starts[0]).toEqual({ dataFolder: join(dir, 'data'), preferredPort: 5050, host: '0.0.0.0', publicUrl: 'http://192.168.1.20:5050', setupCode: 'ABCD-EFGH', watchFolders: [], devices: [] })
    expect(info).toEqual({
      localUrl: 'http://127.0.0.1:5050/',
      port: 5050,
      lanSharing: true,
      lanAddresses: [{ url: 'http://192.168.1.20:5050/', qrCode: 'qr:http://192.168.1.20:5050/' }],
      dataFolder: join(dir, 'data'),
      setupCode: 'ABCD-EFGH',
      watchFolders: [],
      devices: [],
    })
    expect(server.localUrl()).toBe('http://127.0.0.1:5050/')
  })

  it('remembers the port it had to move to, and asks for it first next time', async () => {
    const first = setup(fakeSupervisor({ takenPorts: [5050] }))
    expect((await first.server.start()).port).toBe(5051)
    expect(first.settings.get().port).toBe(5051)
    const second = setup()
    await second.server.start()
    expect(second.supervisor.starts[0]?.preferredPort).toBe(5051)
  })

  it('rebinds to loopback only when LAN sharing is turned off, and tells listeners', async () => {
    const { server, supervisor, settings } = setup()
    await server.start()
    const listener = vi.fn()
    server.onChange(listener)
    const info = await server.setLanSharing(false)
    expect(supervisor.stops).toBe(1)
    expect(supervisor.starts[1]).toMatchObject({ host: '127.0.0.1', preferredPort: 5050, publicUrl: 'http://localhost:5050' })
    expect(info).toMatchObject({ lanSharing: false, lanAddresses: [], port: 5050 })
    expect(settings.get().lanSharing).toBe(false)
    expect(listener).toHaveBeenCalledWith(info)
    await server.setLanSharing(false)
    expect(supervisor.stops).toBe(1)
  })

  it('restarts the server with the watched folders, remembers them, and tells listeners', async () => {
    const { server, supervisor, settings } = setup()
    await server.start()
    const listener = vi.fn()
    server.onChange(listener)
    const folders = [{ dir: '/home/sam/Sync', username: 'sam' }]
    const info = await server.setWatchFolders(folders)
    expect(supervisor.stops).toBe(1)
    expect(supervisor.starts[1]).toMatchObject({ watchFolders: folders })
    expect(info.watchFolders).toEqual(folders)
    expect(settings.get().watchFolders).toEqual(folders)
    expect(listener).toHaveBeenCalledWith(info)
    // The next start of the app watches them from the first moment.
    const next = setup()
    await next.server.start()
    expect(next.supervisor.starts[0]).toMatchObject({ watchFolders: folders })
  })

  it('moves the data folder: stops, copies, starts on the copy, then removes the original', async () => {
    const { server, supervisor, settings } = setup()
    mkdirSync(join(dir, 'data'))
    writeFileSync(join(dir, 'data', 'waymark.sqlite'), 'db')
    await server.start()
    const result = await server.moveDataFolder(join(dir, 'moved'))
    expect(result).toEqual({ status: 'moved', dataFolder: join(dir, 'moved') })
    expect(supervisor.starts.map((order) => order.dataFolder)).toEqual([join(dir, 'data'), join(dir, 'moved')])
    expect(readFileSync(join(dir, 'moved', 'waymark.sqlite'), 'utf8')).toBe('db')
    expect(existsSync(join(dir, 'data'))).toBe(false)
    expect(settings.get().dataFolder).toBe(join(dir, 'moved'))
    expect(server.dataFolder()).toBe(join(dir, 'moved'))
  })

  it('goes back to the untouched original when the server cannot start on the copy', async () => {
    const supervisor = fakeSupervisor({ failFor: (order) => order.dataFolder.endsWith('moved') })
    const { server, settings } = setup(supervisor)
    mkdirSync(join(dir, 'data'))
    writeFileSync(join(dir, 'data', 'waymark.sqlite'), 'db')
    await server.start()
    expect(await server.moveDataFolder(join(dir, 'moved'))).toEqual({ status: 'failed', reason: 'copy-failed' })
    expect(supervisor.starts.map((order) => order.dataFolder)).toEqual([join(dir, 'data'), join(dir, 'moved'), join(dir, 'data')])
    expect(readFileSync(join(dir, 'data', 'waymark.sqlite'), 'utf8')).toBe('db')
    expect(existsSync(join(dir, 'moved'))).toBe(false)
    expect(settings.get().dataFolder).toBeNull()
  })

  it('refuses a folder inside the current one without stopping the server', async () => {
    const { server, supervisor } = setup()
    mkdirSync(join(dir, 'data', 'uploads'), { recursive: true })
    await server.start()
    expect(await server.moveDataFolder(join(dir, 'data', 'uploads'))).toEqual({ status: 'failed', reason: 'inside-current' })
    expect(supervisor.stops).toBe(0)
  })
})
