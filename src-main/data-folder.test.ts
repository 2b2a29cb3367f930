import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkDestination, copyDataFolder, defaultDataFolder, destinationFor } from './data-folder'

describe('data folder', () => {
  let root: string
  let source: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'waymark-move-'))
    source = join(root, 'data')
    mkdirSync(join(source, 'uploads', '2024'), { recursive: true })
    mkdirSync(join(source, 'tmp'))
    mkdirSync(join(source, 'server.lock'))
    writeFileSync(join(source, 'waymark.sqlite'), 'database bytes')
    writeFileSync(join(source, 'secret.key'), 'k'.repeat(96))
    writeFileSync(join(source, 'uploads', '2024', 'ride.fit'), Buffer.from([0x0e, 0x10, 0xff, 0x00]))
    writeFileSync(join(source, 'tmp', 'half-upload'), 'partial')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('defaults to a folder inside the app-data folder', () => {
    expect(defaultDataFolder('/home/ann/.config/Waymark')).toBe(join('/home/ann/.config/Waymark', 'data'))
  })

  it('copies every file byte for byte, but not the lock or leftovers of uploads, and leaves the source alone', async () => {
    const target = join(root, 'elsewhere', 'waymark')
    expect(await copyDataFolder(source, target)).toBeNull()
    expect(readFileSync(join(target, 'waymark.sqlite'), 'utf8')).toBe('database bytes')
    expect([...readFileSync(join(target, 'uploads', '2024', 'ride.fit'))]).toEqual([0x0e, 0x10, 0xff, 0x00])
    expect(existsSync(join(target, 'server.lock'))).toBe(false)
    expect(existsSync(join(target, 'tmp'))).toBe(false)
    expect(readFileSync(join(source, 'waymark.sqlite'), 'utf8')).toBe('database bytes')
  })

  it('refuses a folder that is not empty, and one inside the current folder', async () => {
    const busy = join(root, 'busy')
    mkdirSync(busy)
    writeFileSync(join(busy, 'letter.txt'), 'keep me')
    expect(await copyDataFolder(source, busy)).toBe('not-empty')
    expect(readdirSync(busy)).toEqual(['letter.txt'])
    expect(await checkDestination(source, join(source, 'uploads', 'new'))).toBe('inside-current')
    expect(await checkDestination(source, source)).toBe('inside-current')
    expect(await checkDestination(source, join(root, 'data-2'))).toBeNull()
  })

  it('puts the data in a Waymark folder when the chosen folder holds other things', async () => {
    const documents = join(root, 'Documents')
    mkdirSync(documents)
    expect(await destinationFor(documents)).toBe(documents)
    writeFileSync(join(documents, 'cv.odt'), '')
    expect(await destinationFor(documents)).toBe(join(documents, 'Waymark'))
  })

  it('removes a partial copy when copying fails, keeping a folder the user had chosen', async () => {
    const chosen = join(root, 'chosen')
    mkdirSync(chosen)
    // Node refuses to copy a socket: a file that cannot be copied, even for root.
    const socket = createServer()
    await new Promise<void>((resolve) => socket.listen(join(source, 'uploads', 'zz.sock'), resolve))
    try {
      expect(await copyDataFolder(source, chosen)).toBe('copy-failed')
      expect(readdirSync(chosen)).toEqual([])
      expect(await copyDataFolder(source, join(root, 'new-folder'))).toBe('copy-failed')
      expect(existsSync(join(root, 'new-folder'))).toBe(false)
    } finally {
      await new Promise((resolve) => socket.close(resolve))
    }
  })
})
