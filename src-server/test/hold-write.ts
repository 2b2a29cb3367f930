import { cp } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/**
 * Holds a server's `n`-th write (pass `gate` as its `writeGate`) until `release()`: the instant a
 * test copies the data folder at, as a crash would leave it, or stops the server at.
 */
export function holdWrite(n: number) {
  let calls = 0
  let release = () => {}
  let reached = () => {}
  const held = new Promise<void>((resolve) => (reached = resolve))
  const released = new Promise<void>((resolve) => (release = resolve))
  return {
    gate: async () => {
      calls += 1
      if (calls !== n) return
      reached()
      await released
    },
    /** Resolves once the `n`-th write has come and is held. */
    held,
    release: () => release(),
  }
}

/**
 * What a crash at this instant leaves on disk: a copy of the data folder at `copy`, without its
 * lock, nor tmp/'s contents (the server goes on extracting and removing scratch files there while
 * this copy runs, and a start empties tmp/ anyway).
 */
export async function crashCopy(dataDir: string, copy: string): Promise<void> {
  const scratch = join(dataDir, 'tmp')
  await cp(dataDir, copy, { recursive: true, filter: (path) => !path.includes('server.lock') && dirname(path) !== scratch })
}
