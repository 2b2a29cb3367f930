import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sourceGone } from './folder-watcher'

/** A read error as Node reports one of the operating system's (`EIO: i/o error, read`). */
const osError = (code: string, errno: number): NodeJS.ErrnoException => Object.assign(new Error(`${code}: failed, read`), { code, errno, syscall: 'read' })

describe('a watched file whose drive or folder went away', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-watched-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('is a drive failing or unplugged mid-read (EIO, ENXIO, ENODEV), though its folder is still listed', async () => {
    for (const [code, errno] of [['EIO', -5], ['ENXIO', -6], ['ENODEV', -19]] as const) expect(await sourceGone(osError(code, errno), dir), code).toBe(true)
  })

  it('is a missing file only when its folder is missing too, and never a refusal or a failure of ours', async () => {
    const missing = await readFile(join(dir, 'moved.fit')).catch((error: unknown) => error)
    // Moved away by a sync while its folder stays: not gone, only no longer there.
    expect(await sourceGone(missing, dir)).toBe(false)
    await rm(dir, { recursive: true })
    expect(await sourceGone(missing, dir)).toBe(true)
    expect(await sourceGone(osError('EACCES', -13), dir)).toBe(false)
    expect(await sourceGone(new Error('not an error of the system'), dir)).toBe(false)
  })
})
