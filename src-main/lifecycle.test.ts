import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FileBatch } from '../src/desktop/bridge'
import { CHANNELS } from '../src/desktop/channels'
import { WORKOUT_EXTENSIONS } from '../src/desktop/file-types'
import { runDesktopApp } from './lifecycle'
import { click, fakePlatform, menuItem } from './test/fake-platform'

const lanUrls = (port: number) => [`http://192.168.1.20:${port}/`]
const qrCode = (text: string) => Promise.resolve(`qr:${text}`)

describe('desktop app lifecycle', () => {
  let userData: string
  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'waymark-app-'))
  })
  afterEach(() => rmSync(userData, { recursive: true, force: true }))

  const launch = (options: Partial<Parameters<typeof fakePlatform>[0]> = {}) => {
    const fake = fakePlatform({ userData, ...options })
    fake.state.ready()
    const app = runDesktopApp(fake.platform, { lanUrls, qrCode })
    return { ...fake, app }
  }

  it('takes the lock, waits for ready, shows the splash, starts the server, then loads the UI from it', async () => {
    const { state, app } = launch()
    await app
    expect(state.events).toEqual(['lock', 'whenReady', 'createWindow', 'createTray', 'forkServer'])
    const [window] = state.windows
    expect(window?.loaded[0]).toMatch(/^data:text\/html/)
    expect(decodeURIComponent(window?.loaded[0] ?? '')).toContain('Starting Waymark…')
    expect(window?.loaded[1]).toBe('http://127.0.0.1:5050/')
    expect(state.processes[0]?.received[0]).toMatchObject({
      type: 'start',
      host: '0.0.0.0',
      preferredPort: 5050,
      dataFolder: join(userData, 'data'),
      setupCode: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    })
    expect(state.tray?.tooltip).toBe('Waymark is running: http://192.168.1.20:5050/')
    expect(menuItem(state.menus.at(-1) ?? [], 'import-workouts')?.label).toBe('Import workouts…')
  })

  it('quits at once when another instance holds the lock', async () => {
    const { state, app } = launch({ lock: false })
    expect(await app).toBeNull()
    expect(state.events).toEqual(['lock', 'quit', 'quit-done'])
    expect(state.windows).toEqual([])
    expect(state.processes).toEqual([])
  })

  it('hands the files of a second launch to the page and brings the window forward', async () => {
    const { state, app } = launch()
    await app
    const window = state.windows[0]
    if (!window) throw new Error('no window')
    window.minimized = true
    const track = join(userData, 'evening run.gpx')
    writeFileSync(track, '<gpx/>')
    state.secondInstance(['waymark', '--some-switch', 'evening run.gpx', 'ignored.txt'], userData)
    expect(window.minimized).toBe(false)
    expect(window.shown).toBeGreaterThanOrEqual(2)
    expect(window.sent).toContainEqual({ channel: CHANNELS.filesOpened, payload: undefined })
    const batch = (await state.invoke(CHANNELS.takeOpenedFiles)) as FileBatch
    expect(batch.files.map((file) => file.name)).toEqual(['evening run.gpx'])
    expect(((await state.invoke(CHANNELS.takeOpenedFiles)) as FileBatch).files).toEqual([])
  })

  it('queues files from its own command line and from macOS open-file events before the window exists', async () => {
    const gpx = join(userData, 'a.gpx')
    const tcx = join(userData, 'b.tcx')
    writeFileSync(gpx, '<gpx/>')
    writeFileSync(tcx, '<tcx/>')
    const fake = fakePlatform({ userData, argv: ['waymark', gpx] })
    const app = runDesktopApp(fake.platform, { lanUrls, qrCode })
    fake.state.openFile(tcx)
    fake.state.ready()
    const running = await app
    expect(running?.queue.size).toBe(2)
    const batch = (await fake.state.invoke(CHANNELS.takeOpenedFiles)) as FileBatch
    expect(batch.files.map((file) => file.name)).toEqual(['a.gpx', 'b.tcx'])
  })

  it('remembers the port the server had to take', async () => {
    const fake = fakePlatform({ userData })
    fake.state.nextServer.push({ port: 5053 })
    fake.state.ready()
    await runDesktopApp(fake.platform, { lanUrls, qrCode })
    expect(fake.state.windows[0]?.loaded[1]).toBe('http://127.0.0.1:5053/')
    expect(JSON.parse(readFileSync(join(userData, 'desktop-settings.json'), 'utf8'))).toMatchObject({ port: 5053 })
  })

  it('explains a failed start with the log path, and retries when asked', async () => {
    const fake = fakePlatform({ userData })
    fake.state.nextServer.push({ fail: 'data folder is already in use by another Waymark server' })
    fake.state.messageBoxAnswers.push(1, 0) // open the log, then retry
    fake.state.ready()
    await runDesktopApp(fake.platform, { lanUrls, qrCode })
    const [box] = fake.state.messageBoxes
    expect(box).toMatchObject({ type: 'error', title: 'Waymark could not start', buttons: ['Retry', 'Open the log', 'Quit'] })
    expect(box?.detail).toContain('already in use by another Waymark server')
    expect(box?.detail).toContain(join(userData, 'logs', 'waymark.log'))
    expect(fake.state.opened).toEqual([`${userData}/logs/waymark.log`])
    expect(fake.state.processes).toHaveLength(2)
    expect(fake.state.windows[0]?.loaded[1]).toBe('http://127.0.0.1:5050/')
  })

  it('exits with an error when the user gives up after a failed start', async () => {
    const fake = fakePlatform({ userData })
    fake.state.nextServer.push({ fail: 'disk full' })
    fake.state.ready()
    await runDesktopApp(fake.platform, { lanUrls, qrCode })
    expect(fake.state.exitCode).toBe(1)
    expect(fake.state.windows[0]?.loaded).toHaveLength(1)
  })

  it('quits cleanly: the quit waits until the server has stopped', async () => {
    const { state, app } = launch()
    await app
    state.events.length = 0
    const child = state.processes[0]
    state.signal()
    expect(state.events).toEqual(['quit', 'quit-held'])
    expect(state.tray?.destroyed).toBe(true)
    await vi.waitFor(() => expect(state.events).toEqual(['quit', 'quit-held', 'quit', 'quit-done']))
    expect(child?.received.map((message) => message.type)).toEqual(['start', 'stop'])
  })

  it('keeps serving when the window closes with LAN sharing on, telling so once', async () => {
    const { state, app } = launch()
    await app
    state.windows[0]?.close()
    state.windowAllClosed()
    expect(state.events).not.toContain('quit')
    expect(state.notifications).toEqual([
      { title: 'Waymark keeps running', body: expect.stringContaining('available on your network') as string },
    ])
    // The tray's "Open Waymark" brings a new window on the running server.
    click(menuItem(state.tray?.menu ?? [], 'open'))
    expect(state.windows).toHaveLength(2)
    expect(state.windows[1]?.loaded[1]).toBe('http://127.0.0.1:5050/')
    state.windows[1]?.close()
    expect(state.notifications).toHaveLength(1)
  })

  it('quits when the last window closes with LAN sharing off (not on macOS)', async () => {
    const { state, app } = launch()
    const running = await app
    await running?.server.setLanSharing(false)
    state.windows[0]?.close()
    state.windowAllClosed()
    expect(state.notifications).toEqual([])
    expect(state.events).toContain('quit')

    const mac = fakePlatform({ userData, os: 'darwin' })
    mac.state.ready()
    await runDesktopApp(mac.platform, { lanUrls, qrCode })
    mac.state.windows[0]?.close()
    mac.state.windowAllClosed()
    expect(mac.state.events).not.toContain('quit')
    mac.state.activate()
    expect(mac.state.windows).toHaveLength(2)
  })

  it('runs headless: the server only, no window, menu or tray', async () => {
    const { state, app } = launch({ argv: ['waymark', '--headless'] })
    await app
    expect(state.events).toEqual(['lock', 'whenReady', 'forkServer'])
    expect(state.menus).toEqual([])
    expect(state.logs.join('\n')).toContain('Waymark is serving http://127.0.0.1:5050/ http://192.168.1.20:5050/')
    state.secondInstance(['waymark'], '/')
    expect(state.windows).toEqual([])
    // Nobody is there to answer for a plugged-in watch: no dialog, nothing remembered.
    state.processes[0]?.emit({ type: 'device-found', id: 'volume:EDGE', name: 'EDGE', accounts: ['ann'] })
    // The offer's steps are promise callbacks: all of them have run by the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    expect(state.messageBoxes).toEqual([])
  })

  it('restarts a server that crashed and reloads the page', async () => {
    const { state, app } = launch()
    await app
    state.processes[0]?.crash(9)
    await vi.waitFor(() => expect(state.windows[0]?.loaded).toHaveLength(3))
    expect(state.processes).toHaveLength(2)
    expect(state.logs.join('\n')).toContain('ended unexpectedly (exit code 9)')
  })

  it('asks once per plugged-in watch whose it is, remembers the answer and restarts the server with it; forgotten, it asks again', async () => {
    const { state, app } = launch()
    await app
    expect(state.processes[0]?.received[0]).toMatchObject({ devices: [] })
    const settingsFile = () => JSON.parse(readFileSync(join(userData, 'desktop-settings.json'), 'utf8')) as { devices: unknown[] }
    const plugIn = (device: { id: string; name: string; accounts: string[] }) => state.processes.at(-1)?.emit({ type: 'device-found', ...device })

    const watch = { id: 'garmin:3988123456', name: 'Forerunner 245', accounts: ['ann', 'sam'] }
    state.messageBoxAnswers.push(1)
    plugIn(watch)
    await vi.waitFor(() => expect(state.processes[1]?.received[0]).toMatchObject({ devices: [{ id: watch.id, username: 'sam' }] }))
    expect(state.messageBoxes[0]).toMatchObject({
      type: 'question',
      title: 'Watch plugged in',
      message: 'Import the new workouts of Forerunner 245?',
      buttons: ['Import into ann', 'Import into sam', 'Not this device', 'Later'],
      cancelId: 3,
    })
    expect(settingsFile().devices).toEqual([{ id: watch.id, name: 'Forerunner 245', username: 'sam' }])
    // Remembered: plugged in again, it is not asked about.
    plugIn(watch)

    // "Later" (or closing the dialog) changes nothing and asks again only at the next start.
    const edge = { id: 'volume:EDGE', name: 'EDGE', accounts: ['ann'] }
    plugIn(edge)
    await vi.waitFor(() => expect(state.messageBoxes).toHaveLength(2))
    expect(state.messageBoxes[1]).toMatchObject({ buttons: ['Import', 'Not this device', 'Later'], cancelId: 2 })
    expect(state.messageBoxes[1]?.detail).toContain('Into the account ann.')
    plugIn(edge)

    // "Not this device" is remembered too.
    state.messageBoxAnswers.push(1)
    plugIn({ id: 'volume:ETREX', name: 'ETREX', accounts: ['ann'] })
    await vi.waitFor(() => expect(state.processes).toHaveLength(3))
    expect(state.processes[2]?.received[0]).toMatchObject({ devices: [{ id: watch.id, username: 'sam' }, { id: 'volume:ETREX', username: null }] })
    expect(state.messageBoxes).toHaveLength(3)

    // The page forgets an answer: the server restarts without it, and the watch is asked about again.
    await state.invoke(CHANNELS.forgetDevice, watch.id)
    expect(settingsFile().devices).toEqual([{ id: 'volume:ETREX', name: 'ETREX', username: null }])
    plugIn(watch)
    await vi.waitFor(() => expect(state.messageBoxes).toHaveLength(4))
  })

  it('menu: Import workouts opens the filtered dialog and queues the choice for the page', async () => {
    const { state, app } = launch()
    await app
    const track = join(userData, 'ride.fit')
    writeFileSync(track, 'fit')
    state.dialogAnswers.push([track])
    click(menuItem(state.menus.at(-1) ?? [], 'import-workouts'))
    await vi.waitFor(() => expect(state.windows[0]?.sent).toContainEqual({ channel: CHANNELS.filesOpened, payload: undefined }))
    expect(state.dialogs[0]).toMatchObject({ title: 'Import workouts', properties: ['openFile', 'multiSelections'] })
    // The dialog offers what the import accepts, in both cases (some file systems are case-sensitive).
    expect(state.dialogs[0]?.filters?.[0]?.extensions).toEqual(WORKOUT_EXTENSIONS.flatMap((extension) => [extension, extension.toUpperCase()]))
    expect(((await state.invoke(CHANNELS.takeOpenedFiles)) as FileBatch).files.map((file) => file.name)).toEqual(['ride.fit'])
  })

  it('menu: LAN sharing switch rebinds the server, updates tray and page; other items act', async () => {
    const { state, app } = launch()
    const running = await app
    click(menuItem(state.menus.at(-1) ?? [], 'lan-sharing'))
    await vi.waitFor(() => expect(state.processes).toHaveLength(2))
    await vi.waitFor(() => expect(state.tray?.tooltip).toBe('Waymark is running on this computer only'))
    expect(state.processes[1]?.received[0]).toMatchObject({ host: '127.0.0.1', preferredPort: 5050 })
    expect(menuItem(state.menus.at(-1) ?? [], 'lan-sharing')?.checked).toBe(false)
    expect(state.windows[0]?.sent.at(-1)).toMatchObject({ channel: CHANNELS.serverInfoChanged, payload: { lanSharing: false, lanAddresses: [] } })
    click(menuItem(state.menus.at(-1) ?? [], 'open-data-folder'))
    click(menuItem(state.menus.at(-1) ?? [], 'documentation'))
    click(menuItem(state.menus.at(-1) ?? [], 'about'))
    expect(state.opened).toEqual([running?.server.dataFolder(), '/app/README.md'])
    expect(state.events).toContain('about')
  })

  it('uses the system language for its own texts', async () => {
    const { state, app } = launch({ locale: 'de-AT' })
    await app
    expect(menuItem(state.menus.at(-1) ?? [], 'import-workouts')?.label).toBe('Trainings importieren…')
    expect(state.tray?.tooltip).toBe('Waymark läuft: http://192.168.1.20:5050/')
  })

  it('refuses bridge calls from another origin or a sub-frame', async () => {
    const { state, app } = launch()
    await app
    await expect(state.invoke(CHANNELS.getServerInfo, undefined, 'https://evil.example/')).rejects.toThrow('untrusted sender')
    await expect(state.invoke(CHANNELS.getServerInfo, undefined, 'http://127.0.0.1:5050/', false)).rejects.toThrow('untrusted sender')
    await expect(state.invoke(CHANNELS.getServerInfo)).resolves.toMatchObject({ port: 5050, lanSharing: true })
  })

  it('in development loads the renderer dev server, with the server on the port its proxy expects', async () => {
    const { state, app } = launch({ dev: 'http://localhost:5173/' })
    await app
    expect(state.processes[0]?.received[0]).toMatchObject({ preferredPort: 5000 })
    expect(state.windows[0]?.loaded[1]).toBe('http://localhost:5173/')
    await expect(state.invoke(CHANNELS.getServerInfo, undefined, 'http://localhost:5173/')).resolves.toMatchObject({ port: 5000 })
  })
})
