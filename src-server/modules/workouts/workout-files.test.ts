import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataDirLayout } from '../../data-dir'
import { removeFiles, sha256File, storeOriginal } from './workout-files'

describe('sha256File', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-hash-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  // Sizes around the 1 MiB read: empty, below, exactly, across, several chunks and a tail.
  it.each([0, 1000, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 12_345])('hashes a file of %i bytes as sha256sum does', async (size) => {
    const bytes = Buffer.alloc(size)
    for (let i = 0; i < size; i++) bytes[i] = (i * 7919 + (i >> 11)) & 0xff
    const path = join(dir, `file-${size}`)
    await writeFile(path, bytes)
    const expected = execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0]
    expect(await sha256File(path)).toBe(expected)
  })
})

describe('storeOriginal', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-store-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("moves a file into the user's folder, making the folder when it is missing", async () => {
    const layout = dataDirLayout(dir)
    for (const [name, bytes] of [['first', 'one'], ['second', 'two']] as const) {
      const upload = join(dir, `upload-${name}`)
      await writeFile(upload, bytes)
      const stored = await storeOriginal(layout, upload, `7/${name}.gpx`)
      expect(stored).toBe(join(layout.uploads, '7', `${name}.gpx`))
      expect(await readFile(stored, 'utf8')).toBe(bytes)
      await expect(stat(upload)).rejects.toMatchObject({ code: 'ENOENT' })
    }
  })

  it('fails for a file that is not there', async () => {
    await expect(storeOriginal(dataDirLayout(dir), join(dir, 'missing'), '8/ride.gpx')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('removeFiles', () => {
  it('removes the files that are there, is content with the ones already gone, and reports other failures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'waymark-remove-'))
    try {
      const present = join(dir, 'present.gpx')
      await writeFile(present, 'ride')
      await removeFiles([present, join(dir, 'gone.gpx')])
      await expect(stat(present)).rejects.toMatchObject({ code: 'ENOENT' })
      // A folder is not a file: removing one is an error, not a silent success.
      await expect(removeFiles([dir])).rejects.toMatchObject({ code: 'EISDIR' })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
