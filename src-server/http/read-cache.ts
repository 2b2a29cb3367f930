/**
 * Values kept until the next committed write (any write: simple and always safe) or for a few
 * seconds at most, so a change made by another process (the CLI) shows quickly. Used for the
 * answers of read calls (per caller and URL) and for resolved sessions: dashboards ask the same
 * questions over and over, and this keeps them fast when many devices use one server.
 *
 * Every invalidation starts a new generation. A value is stored only if no write committed since
 * its computation began (`generation()` taken before reading): otherwise an answer read before a
 * commit and stored after it would outlive the change it does not show.
 */
export interface ExpiringCache<T> {
  get(key: string): T | undefined
  /** The current generation: take it before computing a value to `set`. */
  generation(): number
  /** Stores `value` unless a write committed since `generation` was taken. */
  set(key: string, value: T, generation: number): void
  /** Forgets everything and starts a new generation (called after each committed write). */
  invalidate(): void
  /** Test hook: awaited by callers between computing a value and storing it. */
  readonly beforeSet?: () => Promise<void>
}

/**
 * A read call's kept answer: its JSON text and, once an answer went out compressed, those bytes
 * for each encoding, so a hit in that encoding is not compressed again (a list of 100: ~0.3 ms of
 * gzip a hit). Dropped with the entry at a write or when it expires.
 */
export interface KeptAnswer {
  readonly json: string
  readonly encoded: Map<'br' | 'gzip', Buffer>
}

/** The cache of read-call answers. */
export type ReadCache = ExpiringCache<KeptAnswer>

export function createExpiringCache<T>(options: {
  ttlMs: number
  maxEntries: number
  now: () => number
  beforeSet?: () => Promise<void>
}): ExpiringCache<T> {
  const entries = new Map<string, { value: T; expires: number }>()
  let current = 0
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= options.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value
    },
    generation: () => current,
    set(key, value, generation) {
      if (generation !== current) return
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value ?? '')
      entries.set(key, { value, expires: options.now() + options.ttlMs })
    },
    invalidate() {
      current += 1
      entries.clear()
    },
    ...(options.beforeSet ? { beforeSet: options.beforeSet } : {}),
  }
}
