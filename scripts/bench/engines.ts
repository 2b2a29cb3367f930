import { onPostgres, postgresInstalled, startPostgresCluster, type PostgresCluster } from '../../src-server/test/postgres-cluster'

/** The database engine a benchmark's server runs on. */
export type BenchEngine = 'sqlite' | 'postgres'

export const ENGINE_NAMES: Record<BenchEngine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' }

/**
 * The engines the side-by-side benchmark measures: `BENCH_ENGINES=sqlite`, `postgres` or `both`;
 * by default both where the PostgreSQL server binaries are installed (Debian's `postgresql`,
 * `WAYMARK_PG_BIN`), else SQLite alone.
 */
export function benchEngines(): BenchEngine[] {
  const asked = process.env.BENCH_ENGINES
  if (asked === 'sqlite' || asked === 'postgres') return [asked]
  if (asked && asked !== 'both') throw new Error(`BENCH_ENGINES=${asked}: sqlite, postgres or both`)
  return asked === 'both' || postgresInstalled() ? ['sqlite', 'postgres'] : ['sqlite']
}

/** The tests' throw-away cluster (`postgres-cluster.ts`), started at the first PostgreSQL database asked for. */
let cluster: Promise<PostgresCluster> | null = null
let databases = 0

/**
 * A new, empty database for one benchmark server (`--database-url`), on a throw-away cluster in a
 * temp folder (fsync off, as in the tests: the figures are the server's, not the disk's); null on
 * SQLite, whose database is the data folder's file.
 */
export async function benchDatabaseUrl(engine: BenchEngine): Promise<string | null> {
  if (engine === 'sqlite') return null
  cluster ??= startPostgresCluster()
  const { url } = await cluster
  databases += 1
  const name = `bench_${databases}`
  await onPostgres(url, (client) => client.query(`CREATE DATABASE "${name}"`))
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/** Stops the cluster, if one was started, and removes its folder. */
export async function stopBenchCluster(): Promise<void> {
  const started = cluster
  cluster = null
  if (started) await (await started).stop()
}
