import pg from 'pg'
import type { Logger } from '../config/server-config'
import type { Background } from '../lib/background'

/**
 * The advisory lock the instances of a club server compete for (two 32-bit keys: Waymark's, then
 * the job's). Held by a connection's session: it goes when that connection does, so the holder's
 * death (a crash, a power cut) frees it at once for another instance.
 */
const WAYMARK_LOCKS = 0x5761796d
const JOBS_LOCK = 1

/** One instance of those sharing a PostgreSQL database, elected for the jobs only one may run. */
export interface Election {
  /** Whether this instance holds the lock now: takes it when free, checks its connection when held. */
  holds(): Promise<boolean>
  close(): Promise<void>
}

/**
 * Joins the election on a connection of its own, named after this process
 * (`application_name`: an operator sees the holder in `pg_stat_activity`).
 */
export function joinElection(url: string, logger: Logger): Election {
  let client: pg.Client | null = null
  let held = false
  const drop = async () => {
    const lost = client
    client = null
    held = false
    await lost?.end().catch(() => undefined)
  }
  return {
    async holds() {
      try {
        if (!client) {
          const next = new pg.Client({ connectionString: url, application_name: `waymark pid ${process.pid}` })
          next.on('error', (error) => logger.error('the connection holding the jobs lock failed', error))
          next.on('end', () => {
            if (client === next) {
              client = null
              held = false
            }
          })
          await next.connect()
          client = next
        }
        const { rows } = held
          ? await client.query<{ won: boolean }>('SELECT true AS won')
          : await client.query<{ won: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS won', [WAYMARK_LOCKS, JOBS_LOCK])
        held = rows[0]?.won === true
      } catch (error) {
        logger.error('the jobs lock could not be checked', error)
        await drop()
      }
      return held
    },
    close: drop,
  }
}

/**
 * Runs `job` every `intervalMs` on the elected instance only; the others keep asking, so one of
 * them takes over within an interval of the holder's death.
 * @returns stops the timer (the job under way finishes in `background`)
 */
export function runWhenElected(election: Election, intervalMs: number, background: Background, job: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const next = () => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = null
      background.run(async (signal) => {
        try {
          if (!signal.aborted && (await election.holds())) await job()
        } finally {
          next()
        }
      })
    }, intervalMs)
    timer.unref()
  }
  next()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
  }
}
