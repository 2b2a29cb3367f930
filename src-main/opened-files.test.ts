import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOpenedFilesQueue, readWorkoutFiles } from './opened-files'

describe('opened workout files', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-open-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('reads workout files with their type and reports what it skipped and why', async () => {
    writeFileSync(join(dir, 'Run.GPX'), '<gpx></gpx>')
    writeFileSync(join(dir, 'big.fit'), Buffer.alloc(2048))
    writeFileSync(join(dir, 'notes.txt'), 'hello')
    mkdirSync(join(dir, 'folder.tcx'))
    const batch = await readWorkoutFiles(
      [join(dir, 'Run.GPX'), join(dir, 'big.fit'), join(dir, 'notes.txt'), join(dir, 'folder.tcx'), join(dir, 'gone.zip')],
      1024,
    )
    expect(batch.files).toHaveLength(1)
    expect(batch.files[0]).toMatchObject({ name: 'Run.GPX', type: 'application/gpx+xml' })
    expect(new TextDecoder().decode(batch.files[0]?.bytes)).toBe('<gpx></gpx>')
    expect(batch.skipped).toEqual([
      { name: 'big.fit', reason: 'too-large' },
      { name: 'notes.txt', reason: 'unsupported' },
      { name: 'folder.tcx', reason: 'unreadable' },
      { name: 'gone.zip', reason: 'unreadable' },
    ])
  })

  it('queues paths, announces new ones once, and empties on take', async () => {
    const announce = vi.fn()
    const read = vi.fn((paths: readonly string[]) => Promise.resolve({ files: [], skipped: paths.map((name) => ({ name, reason: 'unsupported' as const })) }))
    const queue = createOpenedFilesQueue(announce, read)
    queue.add([])
    expect(announce).not.toHaveBeenCalled()
    queue.add(['/a/run.gpx', '/a/ride.fit'])
    queue.add(['/a/run.gpx'])
    expect(announce).toHaveBeenCalledTimes(1)
    expect(queue.size).toBe(2)
    expect((await queue.take()).skipped.map((file) => file.name)).toEqual(['/a/run.gpx', '/a/ride.fit'])
    expect(queue.size).toBe(0)
    expect((await queue.take()).skipped).toEqual([])
  })
})
