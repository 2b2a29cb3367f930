import { describe, expect, it, vi } from 'vitest'
import type { FromServerMessage, ToServerMessage } from './protocol'
import { createSupervisor, ServerStartError, type ServerProcess } from './supervisor'

/** A scripted server process: `reply` decides what it answers to each message. */
function fakeProcess(reply: (message: ToServerMessage, process: FakeProcess) => void) {
  const messageListeners: ((message: unknown) => void)[] = []
  const exitListeners: ((code: number) => void)[] = []
  const process = {
    received: [] as ToServerMessage[],
    killed: false,
    exited: false,
    emit(message: FromServerMessage | Record<string, unknown>) {
      for (const listener of messageListeners) listener(message)
    },
    exit(code: number) {
      if (process.exited) return
      process.exited = true
      for (const listener of exitListeners) listener(code)
    },
    postMessage(message: ToServerMessage) {
      process.received.push(message)
      queueMicrotask(() => reply(message, process))
    },
    onMessage: (listener: (message: unknown) => void) => void messageListeners.push(listener),
    onExit: (listener: (code: number) => void) => void exitListeners.push(listener),
    kill() {
      process.killed = true
      process.exit(137)
    },
  }
  return process
}
type FakeProcess = ReturnType<typeof fakeProcess>

const order = { dataFolder: '/data', preferredPort: 5050, host: '127.0.0.1', publicUrl: 'http://localhost:5050', setupCode: 'ABCD-EFGH' }

/** A well-behaved server: ready on start, stopped then exit on stop. */
const wellBehaved = (port = 5050) => (message: ToServerMessage, process: FakeProcess) => {
  if (message.type === 'start') process.emit({ type: 'ready', port, host: message.host })
  else {
    process.emit({ type: 'stopped' })
    process.exit(0)
  }
}

describe('server supervisor', () => {
  it('starts the process, sends the start order and resolves with the port really used', async () => {
    const child = fakeProcess(wellBehaved(5051))
    const supervisor = createSupervisor({ fork: () => child })
    await expect(supervisor.start(order)).resolves.toEqual({ port: 5051, host: '127.0.0.1' })
    expect(child.received).toEqual([{ type: 'start', ...order }])
    expect(supervisor.address).toEqual({ port: 5051, host: '127.0.0.1' })
  })

  it('passes automatic-import and plugged-in watch notices on, without taking them for the start answer', async () => {
    const watch = { id: 'garmin:3988123456', name: 'Forerunner 245', accounts: ['sam'] }
    const child = fakeProcess((message, process) => {
      if (message.type !== 'start') return
      // An import of a watched folder may be reported before the server said it is ready.
      process.emit({ type: 'automatic-import', file: 'ride.fit', status: 'imported' })
      process.emit({ type: 'device-found', ...watch })
      process.emit({ type: 'ready', port: 5050, host: message.host })
      process.emit({ type: 'automatic-import', file: 'broken.gpx', status: 'error' })
      process.emit({ type: 'device-found', id: '', name: 'no id', accounts: [] })
    })
    const onAutomaticImport = vi.fn()
    const onDeviceFound = vi.fn()
    const supervisor = createSupervisor({ fork: () => child, onAutomaticImport, onDeviceFound })
    await expect(supervisor.start(order)).resolves.toEqual({ port: 5050, host: '127.0.0.1' })
    await vi.waitFor(() => expect(onAutomaticImport).toHaveBeenCalledTimes(2))
    expect(onAutomaticImport.mock.calls).toEqual([[{ file: 'ride.fit', status: 'imported' }], [{ file: 'broken.gpx', status: 'error' }]])
    expect(onDeviceFound.mock.calls).toEqual([[watch]])
  })

  it('reports the server reason when it fails to start, and ignores malformed messages', async () => {
    const child = fakeProcess((_message, process) => {
      process.emit({ type: 'ready', port: 'soon' })
      process.emit({ type: 'failed', reason: 'data folder /x is already in use by another Waymark server' })
      process.exit(1)
    })
    const supervisor = createSupervisor({ fork: () => child })
    await expect(supervisor.start(order)).rejects.toThrow(new ServerStartError('data folder /x is already in use by another Waymark server'))
    expect(supervisor.address).toBeNull()
  })

  it('gives up after the start timeout and kills the silent process', async () => {
    const child = fakeProcess(() => undefined)
    const supervisor = createSupervisor({ fork: () => child, startTimeoutMs: 20 })
    await expect(supervisor.start(order)).rejects.toThrow('did not answer')
    expect(child.killed).toBe(true)
  })

  it('reports a process that dies while starting', async () => {
    const child = fakeProcess((_message, process) => process.exit(3))
    const onUnexpectedExit = vi.fn()
    const supervisor = createSupervisor({ fork: () => child, onUnexpectedExit })
    await expect(supervisor.start(order)).rejects.toThrow('exit code 3')
    expect(onUnexpectedExit).not.toHaveBeenCalled()
  })

  it('stops cleanly: sends stop and waits for the process to end', async () => {
    const child = fakeProcess(wellBehaved())
    const onUnexpectedExit = vi.fn()
    const supervisor = createSupervisor({ fork: () => child, onUnexpectedExit })
    await supervisor.start(order)
    await supervisor.stop()
    expect(child.received.map((message) => message.type)).toEqual(['start', 'stop'])
    expect(child.exited).toBe(true)
    expect(child.killed).toBe(false)
    expect(supervisor.address).toBeNull()
    expect(onUnexpectedExit).not.toHaveBeenCalled()
  })

  it('kills a server that does not stop in time', async () => {
    const child = fakeProcess((message, process) => {
      if (message.type === 'start') process.emit({ type: 'ready', port: 5050, host: '127.0.0.1' })
    })
    const supervisor = createSupervisor({ fork: () => child, stopTimeoutMs: 20 })
    await supervisor.start(order)
    await supervisor.stop()
    expect(child.killed).toBe(true)
  })

  it('tells about a crash of a running server, and can start a new one', async () => {
    const processes = [fakeProcess(wellBehaved()), fakeProcess(wellBehaved(5052))]
    const onUnexpectedExit = vi.fn()
    const fork = vi.fn(() => processes[fork.mock.calls.length - 1] as ServerProcess)
    const supervisor = createSupervisor({ fork, onUnexpectedExit })
    await supervisor.start(order)
    processes[0]?.exit(1)
    await vi.waitFor(() => expect(onUnexpectedExit).toHaveBeenCalledWith(1))
    expect(supervisor.address).toBeNull()
    await expect(supervisor.start(order)).resolves.toEqual({ port: 5052, host: '127.0.0.1' })
  })

  it('refuses a second start while one runs', async () => {
    const supervisor = createSupervisor({ fork: () => fakeProcess(wellBehaved()) })
    await supervisor.start(order)
    await expect(supervisor.start(order)).rejects.toThrow('already running')
  })
})
