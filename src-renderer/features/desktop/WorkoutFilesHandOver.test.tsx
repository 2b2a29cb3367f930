import { act } from 'react'
import { useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge, FileBatch } from '../../../src/desktop/bridge'
import type { PickedWorkoutFiles } from '../../platform/desktop'
import { receiveHandedOverFiles } from '../../platform/handedOverFiles'
import { render, type Rendered } from '../../test/render'
import { WorkoutFilesHandOver } from './WorkoutFilesHandOver'

function Where() {
  const location = useLocation()
  return <output data-testid="where">{location.pathname}</output>
}

/** A drag event as the browser sends it for files from the file manager (or for text). */
function dragEvent(type: string, files: File[], types = ['Files']): Event {
  const event = new Event(type, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: { types, items: [], files, dropEffect: 'none' } })
  return event
}

async function fire(target: EventTarget, event: Event): Promise<Event> {
  await act(() => {
    target.dispatchEvent(event)
    return Promise.resolve()
  })
  return event
}

const overlay = () => document.querySelector('[data-testid="window-drop-overlay"]')
const where = () => document.querySelector('[data-testid="where"]')?.textContent
const gpx = () => new File(['<gpx/>'], 'run.gpx', { type: 'application/gpx+xml' })

describe('WorkoutFilesHandOver', () => {
  let rendered: Rendered | undefined
  let stopReceiving: (() => void) | undefined

  afterEach(() => {
    rendered?.unmount()
    stopReceiving?.()
    delete window.desktop
  })

  async function mount(signedIn: boolean, path = '/workouts') {
    rendered = await render(
      <>
        <WorkoutFilesHandOver signedIn={signedIn} />
        <Where />
      </>,
      path,
    )
  }

  function receive(): PickedWorkoutFiles[] {
    const received: PickedWorkoutFiles[] = []
    stopReceiving = receiveHandedOverFiles((picked) => received.push(picked))
    return received
  }

  it('shows the overlay while files are dragged over the window, across child elements', async () => {
    await mount(true)
    expect(overlay()).toBeNull()
    await fire(document.body, dragEvent('dragenter', []))
    expect(overlay()).not.toBeNull()
    // Moving onto a child: its dragenter comes before the body's dragleave.
    await fire(document.body, dragEvent('dragenter', []))
    await fire(document.body, dragEvent('dragleave', []))
    expect(overlay()).not.toBeNull()
    await fire(document.body, dragEvent('dragleave', []))
    expect(overlay()).toBeNull()
  })

  it('ignores drags of text or links', async () => {
    await mount(true)
    const enter = await fire(document.body, dragEvent('dragenter', [], ['text/plain']))
    expect(overlay()).toBeNull()
    expect(enter.defaultPrevented).toBe(false)
  })

  it('hands dropped workout files to the add page and goes there', async () => {
    await mount(true)
    const received = receive()
    await fire(document.body, dragEvent('dragenter', []))
    const drop = await fire(document.body, dragEvent('drop', [gpx(), new File(['x'], 'notes.txt')]))
    expect(drop.defaultPrevented).toBe(true)
    expect(overlay()).toBeNull()
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]?.files.map((file) => file.name)).toEqual(['run.gpx'])
    expect(received[0]?.skipped).toEqual([{ name: 'notes.txt', reason: 'unsupported' }])
    await vi.waitFor(() => expect(where()).toBe('/workouts/add'))
  })

  it('leaves a drop a drop zone handled to it', async () => {
    await mount(true, '/workouts/add')
    const received = receive()
    const zone = document.createElement('div')
    document.body.appendChild(zone)
    zone.addEventListener('drop', (event) => event.preventDefault())
    await fire(zone, dragEvent('drop', [gpx()]))
    await act(() => Promise.resolve())
    expect(received).toEqual([])
    zone.remove()
  })

  it('signed out: a drop never opens the file, but nothing is imported', async () => {
    await mount(false)
    const received = receive()
    const enter = await fire(document.body, dragEvent('dragenter', []))
    expect(enter.defaultPrevented).toBe(true)
    expect(overlay()).toBeNull()
    const over = await fire(document.body, dragEvent('dragover', []))
    expect(over.defaultPrevented).toBe(true)
    const drop = await fire(document.body, dragEvent('drop', [gpx()]))
    expect(drop.defaultPrevented).toBe(true)
    await act(() => Promise.resolve())
    expect(received).toEqual([])
    expect(where()).toBe('/workouts')
  })

  it('imports files opened with the desktop app from any page', async () => {
    const batch: FileBatch = { files: [{ name: 'ride.fit', type: 'application/vnd.ant.fit', bytes: new Uint8Array([1, 2]) }], skipped: [] }
    const takeOpenedFiles = vi.fn(() => Promise.resolve(batch))
    const bridge: DesktopBridge = {
      version: 1,
      pickWorkoutFiles: vi.fn(),
      takeOpenedFiles,
      onFilesOpened: vi.fn(() => () => undefined),
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
    window.desktop = bridge
    const received = receive()
    await mount(true, '/statistics')
    await vi.waitFor(() => expect(received.map((picked) => picked.files.map((file) => file.name))).toEqual([['ride.fit']]))
    await vi.waitFor(() => expect(where()).toBe('/workouts/add'))
  })

  it('signed out, opened files wait in the app', async () => {
    const takeOpenedFiles = vi.fn()
    window.desktop = { version: 1, takeOpenedFiles, onFilesOpened: vi.fn() } as unknown as DesktopBridge
    await mount(false)
    expect(takeOpenedFiles).not.toHaveBeenCalled()
  })
})
