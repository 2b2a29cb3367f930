import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UsersListResponse } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'

/**
 * Holds every write once armed until `expected` writes have been queued, then lets them run in
 * arrival order: the requests behind them have all authenticated before any of them commits.
 */
function raceGate() {
  let armed = 0
  let arrived = 0
  let open: () => void = () => undefined
  let opened = Promise.resolve()
  let firstArrived: () => void = () => undefined
  return {
    /** Resolves once the first armed write is held: what is sent after it queues behind it. */
    firstHeld: new Promise<void>(() => undefined),
    arm(expected: number) {
      armed = expected
      arrived = 0
      opened = new Promise((resolve) => (open = resolve))
      this.firstHeld = new Promise((resolve) => (firstArrived = resolve))
    },
    writeGate(): Promise<void> {
      if (armed === 0) return Promise.resolve()
      arrived += 1
      if (arrived === 1) firstArrived()
      if (arrived === armed) {
        armed = 0
        open()
      }
      return opened
    },
  }
}

describe('at least one active administrator, whatever runs at once', () => {
  const gate = raceGate()
  let t: TestServer
  let owner: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner, sam } = await startWithOwnerAndSam({ writeGate: () => gate.writeGate() }))
    expect((await t.api('PATCH', 'users/sam', { token: owner.token, body: { admin: true } })).status).toBe(200)
  })
  afterEach(() => t.close())

  async function administrators(): Promise<string[]> {
    const list = await t.api<UsersListResponse>('GET', 'users?order_by=username', { token: owner.token })
    const viaSam = await t.api<UsersListResponse>('GET', 'users?order_by=username', { token: sam.token })
    const users = list.status === 200 ? list.body.data.users : viaSam.body.data.users
    return users.filter((user) => user.admin && user.is_active).map((user) => user.username)
  }

  const LAST_ADMIN = { status: 403, body: { message: 'you can not delete your account, no other user has admin rights' } }

  it('lets exactly one of two administrators demoting each other at once succeed', async () => {
    gate.arm(2)
    const answers = await Promise.all([
      t.api('PATCH', 'users/sam', { token: owner.token, body: { admin: false } }),
      t.api('PATCH', 'users/owner', { token: sam.token, body: { admin: false } }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403])
    expect(answers.find((answer) => answer.status === 403)).toMatchObject(LAST_ADMIN)
    expect(await administrators()).toHaveLength(1)
  })

  it('lets exactly one of two administrators deleting each other at once succeed', async () => {
    gate.arm(2)
    const answers = await Promise.all([
      t.api('DELETE', 'users/sam', { token: owner.token }),
      t.api('DELETE', 'users/owner', { token: sam.token }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 403])
    expect(answers.find((answer) => answer.status === 403)).toMatchObject(LAST_ADMIN)
    expect(await administrators()).toHaveLength(1)
  })

  it('refuses a demotion racing a deletion of the other administrator', async () => {
    gate.arm(2)
    // The deletion queues first, so it is the one that wins; the demotion was authorised by sam's
    // rights before the deletion committed, and must be refused inside its write.
    const deletion = t.api('DELETE', 'users/sam', { token: owner.token })
    await gate.firstHeld
    const demotion = t.api('PATCH', 'users/owner', { token: sam.token, body: { admin: false } })
    const answers = await Promise.all([deletion, demotion])
    expect(answers.map((answer) => answer.status)).toEqual([204, 403])
    expect(await administrators()).toEqual(['owner'])
  })

  it('refuses to remove the rights of the last active administrator other than oneself, and keeps sequential changes working', async () => {
    expect((await t.api('PATCH', 'users/sam', { token: owner.token, body: { admin: false } })).status).toBe(200)
    // Now sam is a plain user: the owner cannot demote or delete themself away.
    expect(await t.api('DELETE', 'users/owner', { token: owner.token })).toMatchObject(LAST_ADMIN)
    expect(await administrators()).toEqual(['owner'])
  })
})
