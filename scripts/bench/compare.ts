import { spawn } from 'node:child_process'
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureAppBuild } from '../app-build'

/**
 * `npm run bench:compare [ref]`: issue 19's figures for this tree and for `ref` (default the
 * previous commit) in one run, side by side, so a regression shows in review. The other commit is
 * checked out in a temporary git worktree that shares this one's node_modules and gets this tree's
 * measuring scripts (the same harness measures both). Rounds alternate the two trees, so a machine
 * getting busier hurts both alike; medians of `BENCH_ROUNDS` (default 3) are printed.
 */
const HARNESS = [
  'scripts/bench',
  'scripts/app-build.ts',
  'src-server/test/server-process.ts',
  'src-server/test/server-child.ts',
  'src-server/test/event-loop-probe.ts',
  'src-server/test/bench-server-config.ts',
  'src-server/test/zip-builder.ts',
  'src-server/importers/test-support/synthetic-ride.ts',
]
/**
 * Files the harness imports that an older commit lacks: given to it only then (its own are kept),
 * e.g. `v8-flags.ts`, which `server-process.ts` reads the server's flags from since `8701602`.
 */
const HARNESS_IF_MISSING = ['src-server/v8-flags.ts']
/** The bundled bench server, when a tree's build config has it. */
const BUILT_CHILD = 'out/main/test/server-child.js'
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '') || 3)
const root = resolve(__dirname, '..', '..')

function figuresOf(tree: string, server: string): Promise<Record<string, number>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(tree, 'scripts/bench/figures.ts')], {
      cwd: tree,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TSX_TSCONFIG_PATH: join(tree, 'tsconfig.node.json'), WAYMARK_BENCH_SERVER: server },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', fail)
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`figures in ${tree} exited with ${code}`))
      else done(JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<string, number>)
    })
  })
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
}

/**
 * Which server both trees run (`bench-server.ts`): the bundle, each tree built by its own
 * electron-vite config with this tree's harness; the sources under tsx for both when asked
 * (`WAYMARK_BENCH_SERVER=source`) or when `other` predates the bundled bench server.
 */
function serverOfBoth(other: string): 'built' | 'source' {
  if (process.env.WAYMARK_BENCH_SERVER === 'source') {
    console.log('server: the sources under tsx in both trees (WAYMARK_BENCH_SERVER=source)')
    return 'source'
  }
  for (const tree of [other, root]) ensureAppBuild(tree, [BUILT_CHILD])
  if (!existsSync(join(other, BUILT_CHILD))) {
    console.log('server: the sources under tsx in both trees (the other commit builds no bench server bundle)')
    return 'source'
  }
  console.log("server: each tree's app bundle (out/main), built from its own sources")
  return 'built'
}

async function main(): Promise<void> {
  const ref = process.argv[2] ?? 'HEAD~1'
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim()
  const other = join(mkdtempSync(join(tmpdir(), 'waymark-compare-')), 'tree')
  execFileSync('git', ['worktree', 'add', '--detach', other, commit], { cwd: root, stdio: 'ignore' })
  try {
    symlinkSync(join(root, 'node_modules'), join(other, 'node_modules'))
    for (const path of HARNESS) cpSync(join(root, path), join(other, path), { recursive: true })
    for (const path of HARNESS_IF_MISSING) if (!existsSync(join(other, path))) cpSync(join(root, path), join(other, path))
    const server = serverOfBoth(other)
    console.log(`comparing this tree with ${ref} (${commit}); load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`)
    const runs: { before: Record<string, number>[]; after: Record<string, number>[] } = { before: [], after: [] }
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating the order: neither tree always runs on the warmer (or busier) machine.
      if (round % 2 === 0) runs.before.push(await figuresOf(other, server))
      runs.after.push(await figuresOf(root, server))
      if (round % 2 === 1) runs.before.push(await figuresOf(other, server))
    }
    const names = [...new Set([...runs.after, ...runs.before].flatMap((figures) => Object.keys(figures)))]
    console.log(`\n${'figure'.padEnd(52)} ${commit.padStart(10)} ${'this tree'.padStart(10)}   change`)
    for (const name of names) {
      const before = median(runs.before.map((figures) => figures[name] ?? Number.NaN))
      const after = median(runs.after.map((figures) => figures[name] ?? Number.NaN))
      const change = ((after - before) / before) * 100
      const flag = change > 10 ? '  SLOWER' : change < -10 ? '  faster' : ''
      console.log(`${name.padEnd(52)} ${before.toFixed(1).padStart(10)} ${after.toFixed(1).padStart(10)}   ${change >= 0 ? '+' : ''}${change.toFixed(0)}%${flag}`)
    }
    console.log(`\nMedians of ${ROUNDS} alternating rounds; load average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')}.`)
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: root, stdio: 'ignore' })
    rmSync(join(other, '..'), { recursive: true, force: true })
  }
}

void main()
