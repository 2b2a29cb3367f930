import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchServerLine } from './bench-server'
import { runChild, type ChildReport } from './benchmark'
import { benchmarks } from './benchmarks'

/** Fresh processes per benchmark case (`BENCH_RUNS`, default 5); the median is printed, and every cold run. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? '') || 5)

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'waymark-bench-'))
  let missed = 0
  console.log(`load average before: ${loadAverage()} (${availableParallelism()} cores); ${benchServerLine()}`)
  try {
    for (const benchmark of benchmarks) {
      console.log(`\n${benchmark.name}`)
      for (const measurement of await benchmark.prepare(workDir)) {
        const reports: ChildReport[] = []
        for (let run = 0; run < RUNS; run++) reports.push(await runChild(measurement))
        const ms = median(reports.map((report) => report.wallMs))
        const warm = median(reports.map((report) => report.warmMs ?? Number.NaN))
        const cpu = median(reports.map((report) => report.cpuMs ?? Number.NaN))
        const main = median(reports.map((report) => report.mainThreadMs ?? Number.NaN))
        const rss = median(reports.map((report) => report.peakRssMb))
        const slow = measurement.maxMs !== undefined && ms > measurement.maxMs
        const big = measurement.maxRssMb !== undefined && rss > measurement.maxRssMb
        if (slow || big) missed += 1
        const target = [
          measurement.maxMs !== undefined ? `≤ ${measurement.maxMs} ms` : '',
          measurement.maxRssMb !== undefined ? `≤ ${measurement.maxRssMb} MB` : '',
        ]
          .filter(Boolean)
          .join(', ')
        console.log(
          `  ${measurement.label.padEnd(52)} cold ${ms.toFixed(0).padStart(5)} ms (main thread ${main.toFixed(0).padStart(4)}, CPU ${cpu.toFixed(0).padStart(4)})  warm ${warm.toFixed(0).padStart(5)} ms` +
            `  peak RSS ${rss.toFixed(0).padStart(4)} MB  [cold runs ${reports.map((report) => report.wallMs.toFixed(0)).join(', ')}]` +
            (target ? `  target ${target}${slow || big ? '  MISSED' : '  ok'}` : '') +
            (reports[0]?.notes ? `  (${reports[0].notes})` : ''),
        )
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  console.log(
    `\nWall time = import + analysis + chart + map line of one file, in a fresh process per run with modules loaded:` +
      `\n"cold" = first run in the process (targets are checked on it), "warm" = the same work again (a running server).` +
      `\nPeak RSS = the whole child process (Node, and tsx when run from source). Median of ${RUNS} runs.` +
      `\n"main thread" = on-CPU time of the main thread in the cold run (≈ the wall time on an idle machine);` +
      ` "CPU" adds V8's compiler and GC threads.` +
      `\nLoad average after: ${loadAverage()} — on a shared machine, compare the main-thread time and the fastest runs.`,
  )
  if (missed > 0) console.log(`${missed} measurement(s) missed their target.`)
}

void main()
