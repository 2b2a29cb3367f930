import { createHash } from 'node:crypto'
import { onPostgres, postgresInstalled, startPostgresCluster } from './postgres-cluster'

/**
 * The PostgreSQL lane of the integration tests: `WAYMARK_TEST_DATABASE=postgres npx vitest run …`
 * starts one throw-away cluster for the run (this file is the node project's global setup), and
 * every test server then gets a database of its own on it instead of the data folder's SQLite
 * file (see `startTestServer`). Without the variable nothing happens: SQLite, as always.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.WAYMARK_TEST_DATABASE !== 'postgres') return undefined
  if (!postgresInstalled()) throw new Error('WAYMARK_TEST_DATABASE=postgres needs the PostgreSQL server binaries (Debian: apt-get install postgresql)')
  const cluster = await startPostgresCluster()
  // Inherited by the test processes, which are started after this.
  process.env.WAYMARK_TEST_POSTGRES_URL = cluster.url
  return () => cluster.stop()
}

/** True on the PostgreSQL lane: for the few tests of what only SQLite has (its file copied mid-write). */
export const onPostgresLane = (): boolean => process.env.WAYMARK_TEST_DATABASE === 'postgres'

/** The cluster of the PostgreSQL lane, or null on the SQLite lane. */
const clusterUrl = (): string | null => process.env.WAYMARK_TEST_POSTGRES_URL ?? null

/** The same URL on another database of the cluster. */
function onDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/**
 * On the PostgreSQL lane, the database of a test's data folder (created empty the first time, the
 * same one when a test restarts a server on the same folder); null on the SQLite lane.
 */
export async function testDatabaseUrl(dataDir: string): Promise<string | null> {
  const url = clusterUrl()
  if (!url) return null
  const name = `waymark_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`
  await onPostgres(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`)
  })
  return onDatabase(url, name)
}

/** Drops the database of a test's data folder on the PostgreSQL lane (nothing on SQLite). */
export async function dropTestDatabase(databaseUrl: string | null): Promise<void> {
  const url = clusterUrl()
  if (!url || !databaseUrl) return
  const name = new URL(databaseUrl).pathname.slice(1)
  await onPostgres(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}
