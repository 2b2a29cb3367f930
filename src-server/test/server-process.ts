import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { SERVER_V8_FLAGS } from '../v8-flags'
import { LOOP_BLOCKS_REQUEST, type LoopBlocks } from './event-loop-probe'

/** A server running in a child process. */
export interface ServerProcess {
  readonly url: string
  /** The server's process id (benchmarks read its CPU time from /proc). */
  readonly pid: number
  /** Stops the server and answers its peak RSS in MB. */
  stop(): Promise<number>
  /** Kills the process outright (SIGKILL), as a crash or a power cut would; nothing if it has exited. */
  kill(): Promise<void>
  /**
   * The longest event-loop blocks since the previous call (or the start), measured inside the
   * server process; only with the `loopProbe` option.
   */
  loopBlocks(): Promise<LoopBlocks>
}

/** How to start the server process (benchmarks). */
export interface ServerProcessOptions {
  /** Extra Node flags, e.g. `--cpu-prof` (profiles are written when the server stops). */
  readonly nodeArgs?: readonly string[]
  /** False: every read is computed (the answer cache keeps nothing), to measure the queries themselves. */
  readonly readCache?: boolean
  /** The bcrypt cost (4 unless given: hashing at the real cost 12 takes ~0.3 s of CPU a login). */
  readonly bcryptRounds?: number
  /** Measure the server's event-loop blocks (see `event-loop-probe.ts`), read with `loopBlocks()`. */
  readonly loopProbe?: boolean
  /**
   * Run the app's bundle (`out/main/test/server-child.js` beside the shipped server and compute
   * worker, built by `ensureAppBuild`) instead of the sources under tsx (benchmarks: what users run).
   */
  readonly built?: boolean
  /**
   * False: compute threads start with the first task, as in tests (a test restarting the server
   * many times would pay their warm-up each time); by default warm, as the app runs.
   */
  readonly warmComputeThreads?: boolean
  /** The PostgreSQL database to run on (`--database-url`); the data folder's SQLite file when null or left out. */
  readonly databaseUrl?: string | null
  /** How long the server holds an import task without renewing it (ms). */
  readonly importLeaseMs?: number
  /** Holds the server's writes from this one on, for good: the server stops making progress where a crash test kills it. */
  readonly holdWritesFrom?: number
  /** A folder the server watches for an account's files, scanned every `intervalMs`. */
  readonly watch?: { readonly username: string; readonly dir: string; readonly intervalMs: number }
}

/** The bundled server child, from the tree this file is in. */
export const BUILT_SERVER_CHILD = join(__dirname, '..', '..', 'out', 'main', 'test', 'server-child.js')

export function startServerProcess(dataDir: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const entry = options.built ? [BUILT_SERVER_CHILD] : ['--import', 'tsx', join(__dirname, 'server-child.ts')]
    const args = [...SERVER_V8_FLAGS, ...(options.nodeArgs ?? []), ...entry, dataDir]
    if (options.readCache === false) args.push('--no-read-cache')
    if (options.loopProbe) args.push('--loop-probe')
    if (options.warmComputeThreads === false) args.push('--threads-on-demand')
    if (options.bcryptRounds !== undefined) args.push(`--bcrypt-rounds=${options.bcryptRounds}`)
    if (options.databaseUrl) args.push(`--database-url=${options.databaseUrl}`)
    if (options.importLeaseMs !== undefined) args.push(`--import-lease-ms=${options.importLeaseMs}`)
    if (options.holdWritesFrom !== undefined) args.push(`--hold-writes-from=${options.holdWritesFrom}`)
    if (options.watch) args.push(`--watch=${options.watch.username}:${options.watch.dir}`, `--watch-interval-ms=${options.watch.intervalMs}`)
    const child: ChildProcess = spawn(process.execPath, args, {
      // The probe's readings come over an IPC channel: stdout carries the port and the peak memory.
      // Stdin is a pipe only so the child sees this process end (see `server-child.ts`).
      stdio: ['pipe', 'pipe', 'inherit', ...(options.loopProbe ? ['ipc' as const] : [])],
      // The entities use TypeScript's decorators, which tsx compiles only with this tsconfig.
      env: { ...process.env, TSX_TSCONFIG_PATH: join(__dirname, '..', '..', 'tsconfig.node.json') },
    })
    const lines: string[] = []
    let buffer = ''
    const waiters: ((line: string) => void)[] = []
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let newline = buffer.indexOf('\n')
      while (newline >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        const waiter = waiters.shift()
        if (waiter) waiter(line)
        else lines.push(line)
        newline = buffer.indexOf('\n')
      }
    })
    const nextLine = () => new Promise<string>((done) => (lines.length ? done(lines.shift() ?? '') : waiters.push(done)))
    child.once('error', reject)
    void nextLine().then((line) => {
      const { port } = JSON.parse(line) as { port: number }
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid ?? 0,
        async stop() {
          child.kill('SIGTERM')
          const { peakRssMb } = JSON.parse(await nextLine()) as { peakRssMb: number }
          return peakRssMb
        },
        loopBlocks() {
          if (!options.loopProbe) return Promise.reject(new Error('started without the loopProbe option'))
          return new Promise<LoopBlocks>((done) => {
            const onMessage = (message: unknown) => {
              if (typeof message !== 'object' || message === null || !('loopBlocks' in message)) return
              child.off('message', onMessage)
              done((message as { loopBlocks: LoopBlocks }).loopBlocks)
            }
            child.on('message', onMessage)
            child.send(LOOP_BLOCKS_REQUEST)
          })
        },
        kill() {
          if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
          const exited = new Promise<void>((done) => child.once('exit', () => done()))
          child.kill('SIGKILL')
          return exited
        },
      })
    })
  })
}

/** Logs in over HTTP and answers the session token. */
export async function token(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const body = (await response.json()) as { auth_token?: string }
  if (!body.auth_token) throw new Error(`login failed: ${JSON.stringify(body)}`)
  return body.auth_token
}
