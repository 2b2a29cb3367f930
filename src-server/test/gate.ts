/**
 * A hook that holds the first call made after `arm()` until `release()`, so a test can run other
 * requests at that exact point: interleavings without sleeps.
 */
export interface Gate {
  /** Pass as a server hook. */
  readonly hook: () => Promise<void>
  /** Makes the next call of `hook` wait; resolves once that call has arrived. */
  arm(): Promise<void>
  /** Lets the held call go on. */
  release(): void
}

export function createGate(): Gate {
  let armed: { arrived: () => void; held: Promise<void> } | null = null
  let release: () => void = () => undefined
  return {
    hook: async () => {
      const current = armed
      if (!current) return
      armed = null
      current.arrived()
      await current.held
    },
    arm: () =>
      new Promise<void>((arrived) => {
        const held = new Promise<void>((resolve) => (release = resolve))
        armed = { arrived, held }
      }),
    release: () => release(),
  }
}
