import type { DataSource } from 'typeorm'
import type { Logger } from '../config/server-config'
import type { DataDirLayout } from '../data-dir'
import { instanceJournals } from './file-journal'
import { removeInterruptedWrites } from './orphan-files'
import { instancesRepository } from './repositories/instances.repository'

/** How long an instance stays alive for the others without renewing its lease (as an import task's lease). */
const INSTANCE_LEASE_MS = 60_000

/** A club server instance's place among the others (see {@link holdInstanceLease}). */
export interface InstanceLease {
  /** Stops renewing and ends the lease now, so the next sweep takes what is left in flight. */
  close(): Promise<void>
}

/**
 * Sweeps, on a club server's shared folder, the journals of the instances that are dead: those
 * whose lease ran out (dropped here first: from then on their writes are refused, and a write of
 * theirs under way is waited for) and those no longer listed at all (a sweep cut short). The files
 * such a journal names that no committed row names are removed (`removeInterruptedWrites`), so a
 * live instance's files in flight, in its own journal, are never touched.
 */
async function sweepDeadInstances(db: DataSource, layout: DataDirLayout, self: string, logger: Logger): Promise<void> {
  const instances = instancesRepository(db.manager)
  await instances.dropExpired()
  // Journals listed before the instances: an instance enters the table before its journal exists.
  const journals = await instanceJournals(layout)
  const listed = await instances.listed()
  for (const journal of journals) {
    if (journal.instance === self || listed.has(journal.instance)) continue
    const removed = await removeInterruptedWrites(db, journal.layout)
    if (removed > 0) logger.warn(`removed ${removed} stored file(s) left in flight by instance ${journal.instance}, which stopped`)
  }
}

/**
 * Enters a club server's instance with a lease, sweeps what dead instances left in flight, then
 * renews the lease and sweeps again every third of it. An instance that finds itself no longer
 * listed was taken for dead while held up: its files in flight may be gone, so its writes stay
 * refused (`announceWrite`) until it is restarted, which the log says.
 */
export async function holdInstanceLease(db: DataSource, layout: DataDirLayout, instance: string, logger: Logger, leaseMs = INSTANCE_LEASE_MS): Promise<InstanceLease> {
  const instances = instancesRepository(db.manager)
  await instances.register(instance, leaseMs)
  await sweepDeadInstances(db, layout, instance, logger)
  let turn: Promise<void> = Promise.resolve()
  const renew = async () => {
    if (!(await instances.renew(instance, leaseMs))) {
      clearInterval(timer)
      logger.error(`this instance (${instance}) was taken for dead by another after its lease ran out: its writes are refused until it is restarted`)
      return
    }
    await sweepDeadInstances(db, layout, instance, logger)
  }
  const timer = setInterval(() => {
    turn = turn.then(renew).catch((error: unknown) => logger.error('renewing the instance lease failed', error))
  }, leaseMs / 3)
  timer.unref()
  return {
    async close() {
      clearInterval(timer)
      await turn
      await instances.expire(instance)
    },
  }
}
