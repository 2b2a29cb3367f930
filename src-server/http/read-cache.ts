/**
 * Values kept until the next committed write (any write: simple and always safe) or for a few
 * seconds at most, so a change made by another process (the CLI) shows quickly. Used for the
 * answers of read calls (per caller and URL) and for resolved sessions: dashboards ask the same
 * questions over and over, and this keeps them fast when many devices use one server.
 */
export interface ExpiringCache<T> {
  get(key: string): T | undefined
  set(key: string, value: T): void
  /** Forgets everything (called after each committed write). */
  invalidate(): void
}

/** The cache of read-call answers (JSON text). */
export type ReadCache = ExpiringCache<string>

export function createExpiringCache<T>(options: { ttlMs: number; maxEntries: number; now: () => number }): ExpiringCache<T> {
  const entries = new Map<string, { value: T; expires: number }>()
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
    set(key, value) {
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value ?? '')
      entries.set(key, { value, expires: options.now() + options.ttlMs })
    },
    invalidate() {
      entries.clear()
    },
  }
}
