import { createGate } from './gate'

/**
 * Holds the COMMIT of an archive's first file until its `queuedAt`-th write has come, so the
 * files ready meanwhile queue behind it (group commit). Writes count from `count()` on: the
 * task's expired reports and its row come first, then one write per file (the third is the
 * first file's). Give `options` to the test server; `writes` and `commits` count from `count()`.
 */
export function holdFirstFileCommit(queuedAt: number) {
  const commit = createGate()
  const counted = { writes: 0, commits: 0 }
  let counting = false
  let held: Promise<void> = Promise.resolve()
  let markQueued = () => {}
  const queued = new Promise<void>((resolve) => (markQueued = resolve))
  return {
    counted,
    options: {
      hooks: {
        beforeCommit: () => {
          if (counting) counted.commits += 1
          return commit.hook()
        },
      },
      writeGate: () => {
        if (counting) {
          counted.writes += 1
          if (counted.writes === 3) held = commit.arm()
          if (counted.writes === queuedAt) markQueued()
        }
        return Promise.resolve()
      },
    },
    count(): void {
      counting = true
    },
    /** Waits until the `queuedAt`-th write has come and the first file's commit is held, then lets it go. */
    async releaseWhenQueued(): Promise<void> {
      await queued
      await held
      commit.release()
    },
  }
}
