/**
 * Whether an error says the disk is full: a file write's `ENOSPC` (also `EDQUOT`, a quota reached)
 * or SQLite's `SQLITE_FULL`, however deep TypeORM or a compute thread wrapped it.
 */
export function isDiskFull(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth += 1) {
    const { code, message, driverError } = cause as { code?: unknown; message?: unknown; driverError?: unknown }
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true
    if (typeof message === 'string' && /\b(ENOSPC|SQLITE_FULL)\b/.test(message)) return true
    cause = driverError ?? (cause as { cause?: unknown }).cause
  }
  return false
}
