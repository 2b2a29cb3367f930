import type { EntityManager } from 'typeorm'

/**
 * The instances of a club server and their leases (the migration `InstanceLeases`), on the
 * database's clock. Used on PostgreSQL only: a SQLite server is alone on its folder.
 */
export function instancesRepository(manager: EntityManager) {
  return {
    /** Enters (or enters again) an instance with a lease of `leaseMs` from now. */
    async register(id: string, leaseMs: number): Promise<void> {
      await manager.query(
        `INSERT INTO server_instance (id, lease_until) VALUES ($1, now() + $2 * interval '1 millisecond')
           ON CONFLICT (id) DO UPDATE SET lease_until = excluded.lease_until`,
        [id, leaseMs],
      )
    },
    /** Extends the lease; false when the instance is no longer listed (another took it for dead). */
    async renew(id: string, leaseMs: number): Promise<boolean> {
      const rows = await manager.query<[unknown[], number]>(
        `UPDATE server_instance SET lease_until = now() + $2 * interval '1 millisecond' WHERE id = $1`,
        [id, leaseMs],
      )
      return rows[1] > 0
    },
    /** Ends the lease now (a clean stop): the next sweep takes what the instance left in flight. */
    async expire(id: string): Promise<void> {
      await manager.query(`UPDATE server_instance SET lease_until = now() WHERE id = $1`, [id])
    },
    /**
     * Removes the instances whose lease ran out. Once committed, their writes are refused (see
     * `announceWrite`), and a write under way holds its instance's row, so this waits for it.
     */
    async dropExpired(): Promise<void> {
      await manager.query(`DELETE FROM server_instance WHERE lease_until < now()`)
    },
    /** The instances listed (alive, or not yet dropped). */
    async listed(): Promise<Set<string>> {
      const rows = await manager.query<{ id: string }[]>(`SELECT id FROM server_instance`)
      return new Set(rows.map((row) => row.id))
    },
  }
}
