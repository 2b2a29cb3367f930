import { readFileSync } from 'node:fs'

/**
 * This thread's time on a CPU so far (ms), from Linux `schedstat`. The node tests run in forks, so
 * it is the main thread's: the in-process server's event loop and the test's own client. Unlike the
 * loop's busy time (wall clock), a loaded machine preempting a callback does not inflate it.
 */
export function threadCpuMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6
}
