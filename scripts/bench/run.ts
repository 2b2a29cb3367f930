import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runChild, type ChildReport } from './benchmark'
import { benchmarks } from './benchmarks'

/** Fresh processes per benchmark case; the median of these runs is printed. */
const RUNS = 3

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'waymark-bench-'))
  let missed = 0
  try {
    for (const benchmark of benchmarks) {
      console.log(`\n${benchmark.name}`)
      for (const measurement of await benchmark.prepare(workDir)) {
        const reports: ChildReport[] = []
        for (let run = 0; run < RUNS; run++) reports.push(await runChild(measurement))
        const ms = median(reports.map((report) => report.wallMs))
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
          `  ${measurement.label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  peak RSS ${rss.toFixed(0).padStart(4)} MB` +
            `  [${reports.map((report) => report.wallMs.toFixed(0)).join(', ')} ms]` +
            (target ? `  target ${target}${slow || big ? '  MISSED' : '  ok'}` : '') +
            (reports[0]?.notes ? `  (${reports[0].notes})` : ''),
        )
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  console.log(
    `\nWall time = parse + analysis inside a fresh process (modules already loaded); peak RSS = whole child process (Node + tsx included). Median of ${RUNS} runs.`,
  )
  if (missed > 0) console.log(`${missed} measurement(s) missed their target.`)
}

void main()
