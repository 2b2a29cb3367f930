import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** Debian's `postgresql` package (15); elsewhere, `WAYMARK_PG_BIN` names the folder of `initdb` and `pg_ctl`. */
const PG_BIN = process.env.WAYMARK_PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** A throw-away PostgreSQL cluster in a temp folder, for the PostgreSQL test lane (work in progress). */
export interface PostgresCluster {
  /** `postgres://…` of its `postgres` database, trusted, through a socket in the cluster's folder. */
  readonly url: string
  /** Stops the server and removes the folder. */
  stop(): Promise<void>
}

/** True when this machine has the PostgreSQL server binaries the rig needs. */
export const postgresInstalled = (): boolean => existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'))

/**
 * Starts a cluster with `initdb` and `pg_ctl` in a new temp folder. PostgreSQL refuses to run as
 * root, so under root (the build machines) the folder goes to the `postgres` user and the tools
 * run as that user (`runuser`).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'waymark-pg-'))
  const asRoot = process.getuid?.() === 0
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, name), ...args]) : run(join(PG_BIN, name), args)
  const data = join(dir, 'data')
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres'])
      const { stdout: group } = await run('id', ['-g', 'postgres'])
      await chown(dir, Number(stdout.trim()), Number(group.trim()))
    }
    await tool('initdb', ['-D', data, '-U', 'waymark', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'])
    // No TCP at all (no port to pick, nothing reachable): one Unix socket in the cluster's own
    // folder. fsync off: the cluster is thrown away.
    const options = `-k ${dir} -c listen_addresses= -c fsync=off -c full_page_writes=off`
    await tool('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start'])
    return {
      url: `postgres://waymark@localhost/postgres?host=${encodeURIComponent(dir)}`,
      async stop() {
        await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

/** Runs `work` with a client on the database of `url`, closed after. */
export async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
