import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { StatsByTimeResponse, User, WorkoutsListResponse } from '../../src/contracts'
import { resetPassword } from '../cli/user-commands'
import { openCommand } from './command-database'
import { createPasswordHasher } from '../lib/passwords'
import { registerUser, type Account } from '../test/accounts'
import { createGate } from '../test/gate'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'

const preferences = { display_ascent: true, imperial_units: true, language: 'fr', timezone: 'Europe/Paris', weekm: true }
const noFileWorkout = { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00' }

async function total(t: TestServer, account: Account): Promise<number> {
  const answer = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: account.token })
  expect(answer.status).toBe(200)
  return answer.body.pagination.total
}

describe('one writer, consistent readers', () => {
  let t: TestServer
  let owner: Account
  const gates = { queue: createGate(), commit: createGate(), cache: createGate(), read: createGate() }
  afterEach(() => t.close())

  async function start(): Promise<void> {
    t = await startTestServer({
      writeGate: gates.queue.hook,
      hooks: { beforeCommit: gates.commit.hook, beforeCacheStore: gates.cache.hook, afterSnapshotRead: gates.read.hook },
    })
    owner = await registerUser(t, 'owner')
  }

  it('a read during an open import transaction does not see its rows, and caches nothing stale', async () => {
    await start()
    const arrived = gates.commit.arm()
    const importing = upload(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
    // The workout, its segments and track are written; the transaction is held before COMMIT.
    await arrived
    expect(await total(t, owner)).toBe(0)
    const profile = await t.api<{ data: { nb_workouts: number } }>('GET', 'auth/profile', { token: owner.token })
    expect(profile.body.data.nb_workouts).toBe(0)
    gates.commit.release()
    expect((await importing).status).toBe(201)
    expect(await total(t, owner)).toBe(1)
  })

  it('a read call of several statements sees one snapshot: its statements agree across a commit', async () => {
    await start()
    expect((await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: noFileWorkout })).status).toBe(201)
    const arrived = gates.read.arm()
    // A user's first statistics: the dates of their workouts first, then the totals over them.
    const statistics = t.api<StatsByTimeResponse>('GET', 'stats/owner/by_time?time=year', { token: owner.token })
    // The call has read the dates (one workout) and is held before reading the totals...
    await arrived
    // ...a second workout, dated within them (the same minute), commits meanwhile...
    expect((await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: { ...noFileWorkout, distance: 2 } })).status).toBe(201)
    gates.read.release()
    // ...and the totals still come from the state the dates were read in.
    expect((await statistics).body.data.statistics['2020']?.['1']?.nb_workouts).toBe(1)
    expect(await total(t, owner)).toBe(2)
  })

  it('an answer computed before a write commits is not stored after it', async () => {
    await start()
    const arrived = gates.cache.arm()
    // The list is read (no workout yet) and held just before it would be cached...
    const reading = total(t, owner)
    await arrived
    // ...a write commits meanwhile...
    expect((await t.api('POST', 'workouts/no_gpx', { token: owner.token, body: noFileWorkout })).status).toBe(201)
    gates.cache.release()
    expect(await reading).toBe(0)
    // ...so the next read must not be served the answer from before the write.
    expect(await total(t, owner)).toBe(1)
  })

  describe('an edit of a user loaded before another change does not undo it', () => {
    it('a preference edit racing with a password reset (CLI): the reset holds', async () => {
      await start()
      const sam = await registerUser(t, 'sam', { activate: owner })
      const arrived = gates.queue.arm()
      // Sam's request has authenticated (its user is loaded) and waits to join the write queue.
      const editing = t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences })
      await arrived
      // As `cli.ts` runs it: on the command's own connection, beside the server.
      const command = await openCommand(t.server.layout, t.databaseUrl)
      const printed = await command.database.write((repositories) => resetPassword(repositories, createPasswordHasher(4), 'sam')).finally(() => command.close())
      const newPassword = printed.split(': ')[1] ?? ''
      gates.queue.release()
      expect((await editing).status).toBe(200)

      // The reset ended Sam's sessions and its password is the one that works.
      expect((await t.api('GET', 'auth/profile', { token: sam.token })).status).toBe(401)
      expect((await t.api('POST', 'auth/login', { body: { email: sam.email, password: sam.password } })).status).toBe(401)
      const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: sam.email, password: newPassword } })
      expect(login.status).toBe(200)
      // And the preferences were saved too.
      const profile = await t.api<{ data: User }>('GET', 'auth/profile', { token: login.body.auth_token })
      expect(profile.body.data).toMatchObject({ language: 'fr', timezone: 'Europe/Paris', imperial_units: true })
    })

    it("a preference edit racing with an administrator's rights removal: the removal holds", async () => {
      await start()
      const sam = await registerUser(t, 'sam', { activate: owner })
      expect((await t.api('PATCH', 'users/sam', { token: owner.token, body: { admin: true } })).status).toBe(200)
      const arrived = gates.queue.arm()
      const editing = t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body: preferences })
      await arrived
      expect((await t.api('PATCH', 'users/sam', { token: owner.token, body: { admin: false } })).status).toBe(200)
      gates.queue.release()
      expect((await editing).status).toBe(200)

      const seen = await t.api<{ data: { users: User[] } }>('GET', 'users/sam', { token: owner.token })
      expect(seen.body.data.users[0]).toMatchObject({ admin: false })
      expect((await t.api('GET', 'users', { token: sam.token })).status).toBe(403)
      const profile = await t.api<{ data: User }>('GET', 'auth/profile', { token: sam.token })
      expect(profile.body.data).toMatchObject({ admin: false, language: 'fr', timezone: 'Europe/Paris' })
    })
  })
})

describe('e-mail after commit', () => {
  let smtp: SmtpSink
  beforeAll(async () => {
    smtp = await startSmtpSink()
  })
  afterAll(() => smtp.close())

  it('a rolled-back change sends nothing; a committed one sends its mail', async () => {
    let failNextCommit = false
    const t = await startTestServer({
      email: { url: smtp.url, sender: 'Waymark <waymark@example.com>' },
      hooks: {
        beforeCommit: () => {
          if (!failNextCommit) return Promise.resolve()
          failNextCommit = false
          return Promise.reject(new Error('rolled back by the test'))
        },
      },
    })
    await registerUser(t, 'owner')
    failNextCommit = true
    const refused = await t.api('POST', 'auth/register', { body: { username: 'ghost', email: 'ghost@example.com', password: 'ghost-secret-pass' } })
    expect(refused.status).toBe(500)
    expect((await t.api('POST', 'auth/register', { body: { username: 'kept', email: 'kept@example.com', password: 'kept-secret-pass' } })).status).toBe(200)
    // Closing waits for every queued mail to be handed to the SMTP server.
    await t.close()
    expect(smtp.messages.map((mail) => mail.to)).toEqual([['kept@example.com']])
  })
})
