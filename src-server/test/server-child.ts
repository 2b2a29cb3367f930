// A Waymark server in its own process (benchmarks, crash tests): prints its port once listening
// with its compute threads ready, and its peak memory as JSON when told to stop (SIGTERM).
import { createServer } from '../server'
import { benchServerConfig } from './bench-server-config'
import { installLoopProbe } from './event-loop-probe'

async function main(): Promise<void> {
  const [dataDir, ...flags] = process.argv.slice(2)
  if (!dataDir) throw new Error('usage: server-child <data-dir> [--no-read-cache] [--loop-probe] [--bcrypt-rounds=N] [--threads-on-demand] [--database-url=postgres://…] [--import-lease-ms=N] [--hold-writes-from=N] [--watch=<username>:<folder>] [--watch-interval-ms=N]')
  if (flags.includes('--loop-probe')) installLoopProbe()
  const rounds = Number(flags.find((flag) => flag.startsWith('--bcrypt-rounds='))?.slice('--bcrypt-rounds='.length) ?? 4)
  const databaseUrl = flags.find((flag) => flag.startsWith('--database-url='))?.slice('--database-url='.length) ?? null
  // `--watch=<username>:<folder>`: a watched folder (multi-instance tests), scanned every `--watch-interval-ms`.
  const watched = flags.find((flag) => flag.startsWith('--watch='))?.slice('--watch='.length)
  const watchFolders = watched ? [{ username: watched.slice(0, watched.indexOf(':')), dir: watched.slice(watched.indexOf(':') + 1) }] : []
  const config = { ...benchServerConfig(dataDir, rounds), warmComputeThreads: !flags.includes('--threads-on-demand'), databaseUrl, watchFolders }
  const watchMs = flags.find((flag) => flag.startsWith('--watch-interval-ms='))?.slice('--watch-interval-ms='.length)
  const leaseMs = flags.find((flag) => flag.startsWith('--import-lease-ms='))?.slice('--import-lease-ms='.length)
  // `--hold-writes-from=N`: the N-th write and every later one never run, so a crash test's kill
  // finds the server where it stopped, whatever the machine's speed.
  const holdFrom = Number(flags.find((flag) => flag.startsWith('--hold-writes-from='))?.slice('--hold-writes-from='.length) ?? 0)
  let writes = 0
  const server = await createServer(config, {
    ...(holdFrom > 0 ? { writeGate: () => (++writes >= holdFrom ? new Promise<void>(() => undefined) : Promise.resolve()) } : {}),
    ...(flags.includes('--no-read-cache') ? { readCacheTtlMs: 0 } : {}),
    ...(leaseMs ? { importLeaseMs: Number(leaseMs) } : {}),
    ...(watchMs ? { watchIntervalMs: Number(watchMs) } : {}),
  })
  const { port } = await server.listen()
  // Measured as a user's app that has been open a moment: its compute threads warm (trees older
  // than warm threads, which `bench:compare` runs this file in, have none).
  if ('computeReady' in server) await server.computeReady()
  console.log(JSON.stringify({ port }))
  // The test or benchmark that started this process ended without stopping it (a failed
  // assertion, a timeout): its end of stdin closes, and this process must not outlive it (an
  // orphan kept vitest from exiting and went on using the CPU).
  process.stdin.once('end', () => process.exit(1))
  process.stdin.resume()
  process.once('SIGTERM', () => {
    void server.close().then(() => {
      console.log(JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024 }))
      process.exit(0)
    })
  })
}

void main()
