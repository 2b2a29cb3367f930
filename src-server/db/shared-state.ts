import type { DataSource } from 'typeorm'
import type { AttemptCounters } from '../lib/rate-limits'
import { sharedStateRepository } from './repositories/shared-state.repository'

/** Attempts between two sweeps of ended counters (each instance sweeps after that many of its own). */
const ATTEMPTS_PER_SWEEP = 1000

class CounterFull extends Error {}

/**
 * Attempt counters in the database of a club server: every instance counts in the same rows. A
 * `take` is one transaction that adds to each counter in the given order and rolls back when one
 * goes past its limit, so nothing is counted for a refused attempt.
 */
export function databaseCounters(db: DataSource): AttemptCounters {
  let attempts = 0
  return {
    async take(counts) {
      attempts += 1
      if (attempts % ATTEMPTS_PER_SWEEP === 0) await sharedStateRepository(db.manager).dropEndedAttempts()
      try {
        await db.transaction(async (manager) => {
          const shared = sharedStateRepository(manager)
          for (const { key, limit, windowMs } of counts) if ((await shared.addAttempt(key, windowMs)) > limit) throw new CounterFull()
        })
        return true
      } catch (error) {
        if (error instanceof CounterFull) return false
        throw error
      }
    },
    giveBack: (key) => sharedStateRepository(db.manager).giveBackAttempt(key),
    clear: (key) => sharedStateRepository(db.manager).clearAttempts(key),
  }
}

/** The first account's setup code of a club server: the first instance's, shown by every instance. */
export const sharedSetupCode = (db: DataSource, proposed: string): Promise<string> => sharedStateRepository(db.manager).settingOr('setup_code', proposed)
