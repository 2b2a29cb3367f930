import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataDirLayout } from '../../data-dir'
import { originalFilePath, removeFiles, sha256File, storeOriginal, storeOriginalCopy, workoutFiles } from './workout-files'

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

  // Linux lists a process's open files in /proc: a hash that left its file open would leave one more.
  it.runIf(existsSync('/proc/self/fd'))('closes the file it hashed', async () => {
    const path = join(dir, 'closed')
    await writeFile(path, 'ride')
    const open = async () => (await readdir('/proc/self/fd')).length
    const before = await open()
    for (let i = 0; i < 5; i++) await sha256File(path)
    expect(await open()).toBe(before)
  })
})

describe('where originals are kept', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-kept-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("names a workout's original after its id and format in its owner's folder", () => {
    expect(originalFilePath(7, 'AbC_1-x', 'fit')).toBe('7/AbC_1-x.fit')
  })

  it("lists a workout's original and map image, each only when it has one", () => {
    const layout = dataDirLayout(dir)
    expect(workoutFiles(layout, { filePath: '7/a.gpx', mapId: 'm1' })).toEqual([join(layout.uploads, '7', 'a.gpx'), join(layout.maps, 'm1.png')])
    expect(workoutFiles(layout, { filePath: '7/a.gpx', mapId: null })).toEqual([join(layout.uploads, '7', 'a.gpx')])
    expect(workoutFiles(layout, { filePath: null, mapId: 'm1' })).toEqual([join(layout.maps, 'm1.png')])
    expect(workoutFiles(layout, { filePath: null, mapId: null })).toEqual([])
  })

  it("keeps another leg's original as a hard link to the first's, in a folder it makes", async () => {
    const layout = dataDirLayout(dir)
    const upload = join(dir, 'upload-legs')
    await writeFile(upload, 'legs')
    const first = await storeOriginal(layout, upload, '9/swim.fit')
    const second = await storeOriginalCopy(layout, first, '10/deep/run.fit')
    expect(second).toBe(join(layout.uploads, '10', 'deep', 'run.fit'))
    expect(await readFile(second, 'utf8')).toBe('legs')
    const [a, b] = [await stat(first), await stat(second)]
    expect([b.ino, b.nlink]).toEqual([a.ino, 2])
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
