import pg from 'pg'
import type { EntityManager } from 'typeorm'
import type { Logger } from '../config/server-config'

/** The channel on which the instances of a club server announce their committed writes. */
const CHANNEL = 'waymark_writes'
/** Wait before listening again after the listening connection was lost. */
const RECONNECT_MS = 1000

/** The instance was taken for dead (its lease ran out): what it had in flight may have been swept. */
class InstanceFenced extends Error {
  override name = 'InstanceFenced'
}

/**
 * Announces, inside a write's transaction, that `instance` wrote: PostgreSQL delivers the notice
 * to the other instances when (and only if) the transaction commits, before its writer answers.
 * The same statement is the write's fence: it holds the instance's row (`server_instance`) until
 * the commit, so a sweep of its files waits for the write, and an instance no longer listed (taken
 * for dead, its files in flight maybe swept) commits nothing.
 * @throws InstanceFenced when the instance is no longer listed
 */
export async function announceWrite(manager: EntityManager, instance: string): Promise<void> {
  const rows = await manager.query<unknown[]>(`SELECT pg_notify('${CHANNEL}', id) FROM server_instance WHERE id = $1 FOR KEY SHARE`, [instance])
  if (rows.length === 0) throw new InstanceFenced(`instance ${instance} was taken for dead: restart it`)
}

/**
 * Listens on its own connection for the writes of other instances and calls `onWrite` for each
 * (their answer caches are dropped there). While the connection is lost, notices are missed: it
 * calls `onWrite` once listening again, and the caches' short lifetime bounds what is served meanwhile.
 * @returns stops listening
 */
export async function listenForWrites(url: string, instance: string, onWrite: () => void, logger: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | null = null
  const retryLater = () => {
    if (stopped) return
    retry = setTimeout(() => void connect().catch(retryLater), RECONNECT_MS)
    retry.unref()
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (notice) => {
      if (notice.payload !== instance) onWrite()
    })
    next.on('error', (error) => logger.error("the connection listening for other instances' writes failed", error))
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
    } catch (error) {
      await next.end().catch(() => undefined)
      throw error
    }
    next.on('end', () => {
      client = null
      onWrite()
      retryLater()
    })
    client = next
    onWrite()
  }
  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await client?.end()
  }
}
