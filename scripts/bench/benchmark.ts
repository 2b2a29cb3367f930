import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** What a measurement child prints as its last stdout line (JSON). */
export interface ChildReport {
  /** Wall time of the measured work the first time it runs in the process (cold JIT), ms. */
  readonly wallMs: number
  /** Wall time of the same work run again in the same process (warm, as in a running server), ms. */
  readonly warmMs?: number
  /** CPU time (user + system) of the first run, ms: less sensitive than wall time to a busy machine. */
  readonly cpuMs?: number
  /**
   * On-CPU time of the main thread during the first run, ms (Linux schedstat): what the wall
   * time would be on an idle machine, where V8's compiler and GC threads run on the other core.
   */
  readonly mainThreadMs?: number
  /** Peak resident set size of the child process, MB. */
  readonly peakRssMb: number
  /** Free-form facts to print (points, distance…). */
  readonly notes?: string
}

/** One measurement: a script run in a fresh child process so its peak RSS is its own. */
export interface Measurement {
  readonly label: string
  /** Absolute path of the child script: TypeScript (run through tsx) or a built `.js`. */
  readonly script: string
  readonly args: readonly string[]
  /** Targets; exceeded ones are flagged in the output. */
  readonly maxMs?: number
  readonly maxRssMb?: number
}

/** A benchmark: prepares its inputs in `workDir` and lists its measurements. */
export interface Benchmark {
  readonly name: string
  prepare(workDir: string): Promise<Measurement[]>
}

/** Runs one measurement child (`node [--import tsx] script args…`) and parses its report. */
export function runChild(measurement: Measurement): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const loader = measurement.script.endsWith('.ts') ? ['--import', 'tsx'] : []
    const child = spawn(process.execPath, [...loader, measurement.script, ...measurement.args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const last = output.trim().split('\n').pop() ?? ''
      if (code !== 0) {
        reject(new Error(`${measurement.label}: child exited with ${code}: ${output}`))
        return
      }
      try {
        const parsed: unknown = JSON.parse(last)
        if (!isChildReport(parsed)) throw new Error('bad report')
        resolve(parsed)
      } catch {
        reject(new Error(`${measurement.label}: unreadable report: ${last}`))
      }
    })
  })
}

function isChildReport(value: unknown): value is ChildReport {
  return (
    typeof value === 'object' &&
    value !== null &&
    'wallMs' in value &&
    typeof value.wallMs === 'number' &&
    'peakRssMb' in value &&
    typeof value.peakRssMb === 'number'
  )
}

/**
 * Nanoseconds the main thread has spent on a CPU (`/proc/…/schedstat`), or `NaN` where that is
 * not available. Unlike `process.cpuUsage()`, it leaves out V8's compiler and GC helper threads.
 */
export function mainThreadCpuNs(): number {
  try {
    const text = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
    return Number(text.split(' ')[0])
  } catch {
    return Number.NaN
  }
}

/** Prints a child's report as the last line of stdout (for use inside measurement scripts). */
export function reportFromChild(
  wallMs: number,
  warmMs: number | undefined,
  cpuMs: number | undefined,
  notes?: string,
  mainThreadMs?: number,
): void {
  const report: ChildReport = { wallMs, warmMs, cpuMs, mainThreadMs, peakRssMb: process.resourceUsage().maxRSS / 1024, notes }
  process.stdout.write(`${JSON.stringify(report)}\n`)
}

/** Absolute path of a file next to the module at `moduleUrl`. */
export function besides(moduleUrl: string, file: string): string {
  return fileURLToPath(new URL(file, moduleUrl))
}

/** CPU time another process has used so far (Linux `/proc`), ms: all its threads, and its main thread alone. */
export interface ProcessCpu {
  readonly processMs: number
  readonly mainThreadMs: number
}

/**
 * CPU time of process `pid` so far: on a shared machine, what a piece of work cost, whatever the
 * wait for a core made its wall time. `NaN` where `/proc` is not available.
 */
export function processCpu(pid: number): ProcessCpu {
  try {
    // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 per second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    const mainThreadNs = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0])
    return { processMs: ticks * 10, mainThreadMs: mainThreadNs / 1e6 }
  } catch {
    return { processMs: Number.NaN, mainThreadMs: Number.NaN }
  }
}

/**
 * CPU time of the live threads of process `pid` so far, in nanosecond steps (schedstat) rather
 * than `processCpu`'s 10 ms ticks: fine enough for calls of a millisecond. Threads that ended are
 * not counted, so use it across work whose threads stay (a server's pools).
 */
export function threadsCpuMs(pid: number): ProcessCpu {
  const onCpuMs = (task: string) => {
    try {
      return Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6
    } catch {
      return 0 // the thread ended after the listing
    }
  }
  try {
    const tasks = readdirSync(`/proc/${pid}/task`)
    return { processMs: tasks.reduce((sum, task) => sum + onCpuMs(task), 0), mainThreadMs: onCpuMs(String(pid)) }
  } catch {
    return { processMs: Number.NaN, mainThreadMs: Number.NaN }
  }
}
