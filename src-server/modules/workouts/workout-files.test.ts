import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256File } from './workout-files'

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
