import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { BUILT_SERVER_CHILD, startServerProcess, type ServerProcess, type ServerProcessOptions } from '../../src-server/test/server-process'
import { ensureAppBuild } from '../app-build'

/**
 * The API benchmarks' server: by default the app's bundle (what the desktop app and `npm run serve`
 * run; built first when missing or stale), with `WAYMARK_BENCH_SERVER=source` the sources under
 * tsx, whose CommonJS interop makes the compute worker ~30% slower: compare like with like only.
 */
export const BENCH_SERVER: 'built' | 'source' = process.env.WAYMARK_BENCH_SERVER === 'source' ? 'source' : 'built'

/** The tree these scripts are in (`bench:compare` runs them in another commit's tree too). */
const tree = resolve(__dirname, '..', '..')
let checked = false

/** One line saying which server the figures are of (benchmarks print it first). */
export function benchServerLine(): string {
  if (BENCH_SERVER === 'source') return 'server: the sources under tsx (WAYMARK_BENCH_SERVER=source)'
  ensureBuilt()
  return `server: the app's bundle, out/main (built ${statSync(BUILT_SERVER_CHILD).mtime.toISOString().slice(0, 16)}Z; WAYMARK_BENCH_SERVER=source runs the sources)`
}

function ensureBuilt(): void {
  if (checked) return
  ensureAppBuild(tree, ['out/main/test/server-child.js'])
  checked = true
}

/** Starts the benchmark server in its own process (see {@link BENCH_SERVER}). */
export function startBenchServer(dataDir: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (BENCH_SERVER === 'built') ensureBuilt()
  return startServerProcess(dataDir, { ...options, built: BENCH_SERVER === 'built' })
}
