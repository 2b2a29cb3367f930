import { closeSync, openSync, readSync } from 'node:fs'
import { performance, PerformanceObserver } from 'node:perf_hooks'

/**
 * The longest event-loop blocks of this process since the last reading (issue 14: no request may
 * keep the event loop busy over 100 ms).
 */
export interface LoopBlocks {
  /** The longest time between two turns of the loop's timers, wall clock (includes preemption). */
  readonly wallMs: number
  /**
   * The longest time between two turns less the time the main thread waited for a CPU: what the
   * server itself held the loop for (running, or asleep in a synchronous call: disk, a lock, the
   * garbage collector's helpers), whatever a loaded machine adds by preempting the process.
   */
  readonly blockedMs: number
  /** The most CPU time the main thread spent between two turns. */
  readonly cpuMs: number
  /** The longest garbage collection (wall clock), one of the things that hold the loop. */
  readonly gcMs: number
  /** The main thread's CPU time in all since the previous reading (ms). */
  readonly mainThreadCpuMs: number
  /** The process's peak resident memory so far (MB): which work raised it. */
  readonly peakRssMb: number
}

/** The message a test helper sends for a reading; the answer is `{ loopBlocks: LoopBlocks }`. */
export const LOOP_BLOCKS_REQUEST = 'loop-blocks'

/**
 * Test-only: installed by `server-child.ts` when the test helper asks for it, and read over the
 * child's IPC channel, so the figure leaves the process without any new HTTP route or product
 * setting. A 1 ms timer notes, at every turn, the wall time and the main thread's time on a CPU and
 * waiting for one (Linux `schedstat`, ns); the largest differences between consecutive turns are
 * the longest blocks.
 */
export function installLoopProbe(): void {
  // Node 20 has no per-thread CPU clock (`process.threadCpuUsage` came later); the main thread's
  // id is the process id. Opened once and read with a position, so a sample is one system call.
  const fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r')
  const buffer = Buffer.alloc(128)
  /** [on a CPU, waiting for a CPU], ms. */
  const schedstat = (): [number, number] => {
    const [running, waiting] = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)).split(' ')
    return [Number(running) / 1e6, Number(waiting) / 1e6]
  }
  let last = [performance.now(), ...schedstat()]
  let wallMs = 0
  let blockedMs = 0
  let cpuMs = 0
  let gcMs = 0
  let cpuAtReading = last[1] ?? 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs = Math.max(gcMs, entry.duration)
  }).observe({ entryTypes: ['gc'] })
  const timer = setInterval(() => {
    const now = [performance.now(), ...schedstat()]
    const [wall = 0, running = 0, waiting = 0] = now.map((value, i) => value - (last[i] ?? 0))
    wallMs = Math.max(wallMs, wall)
    blockedMs = Math.max(blockedMs, wall - waiting)
    cpuMs = Math.max(cpuMs, running)
    last = now
  }, 1)
  timer.unref()
  process.on('message', (message) => {
    if (message !== LOOP_BLOCKS_REQUEST) return
    const [running] = schedstat()
    const loopBlocks: LoopBlocks = { wallMs, blockedMs, cpuMs, gcMs, mainThreadCpuMs: running - cpuAtReading, peakRssMb: process.resourceUsage().maxRSS / 1024 }
    cpuAtReading = running
    wallMs = 0
    blockedMs = 0
    cpuMs = 0
    gcMs = 0
    process.send?.({ loopBlocks })
  })
  process.once('exit', () => closeSync(fd))
}
