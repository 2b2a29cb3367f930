import { resolve } from 'node:path'
import { concurrentBenchmark } from './api/dashboard-latency'

/**
 * Profiles the dashboard calls under 20 clients (profiling aid): `profile-dashboard.ts <users>
 * <profile-dir>` runs the concurrent dashboard benchmark against a server started with
 * `--cpu-prof`; open the `.cpuprofile` file in Chrome's DevTools.
 */
async function main(): Promise<void> {
  const users = Number(process.argv[2] ?? 100)
  const dir = resolve(process.argv[3] ?? 'profiles')
  await concurrentBenchmark(users, 1000, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir] })
  console.log(`profile in ${dir}`)
}

void main()
