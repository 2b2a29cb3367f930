import { statfsSync } from 'node:fs'

/**
 * Free space under which SQLite's I/O errors are taken for a full disk: SQLite reports some writes
 * that find no space as `SQLITE_IOERR` (seen growing the write-ahead log on a full tmpfs), the code
 * of real I/O failures too, so the space left on the disk decides.
 */
const NEARLY_FULL_BYTES = 1024 * 1024

/** Whether the filesystem of `dir` has (almost) no space left; false when it cannot be told. */
function nearlyFull(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir)
    return bavail * bsize < NEARLY_FULL_BYTES
  } catch {
    return false
  }
}

/**
 * Whether an error says the disk of `dir` (the data folder) is full: a file write's `ENOSPC` (also
 * `EDQUOT`, a quota reached) or SQLite's `SQLITE_FULL`, however deep TypeORM or a compute thread
 * wrapped it, or SQLite's `SQLITE_IOERR` while that disk has (almost) no space left.
 */
export function isDiskFull(error: unknown, dir: string): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth += 1) {
    const { code, message, driverError } = cause as { code?: unknown; message?: unknown; driverError?: unknown }
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true
    if (typeof message === 'string' && /\b(ENOSPC|SQLITE_FULL)\b/.test(message)) return true
    if (code === 'SQLITE_IOERR' || (typeof message === 'string' && /\bSQLITE_IOERR\b/.test(message))) return nearlyFull(dir)
    cause = driverError ?? (cause as { cause?: unknown }).cause
  }
  return false
}
