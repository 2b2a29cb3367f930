import bcrypt from 'bcryptjs'
import type { ComputePool } from '../compute/compute-pool'

/** Password hashing with a fixed bcrypt cost (lowered only in tests). */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Compares in constant work even when there is no account (`hash` null). */
  verify(password: string, hash: string | null): Promise<boolean>
}

/** Below this cost a hash takes a few milliseconds: less than handing it to a thread. */
const THREAD_FROM_ROUNDS = 8

/**
 * @param threads where a costly hash runs (the server's password thread): bcryptjs is JavaScript,
 *   and its asynchronous form still works in slices of 100 ms on the event loop, 3 of them per
 *   login at cost 12, during which no other request is answered (issue 14). Without it (the
 *   command line, which serves nobody meanwhile), hashing runs in this thread.
 */
export function createPasswordHasher(rounds: number, threads?: Pick<ComputePool, 'hashPassword' | 'verifyPassword'>): PasswordHasher {
  const runner =
    threads && rounds >= THREAD_FROM_ROUNDS
      ? { hash: (password: string) => threads.hashPassword(password, rounds), compare: (password: string, hash: string) => threads.verifyPassword(password, hash) }
      : { hash: (password: string) => bcrypt.hash(password, rounds), compare: (password: string, hash: string) => bcrypt.compare(password, hash) }
  // Comparing against a throw-away hash when the account does not exist keeps login timing the
  // same for known and unknown e-mails.
  let dummyHash: Promise<string> | null = null
  return {
    hash: runner.hash,
    async verify(password, hash) {
      if (hash) return runner.compare(password, hash)
      dummyHash ??= runner.hash('no account')
      await runner.compare(password, await dummyHash)
      return false
    },
  }
}
