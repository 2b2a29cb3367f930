import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../test/accounts'
import { runCli as cli } from '../test/cli-process'
import { startTestServer, type TestServer } from '../test/test-server'

describe('the command line', () => {
  let t: TestServer
  let scratch: string
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'waymark-cli-'))
    t = await startTestServer()
    await registerUser(t, 'owner')
  })
  afterAll(async () => {
    await t.close()
    await rm(scratch, { recursive: true, force: true })
  })

  /** The server's PostgreSQL database, named as an operator names it (nothing on SQLite). */
  const engine = () => (t.databaseUrl ? ['--database-url', t.databaseUrl] : [])

  it('backs up while the server runs and refuses to restore under it', async () => {
    const file = join(scratch, 'backup.zip')
    const backup = await cli('--data-dir', t.dataDir, ...engine(), 'backup', file)
    expect(backup).toMatchObject({ code: 0, stdout: `backed up 1 user, 0 workouts and 0 files to ${file}\n`, stderr: '' })
    expect((await stat(file)).size).toBeGreaterThan(0)

    const restore = await cli('--data-dir', t.dataDir, ...engine(), 'restore', file)
    const refusal = t.databaseUrl
      ? 'restore writes a SQLite data folder: restore into an empty --data-dir without --database-url, or restore PostgreSQL with its own tools'
      : `a Waymark server is using ${t.dataDir}: stop it, then restore`
    expect(restore).toMatchObject({ code: 1, stdout: '', stderr: `waymark: ${refusal}\n` })
  }, 120_000)

  it('answers a wrong command with the usage and exit code 2', async () => {
    const answer = await cli('--data-dir', t.dataDir, 'backup')
    expect(answer.code).toBe(2)
    expect(answer.stderr).toMatch(/^waymark: "backup" needs a file\nusage: /)
  }, 60_000)
})
