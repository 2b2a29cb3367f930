import { loadavg } from 'node:os'
import { benchDatabaseUrl, benchEngines, ENGINE_NAMES, stopBenchCluster, type BenchEngine } from '../engines'
import { measureArchiveImport } from './archive-import'
import { measureAloneCalls, measureConcurrentCalls, p95Of, type ConcurrentFigures } from './dashboard-latency'
import { measureSingleUploads } from './single-upload'

/** Issue 30's goal: PostgreSQL within 1.5× of SQLite on every figure. */
const MAX_RATIO = 1.5
const ARCHIVE_RUNS = 3
const UPLOAD_RUNS = 5
const CLIENTS_USERS = Number(process.env.BENCH_USERS ?? '') || 100

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ')

/** Each figure (ms, lower is better) by engine, in the order first measured. */
type Figures = Map<string, Map<BenchEngine, number>>

function note(figures: Figures, name: string, engine: BenchEngine, ms: number): void {
  const row = figures.get(name) ?? new Map<BenchEngine, number>()
  row.set(engine, ms)
  figures.set(name, row)
}

/** The 20 clients' p95, all calls together and by call. */
function clientFigures(figures: ConcurrentFigures): [string, number][] {
  const all = [...figures.latencies.values()].flat().sort((a, b) => a - b)
  return [['all calls', p95Of(all)], ...[...figures.latencies].map(([name, sorted]): [string, number] => [name, p95Of(sorted)])]
}

/**
 * Issue 19's figures on each engine of `BENCH_ENGINES`, measured one engine after the other for
 * each figure (the machine's load weighs on both alike), then printed side by side with their
 * ratio: a 50k-point upload (median of the runs after the first), a 50-file archive (median of 3),
 * each uncached dashboard call alone (median of 100) and the p95 of 20 clients on 100 users ×
 * 1,000 workouts. On PostgreSQL, the 20 clients also run against two instances on one database
 * and one folder (each client on one of them), against the one instance's figures.
 */
export async function enginesBenchmark(): Promise<void> {
  const engines = benchEngines()
  console.log(`  engines: ${engines.map((engine) => ENGINE_NAMES[engine]).join(', ')} (BENCH_ENGINES=sqlite|postgres|both); load average ${load()}`)
  const figures: Figures = new Map()
  const oneInstance = new Map<string, number>()
  const twoInstances = new Map<string, number>()
  try {
    for (const engine of engines) {
      const uploads = await measureSingleUploads(50_000, UPLOAD_RUNS, { databaseUrl: await benchDatabaseUrl(engine) })
      note(figures, '50k-point GPX upload until its 201', engine, median(uploads.slice(1).map((upload) => upload.ms)))
    }
    const archives = new Map<BenchEngine, number[]>()
    for (let run = 0; run < ARCHIVE_RUNS; run += 1) {
      // Alternating the order: neither engine always runs on the warmer (or busier) machine.
      for (const engine of run % 2 === 0 ? engines : [...engines].reverse()) {
        const archive = await measureArchiveImport(50, { databaseUrl: await benchDatabaseUrl(engine) })
        if (archive.imported !== 50) throw new Error(`${ENGINE_NAMES[engine]}: ${archive.imported} of 50 files imported`)
        archives.set(engine, [...(archives.get(engine) ?? []), archive.seconds * 1000])
      }
    }
    for (const [engine, runs] of archives) note(figures, 'zip of 50 × 2k points until imported', engine, median(runs))
    for (const engine of engines) {
      for (const [name, { medianMs }] of await measureAloneCalls(await benchDatabaseUrl(engine))) note(figures, `uncached ${name} (median)`, engine, medianMs)
    }
    for (const engine of engines) {
      const { figures: clients } = await measureConcurrentCalls(CLIENTS_USERS, 1000, { databaseUrl: await benchDatabaseUrl(engine) })
      for (const [name, p95] of clientFigures(clients)) {
        note(figures, `20 clients, ${CLIENTS_USERS}k workouts: ${name} p95`, engine, p95)
        if (engine === 'postgres') oneInstance.set(name, p95)
      }
    }
    if (engines.includes('postgres')) {
      const { figures: clients } = await measureConcurrentCalls(CLIENTS_USERS, 1000, { databaseUrl: await benchDatabaseUrl('postgres'), instances: 2 })
      for (const [name, p95] of clientFigures(clients)) twoInstances.set(name, p95)
    }
  } finally {
    await stopBenchCluster()
  }
  console.log(`\n  ${'figure, ms'.padEnd(62)}${engines.map((engine) => ENGINE_NAMES[engine].padStart(12)).join('')}${engines.length > 1 ? '   ratio' : ''}`)
  for (const [name, row] of figures) {
    const [sqlite, postgres] = [row.get('sqlite'), row.get('postgres')]
    const ratio = sqlite !== undefined && postgres !== undefined ? postgres / sqlite : null
    const verdict = ratio === null ? '' : `   ${ratio.toFixed(2)}×  ${ratio <= MAX_RATIO ? 'ok' : 'MISSED'}`
    console.log(`  ${name.padEnd(62)}${engines.map((engine) => (row.get(engine) ?? Number.NaN).toFixed(2).padStart(12)).join('')}${verdict}`)
  }
  if (engines.length > 1) console.log(`  goal: PostgreSQL within ${MAX_RATIO}× of SQLite on every figure`)
  if (twoInstances.size > 0) {
    console.log(`\n  PostgreSQL, 20 clients on ${CLIENTS_USERS}k workouts, p95 (ms): one instance, two instances on one database and folder (goal: no call slower)`)
    for (const [name, two] of twoInstances) {
      const one = oneInstance.get(name) ?? Number.NaN
      console.log(`    ${name.padEnd(40)}${one.toFixed(2).padStart(10)}${two.toFixed(2).padStart(10)}   ${two <= one ? 'ok' : 'SLOWER'}`)
    }
  }
  console.log(`  load average after: ${load()}`)
}
