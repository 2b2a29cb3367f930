import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCommandLine } from './command-line'

describe('command line', () => {
  it('finds --headless among Chromium switches', () => {
    expect(parseCommandLine(['/opt/Waymark/waymark', '--no-sandbox', '--headless'], '/home/ann').headless).toBe(true)
    expect(parseCommandLine(['/opt/Waymark/waymark', '--no-sandbox'], '/home/ann').headless).toBe(false)
  })

  it('resolves workout files against the working directory and keeps absolute ones', () => {
    const cwd = resolve('/home/ann/tracks')
    const absolute = resolve('/data/ride.FIT')
    const { files } = parseCommandLine(['waymark', 'run.gpx', absolute, 'sub/hike.tcx', 'all.zip'], cwd)
    expect(files).toEqual([join(cwd, 'run.gpx'), absolute, join(cwd, 'sub/hike.tcx'), join(cwd, 'all.zip')])
  })

  it('ignores the executable, the app path of a development run, switches and other files', () => {
    const { files } = parseCommandLine(['electron', '.', '-psn_0_12345', '--inspect=9229', 'notes.txt', 'photo.jpg', 'waymark.gpx.bak'], '/tmp')
    expect(files).toEqual([])
  })

  it('lists a file named twice once', () => {
    expect(parseCommandLine(['waymark', '/a/run.gpx', '/a/run.gpx'], '/').files).toEqual([resolve('/a/run.gpx')])
  })
})
