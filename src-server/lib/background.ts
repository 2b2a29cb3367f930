/** Work that outlives the request that started it (archive imports), stopped cleanly on shutdown. */
export interface Background {
  /** Starts `work`; its `signal` aborts when the server stops. Failures are reported to `onError`. */
  run(work: (signal: AbortSignal) => Promise<void>): void
  /** Aborts everything under way and waits for it to wind down. */
  stop(): Promise<void>
  /** Waits until no work is under way, without aborting any (tests wait for it instead of sleeping). */
  idle(): Promise<void>
}

export function createBackground(onError: (error: unknown) => void): Background {
  const controller = new AbortController()
  const running = new Set<Promise<void>>()
  return {
    run(work) {
      const task = work(controller.signal)
        .catch(onError)
        .finally(() => running.delete(task))
      running.add(task)
    },
    async stop() {
      controller.abort()
      await Promise.all([...running])
    },
    async idle() {
      // Work may start more work (a map redrawn after an import): wait until none is left.
      while (running.size > 0) await Promise.all([...running])
    },
  }
}
