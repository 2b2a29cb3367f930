/**
 * Answers of read calls, kept per caller and URL until the next committed write (any write:
 * simple and always safe) or for a few seconds at most, so a change made by another process
 * (the CLI) shows quickly. Dashboards ask the same questions over and over; this is what keeps
 * them fast when many devices use one server.
 */
export interface ReadCache {
  get(key: string): string | undefined
  set(key: string, body: string): void
  /** Forgets everything (called after each committed write). */
  invalidate(): void
}

export function createReadCache(options: { ttlMs: number; maxEntries: number; now: () => number }): ReadCache {
  const entries = new Map<string, { body: string; expires: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= options.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.body
    },
    set(key, body) {
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value ?? '')
      entries.set(key, { body, expires: options.now() + options.ttlMs })
    },
    invalidate() {
      entries.clear()
    },
  }
}
