import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freePort } from './test/free-port'
import { PROMOTED_COUNT, promotingScript } from './test/promoting-heap'
import { startServerProcess } from './test/server-process'
import { SERVER_V8_FLAGS } from './v8-flags'

const ROOT = join(__dirname, '..')
const FLAGS = ['--initial-old-space-size=96', '--max-semi-space-size=16']

/** A process's command line, as the kernel holds it (after any `execve`). */
async function commandLine(pid: number): Promise<string[]> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean)
}

describe("the server's V8 flags", () => {
  it('keep the event loop of a process started with them from full collections while its old generation holds less than the floor, garbage included', async () => {
    const child = spawn(process.execPath, [...SERVER_V8_FLAGS, '-e', promotingScript('process.stdout.write(JSON.stringify({ full, count }))')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
    // Without them V8 ran full collections here from a few MB of old generation (Node 22, 24, 26).
    expect(JSON.parse(output)).toEqual({ full: 0, count: PROMOTED_COUNT })
  }, 120_000)

  it("keep the event loop's young generation at 16 MB a semi-space while much of what it makes survives a young collection", async () => {
    // Batches of 200,000 small objects alive at once, as requests in flight are: V8 grows the new
    // space as far as it may (Node 24 here: to 128 MB without the flag, Node 26: 64 MB).
    const script = `
const { getHeapSpaceStatistics } = require('node:v8')
let largest = 0
let kept = []
for (let i = 0; i < 6000000; i += 1) {
  kept.push({ i, values: [i] })
  if (kept.length === 200000) kept = []
  if (i % 50000 === 0) largest = Math.max(largest, getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)
}
process.stdout.write(String(largest))`
    const child = spawn(process.execPath, [...SERVER_V8_FLAGS, '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0)
    // Two semi-spaces of 16 MB.
    expect(Number(output) / 1024 / 1024).toBeLessThanOrEqual(32)
  }, 120_000)

  it('are on the command line of a headless server started without them, the same process answering', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'waymark-v8-flags-'))
    const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-server', 'main.ts'), '--data-dir', dataDir, '--port', String(await freePort()), '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
    })
    try {
      let output = ''
      const address = await new Promise<string>((resolve, reject) => {
        server.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)))
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)
          if (url) resolve(url[0])
        })
      })
      expect(await commandLine(server.pid ?? 0)).toEqual(expect.arrayContaining(FLAGS))
      expect((await fetch(`${address}api/config`)).status).toBe(200)
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      expect(await exited).toBe(0)
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 300_000)

  it('are on the command line of the tests\' and benchmarks\' server process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'waymark-v8-flags-'))
    const server = await startServerProcess(dataDir, { warmComputeThreads: false })
    try {
      expect(await commandLine(server.pid)).toEqual(expect.arrayContaining(FLAGS))
    } finally {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 300_000)
})
