/** Work that outlives the request that started it (archive imports), stopped cleanly on shutdown. */
export interface Background {
  /** Starts `work`; its `signal` aborts when the server stops. Failures are reported to `onError`. */
  run(work: (signal: AbortSignal) => Promise<void>): void
  /** Aborts everything under way and waits for it to wind down. */
  stop(): Promise<void>
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
  }
}
