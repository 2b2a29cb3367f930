import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { registerUser } from '../test/accounts'
import { onPostgresLane } from '../test/postgres-lane'
import { startTestServer, type TestServer } from '../test/test-server'
import { checkWaymarkDatabase } from './check-database'
import type { Timers } from './daily-backup'

/** Timers that only fire when the test says so. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let next = 0
  let timerSet = () => {}
  const timers: Timers = {
    setTimeout(callback, ms) {
      next += 1
      pending.set(next, { callback, ms })
      timerSet()
      return next
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  }
  return {
    timers,
    pending,
    /** Fires the one pending timer and waits until the schedule has set the next one (however long the copy takes). */
    async fire(): Promise<void> {
      const [entry] = [...pending.entries()]
      if (!entry) throw new Error('no timer pending')
      pending.delete(entry[0])
      const scheduled = new Promise<void>((resolve) => (timerSet = resolve))
      entry[1].callback()
      await scheduled
    },
  }
}

const dailyCopies = async (t: TestServer) => (await readdir(join(t.dataDir, 'backups'))).filter((name) => name.startsWith('daily-')).sort()

// The daily copy is SQLite's file (`VACUUM INTO`); a PostgreSQL server is backed up with pg_dump (README, club servers).
describe.skipIf(onPostgresLane())('daily backup while the server runs', () => {
  let t: TestServer | undefined
  afterEach(() => t?.close())

  it('copies the database at most once a day and keeps the newest five', async () => {
    let clock = new Date('2030-03-01T08:00:00Z')
    const manual = manualTimers()
    t = await startTestServer({ now: () => clock, backupTimers: manual.timers })
    await registerUser(t, 'owner')
    expect([...manual.pending.values()].map((timer) => timer.ms)).toEqual([60_000])

    await manual.fire()
    expect(await dailyCopies(t)).toEqual(['daily-2030-03-01T08-00-00-000Z.sqlite'])
    expect(await checkWaymarkDatabase(join(t.dataDir, 'backups', 'daily-2030-03-01T08-00-00-000Z.sqlite'))).toEqual({ users: 1, workouts: 0 })
    // A copy of everything: as private as the database (L3).
    expect((await stat(join(t.dataDir, 'backups', 'daily-2030-03-01T08-00-00-000Z.sqlite'))).mode & 0o777).toBe(0o600)
    expect([...manual.pending.values()].map((timer) => timer.ms)).toEqual([3_600_000])

    clock = new Date('2030-03-02T07:59:59Z')
    await manual.fire()
    expect(await dailyCopies(t)).toHaveLength(1)

    for (let day = 2; day <= 8; day += 1) {
      clock = new Date(`2030-03-0${day}T08:00:00Z`)
      await manual.fire()
    }
    expect(await dailyCopies(t)).toEqual([4, 5, 6, 7, 8].map((day) => `daily-2030-03-0${day}T08-00-00-000Z.sqlite`))
    expect(t.logs.filter((line) => line.startsWith('error'))).toEqual([])
  })

  it('counts the day from the copies already there, across restarts, and stops with the server', async () => {
    let clock = new Date('2030-03-01T08:00:00Z')
    const manual = manualTimers()
    t = await startTestServer({ now: () => clock, backupTimers: manual.timers })
    await manual.fire()
    await t.close({ keepData: true })
    expect(manual.pending.size).toBe(0)

    clock = new Date('2030-03-01T20:00:00Z')
    const restarted = manualTimers()
    t = await startTestServer({ dataDir: t.dataDir, now: () => clock, backupTimers: restarted.timers })
    await restarted.fire()
    expect(await dailyCopies(t)).toHaveLength(1)
  })
})
