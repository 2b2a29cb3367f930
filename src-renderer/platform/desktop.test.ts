import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge, FileBatch } from '../../src/desktop/bridge'
import { desktopBridge, droppedWorkoutFiles, pickWorkoutFiles, splitWorkoutFiles, subscribeToOpenedWorkoutFiles } from './desktop'

const batch: FileBatch = {
  files: [{ name: 'run.gpx', type: 'application/gpx+xml', bytes: new TextEncoder().encode('<gpx/>') }],
  skipped: [{ name: 'huge.zip', reason: 'too-large' }],
}

function fakeBridge(): DesktopBridge & { opened: () => void } {
  let listener: () => void = () => undefined
  const bridge = {
    version: 1 as const,
    opened: () => listener(),
    pickWorkoutFiles: vi.fn(() => Promise.resolve(batch)),
    takeOpenedFiles: vi.fn(() => Promise.resolve(batch)),
    onFilesOpened: vi.fn((next: () => void) => {
      listener = next
      return () => {
        listener = () => undefined
      }
    }),
    getServerInfo: vi.fn(),
    setLanSharing: vi.fn(),
    onServerInfoChanged: vi.fn(),
    openExternal: vi.fn(),
    openDataFolder: vi.fn(),
    moveDataFolder: vi.fn(),
    notifyImportFinished: vi.fn(),
    addWatchedFolder: vi.fn(),
    removeWatchedFolder: vi.fn(),
    forgetDevice: vi.fn(),
  }
  return bridge
}

describe('desktop platform helpers', () => {
  afterEach(() => {
    delete window.desktop
  })

  it('finds the bridge only in the desktop window', () => {
    expect(desktopBridge()).toBeNull()
    window.desktop = fakeBridge()
    expect(desktopBridge()).toBe(window.desktop)
  })

  it('picks through the native dialog when there is one, as browser Files', async () => {
    window.desktop = fakeBridge()
    const picked = await pickWorkoutFiles()
    expect(picked.files.map((file) => [file.name, file.type])).toEqual([['run.gpx', 'application/gpx+xml']])
    expect(await picked.files[0]?.text()).toBe('<gpx/>')
    expect(picked.skipped).toEqual([{ name: 'huge.zip', reason: 'too-large' }])
  })

  it('falls back to a file input filtered to workout files in a browser', async () => {
    const clicked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      expect(this.accept).toBe('.gpx,.fit,.tcx,.kml,.kmz,.gz,.zip')
      expect(this.multiple).toBe(true)
      this.dispatchEvent(new Event('cancel'))
    })
    await expect(pickWorkoutFiles()).resolves.toEqual({ files: [], skipped: [] })
    expect(clicked).toHaveBeenCalledOnce()
  })

  it('delivers files opened with the app now and when more arrive, until unsubscribed', async () => {
    const bridge = fakeBridge()
    window.desktop = bridge
    const received = vi.fn()
    const stop = subscribeToOpenedWorkoutFiles(received)
    await vi.waitFor(() => expect(received).toHaveBeenCalledTimes(1))
    bridge.opened()
    await vi.waitFor(() => expect(received).toHaveBeenCalledTimes(2))
    stop()
    bridge.opened()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(received).toHaveBeenCalledTimes(2)
  })

  it('keeps workout files of a drop and names the others', async () => {
    const files = [new File(['a'], 'a.FIT'), new File(['b'], 'notes.txt'), new File(['c'], 'ride.fit.GZ'), new File(['d'], 'notes.txt.gz')]
    expect(splitWorkoutFiles(files)).toEqual({
      files: [files[0], files[2]],
      skipped: [
        { name: 'notes.txt', reason: 'unsupported' },
        { name: 'notes.txt.gz', reason: 'unsupported' },
      ],
    })
    const data = { items: [], files } as unknown as DataTransfer
    expect((await droppedWorkoutFiles(data)).files.map((file) => file.name)).toEqual(['a.FIT', 'ride.fit.GZ'])
  })
})
