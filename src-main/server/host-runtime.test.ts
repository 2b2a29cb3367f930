import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createNetServer, type Server } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../../src-server/config/server-config'
import { mountRoots } from '../../src-server/modules/watch/device-volumes'
import { createServer } from '../../src-server/server'
import { runServerHost, type HostChannel } from './host-runtime'
import type { FromServerMessage } from './protocol'

/** The parent's end of the channel: what the host sent, and a way to send it orders. */
function parent() {
  const sent: FromServerMessage[] = []
  let deliver: (message: unknown) => void = () => undefined
  const channel: HostChannel = {
    send: (message) => void sent.push(message),
    onMessage: (listener) => {
      deliver = listener
    },
  }
  const next = (type: FromServerMessage['type']) =>
    vi.waitFor(
      () => {
        const found = sent.find((message) => message.type === type)
        if (!found) throw new Error(`no ${type} yet: ${JSON.stringify(sent)}`)
        return found
      },
      { timeout: 15_000, interval: 20 },
    )
  return { channel, sent, order: (message: unknown) => deliver(message), next }
}

const quietLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('server host (the utility process body)', () => {
  let dir: string
  const blockers: Server[] = []
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-host-'))
  })
  afterEach(async () => {
    await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts the real server on the preferred port, answers HTTP, then stops cleanly and frees the folder', async () => {
    const { channel, order, next } = parent()
    const exit = vi.fn()
    runServerHost(channel, { createServer, logger: quietLogger, bundleDir: join(dir, 'bundle'), exit })
    const dataFolder = join(dir, 'data')
    order({ type: 'start', dataFolder, preferredPort: 0, host: '127.0.0.1', publicUrl: 'http://localhost:5050', setupCode: 'ABCD-EFGH' })
    const ready = await next('ready')
    if (ready.type !== 'ready') throw new Error('not ready')
    const answer = await fetch(`http://127.0.0.1:${ready.port}/api/config`)
    expect(answer.status).toBe(200)
    // The desktop's server says so: its login page tells of data kept on this computer.
    expect(((await answer.json()) as { data: { hosting: string } }).data.hosting).toBe('desktop')
    expect(existsSync(join(dataFolder, 'waymark.sqlite'))).toBe(true)
    expect(existsSync(join(dataFolder, 'server.lock'))).toBe(true)

    order({ type: 'stop' })
    await next('stopped')
    expect(exit).toHaveBeenCalledWith(0)
    expect(existsSync(join(dataFolder, 'server.lock'))).toBe(false)
    await expect(fetch(`http://127.0.0.1:${ready.port}/api/config`)).rejects.toThrow()
  })

  it("watches the folders of the start order and tells the parent of each automatic import", async () => {
    const { channel, order, next, sent } = parent()
    let config: Parameters<typeof createServer>[0] | undefined
    const capture: typeof createServer = (given, overrides) => {
      config = given
      return createServer(given, overrides)
    }
    runServerHost(channel, { createServer: capture, logger: quietLogger, bundleDir: dir, exit: () => undefined })
    const watchFolders = [{ dir: join(dir, 'sync'), username: 'sam' }]
    const devices = [{ id: 'garmin:3988123456', username: 'sam' }]
    order({ type: 'start', dataFolder: join(dir, 'data'), preferredPort: 0, host: '127.0.0.1', publicUrl: 'http://localhost:5050', setupCode: 'ABCD-EFGH', watchFolders, devices })
    await next('ready')
    expect(config?.watchFolders).toEqual(watchFolders)
    // The devices answered for, looked for under the system's mount folders; any other is announced.
    expect(config?.watchDevices).toEqual({ roots: mountRoots(process.platform, userInfo().username), username: null, remembered: devices })
    config?.onAutomaticImport?.({ file: 'ride.fit', status: 'imported' })
    expect(sent).toContainEqual({ type: 'automatic-import', file: 'ride.fit', status: 'imported' })
    config?.onDeviceFound?.({ id: 'volume:EDGE', name: 'EDGE', accounts: ['sam'] })
    expect(sent).toContainEqual({ type: 'device-found', id: 'volume:EDGE', name: 'EDGE', accounts: ['sam'] })
    order({ type: 'stop' })
    await next('stopped')
  })

  it('takes the next port when the preferred one is taken', async () => {
    const blocker = createNetServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    blockers.push(blocker)
    const address = blocker.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const { channel, order, next } = parent()
    runServerHost(channel, { createServer, logger: quietLogger, bundleDir: dir, exit: () => undefined })
    order({ type: 'start', dataFolder: join(dir, 'data'), preferredPort: address.port, host: '127.0.0.1', publicUrl: 'http://localhost:1', setupCode: 'ABCD-EFGH' })
    const ready = await next('ready')
    expect(ready.type === 'ready' && ready.port).toBeGreaterThan(address.port)
    order({ type: 'stop' })
    await next('stopped')
  })

  it('answers failed with the reason when the folder is unusable, and ignores malformed orders', async () => {
    const { channel, order, next, sent } = parent()
    const exit = vi.fn()
    runServerHost(channel, { createServer, logger: quietLogger, bundleDir: dir, exit, choosePort: (port) => Promise.resolve(port) })
    order({ type: 'start', dataFolder: '' })
    order('start')
    expect(sent).toEqual([])
    const file = join(dir, 'a-file')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(file, 'not a folder')
    order({ type: 'start', dataFolder: file, preferredPort: 0, host: '127.0.0.1', publicUrl: 'http://localhost:1', setupCode: 'ABCD-EFGH' })
    const failed = await next('failed')
    expect(failed.type === 'failed' && failed.reason).toMatch(/cannot use data folder .*a-file/)
    expect(exit).toHaveBeenCalledWith(1)
  })
})
