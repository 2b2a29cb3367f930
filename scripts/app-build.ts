import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the build is made of: newer than its output, the output is stale. */
const SOURCES = ['src', 'src-renderer', 'src-server', 'src-main', 'scripts', 'electron.vite.config.ts', 'package-lock.json']
/** Outputs the measurements run: the headless server, its compute worker, the page. */
const OUTPUTS = ['out/main/server.js', 'out/main/compute-worker.js', 'out/renderer/index.html']

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/**
 * Builds the app in `tree` (electron-vite, ~40 s) unless its output is there and newer than every
 * source: benchmarks measure the code the app ships, never a stale build of it.
 * @param extra outputs the caller needs besides the app's own (tree-relative)
 */
export function ensureAppBuild(tree: string = process.cwd(), extra: readonly string[] = []): void {
  const outputs = [...OUTPUTS, ...extra].map((path) => join(tree, path))
  const built = outputs.every((path) => existsSync(path)) ? Math.min(...outputs.map((path) => statSync(path).mtimeMs)) : 0
  const sources = Math.max(...SOURCES.map((path) => newest(join(tree, path))))
  if (built > sources) return
  console.log(`  building the app first (its output is ${built === 0 ? 'missing' : 'older than the sources'})`)
  const build = spawnSync(process.execPath, [join(tree, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'error'], {
    cwd: tree,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (build.status !== 0) throw new Error(`the build in ${tree} failed`)
}
