import { statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { BUILT_SERVER_CHILD, startServerProcess, type ServerProcess, type ServerProcessOptions } from '../../src-server/test/server-process'
import { ensureAppBuild } from '../app-build'

/**
 * The code the benchmarks run (the API benchmarks' server, the track-import children): by default
 * the app's bundle (what the desktop app and `npm run serve` run; built first when missing or
 * stale), with `WAYMARK_BENCH_SERVER=source` the sources under tsx, whose CommonJS interop makes
 * parsing and analysis ~30% slower: compare like with like only.
 */
export const BENCH_SERVER: 'built' | 'source' = process.env.WAYMARK_BENCH_SERVER === 'source' ? 'source' : 'built'

/** The tree these scripts are in (`bench:compare` runs them in another commit's tree too). */
const tree = resolve(__dirname, '..', '..')
/** The track-import child as the app's build bundles it (an entry beside the bench server's). */
export const BUILT_TRACK_IMPORT_CHILD = join(tree, 'out', 'main', 'test', 'track-import.js')
let checked = false

/** One line saying which server the figures are of (benchmarks print it first). */
export function benchServerLine(): string {
  if (BENCH_SERVER === 'source') return 'code: the sources under tsx (WAYMARK_BENCH_SERVER=source)'
  ensureBuilt()
  return `code: the app's bundle, out/main (built ${statSync(BUILT_SERVER_CHILD).mtime.toISOString().slice(0, 16)}Z; WAYMARK_BENCH_SERVER=source runs the sources)`
}

/** Builds the app unless its output, bench entries included, is newer than the sources. */
function ensureBuilt(): void {
  if (checked) return
  ensureAppBuild(tree, ['out/main/test/server-child.js', 'out/main/test/track-import.js'])
  checked = true
}

/** Starts the benchmark server in its own process (see {@link BENCH_SERVER}). */
export function startBenchServer(dataDir: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (BENCH_SERVER === 'built') ensureBuilt()
  return startServerProcess(dataDir, { ...options, built: BENCH_SERVER === 'built' })
}
