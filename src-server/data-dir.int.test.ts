import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirError, openDataDir } from './data-dir'
import { startTestServer } from './test/test-server'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('data folder', () => {
  let parent: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-dir-'))
  })
  afterEach(() => rm(parent, { recursive: true, force: true }))

  it('creates the folder and its layout, with a private secret key kept across starts', async () => {
    const root = join(parent, 'nested', 'data')
    const first = await openDataDir(root, quiet)
    await first.release()
    for (const sub of ['uploads', 'pictures', 'maps', 'backups', 'tmp']) {
      expect((await stat(join(root, sub))).isDirectory()).toBe(true)
    }
    const key = await stat(join(root, 'secret.key'))
    expect(key.mode & 0o777).toBe(0o600)
    expect(first.secret).toMatch(/^[0-9a-f]{96}$/)
    const second = await openDataDir(root, quiet)
    await second.release()
    expect(second.secret).toBe(first.secret)
    expect((await readFile(join(root, 'secret.key'), 'utf8')).trim()).toBe(first.secret)
  })

  it('refuses a second server on the same folder with a clear message', async () => {
    const first = await startTestServer({ dataDir: join(parent, 'shared') })
    await expect(startTestServer({ dataDir: join(parent, 'shared') })).rejects.toThrow(
      new DataDirError(`data folder ${join(parent, 'shared')} is already in use by another Waymark server`),
    )
    await first.close({ keepData: true })
    const again = await startTestServer({ dataDir: join(parent, 'shared') })
    await again.close()
  })

  it('keeps accounts across a restart', async () => {
    const dataDir = join(parent, 'persist')
    const first = await startTestServer({ dataDir })
    await first.api('POST', 'auth/register', { body: { username: 'owner', email: 'o@example.com', password: '12345678' } })
    await first.close({ keepData: true })
    const second = await startTestServer({ dataDir })
    expect((await second.api('POST', 'auth/login', { body: { email: 'o@example.com', password: '12345678' } })).status).toBe(200)
    await second.close()
  })

  it('refuses a path that is a file', async () => {
    const file = join(parent, 'not-a-folder')
    await writeFile(file, 'x')
    await expect(openDataDir(file, quiet)).rejects.toThrow(DataDirError)
  })
})
