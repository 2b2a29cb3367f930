import { mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pruneCopies } from './rotation'
import { copyDatabase, fileStamp } from './sqlite-copy'

/** Prefix of the daily copies in `backups/` (distinct from pre-migration copies, pruned apart). */
const DAILY_PREFIX = 'daily-'
const DAY_MS = 24 * 60 * 60_000

/** The timer functions the schedule uses, replaceable in tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface DailyBackupOptions {
  database: string
  backupsDir: string
  now: () => Date
  onError: (error: unknown) => void
  timers?: Timers
  /** Delay before the first check, so a server that starts and stops at once copies nothing. */
  firstCheckMs?: number
  /** How often the age of the newest copy is checked afterwards. */
  checkEveryMs?: number
}

export interface DailyBackup {
  /** Takes a copy if the newest daily copy is 24 h old or more; resolves with its path, or null. */
  runIfDue(): Promise<string | null>
  /** Cancels the timer and waits for a copy under way. */
  stop(): Promise<void>
}

/** The time in a daily copy's name (`daily-2025-01-31T04-00-00-000Z.sqlite`), or null. */
function stampTime(name: string): number | null {
  const match = /^daily-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.sqlite$/.exec(name)
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null
}

/**
 * A consistent copy of the database in `backups/` at most once every 24 hours while the server
 * runs, the newest 5 kept. The age is read from the copies themselves, so restarts neither skip
 * nor repeat a day; checking hourly (rather than sleeping 24 h) survives a suspended laptop.
 */
export function startDailyBackup(options: DailyBackupOptions): DailyBackup {
  const timers: Timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms).unref(), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) }
  let timer: unknown = null
  let stopped = false
  let running: Promise<string | null> = Promise.resolve(null)

  async function takeIfDue(): Promise<string | null> {
    const now = options.now()
    const times = (await readdir(options.backupsDir).catch(() => [])).map(stampTime).filter((time): time is number => time !== null)
    const newest = times.length > 0 ? Math.max(...times) : null
    if (newest !== null && now.getTime() - newest < DAY_MS) return null
    await mkdir(options.backupsDir, { recursive: true })
    const target = join(options.backupsDir, `${DAILY_PREFIX}${fileStamp(now)}.sqlite`)
    await copyDatabase(options.database, target)
    await pruneCopies(options.backupsDir, DAILY_PREFIX)
    return target
  }

  function runIfDue(): Promise<string | null> {
    // One copy at a time, even if a check and a direct call overlap.
    running = running.catch(() => null).then(takeIfDue)
    return running
  }

  function schedule(ms: number): void {
    if (stopped) return
    timer = timers.setTimeout(() => {
      timer = null
      runIfDue()
        .catch(options.onError)
        .finally(() => schedule(options.checkEveryMs ?? 60 * 60_000))
    }, ms)
  }
  schedule(options.firstCheckMs ?? 60_000)

  return {
    runIfDue,
    async stop() {
      stopped = true
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
      await running.catch(() => null)
    },
  }
}
