import type { EntityManager } from 'typeorm'
import { dialectOf } from '../dialect'

/**
 * The state the instances of a club server share through their database (see the migration
 * `SharedLimits`): attempt counters in fixed windows on the database's clock, and named settings.
 * Used on PostgreSQL only: a SQLite server keeps this state in its process.
 */
export function sharedStateRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  return {
    /**
     * Adds one to a counter (one in a new window when its last window has ended) and answers its
     * count; its row stays locked until the transaction ends, so attempts on one key wait for each other.
     */
    async addAttempt(key: string, windowMs: number): Promise<number> {
      const rows = await manager.query<{ count: number }[]>(
        dialect.sql(`INSERT INTO attempt_counter AS counter ("key", "count", reset_at) VALUES (?, 1, now() + ? * interval '1 millisecond')
           ON CONFLICT ("key") DO UPDATE SET
             "count" = CASE WHEN counter.reset_at <= now() THEN 1 ELSE counter."count" + 1 END,
             reset_at = CASE WHEN counter.reset_at <= now() THEN excluded.reset_at ELSE counter.reset_at END
           RETURNING "count"`),
        [key, windowMs],
      )
      return Number(rows[0]?.count ?? 0)
    },
    async giveBackAttempt(key: string): Promise<void> {
      await manager.query(dialect.sql(`UPDATE attempt_counter SET "count" = "count" - 1 WHERE "key" = ? AND reset_at > now() AND "count" > 0`), [key])
    },
    async clearAttempts(key: string): Promise<void> {
      await manager.query(dialect.sql(`DELETE FROM attempt_counter WHERE "key" = ?`), [key])
    },
    /** Drops the counters whose window has ended (they would count from one again anyway). */
    async dropEndedAttempts(): Promise<void> {
      await manager.query(`DELETE FROM attempt_counter WHERE reset_at <= now()`)
    },
    /** The setting's value: the one stored first, by whichever instance came first; `value` if none was. */
    async settingOr(name: string, value: string): Promise<string> {
      await manager.query(dialect.sql(`INSERT INTO shared_setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`), [name, value])
      const rows = await manager.query<{ value: string }[]>(dialect.sql(`SELECT value FROM shared_setting WHERE name = ?`), [name])
      return rows[0]?.value ?? value
    },
  }
}
