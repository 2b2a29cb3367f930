import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerUser, type Account } from '../../test/accounts'
import { callFrom } from '../../test/client-address'
import { startTestServer, type TestServer } from '../../test/test-server'

// Every 127.x.y.z address reaches the loopback interface on Linux: each stands for another
// device on the network, as seen by the server.
const OWNER_DEVICE = '127.0.0.1'
const STRANGER = '127.0.0.2'
const ANOTHER_STRANGER = '127.0.0.3'
const NEW_DEVICE = '127.0.0.4'

describe('failed-login limits a stranger cannot turn against the owner', () => {
  let t: TestServer
  let owner: Account
  beforeEach(async () => {
    t = await startTestServer({
      rateLimits: {
        loginFailuresPerAccount: 3,
        loginFailuresPerAddress: 5,
        loginFailuresPerAccountEverywhere: 5,
        registrationsPerAddress: 100,
        emailRequestsPerAddress: 100,
      },
    })
    owner = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  const login = (from: string, password: string) => callFrom(t.url, from, 'POST', '/api/auth/login', { email: owner.email, password })
  const TOO_MANY = { status: 429, body: { status: 'error', message: 'too many attempts, please try again later' } }

  it("keeps accepting the owner's password from a known address while strangers guess it", async () => {
    expect((await login(OWNER_DEVICE, owner.password)).status).toBe(200)
    for (let i = 0; i < 3; i += 1) expect((await login(STRANGER, 'guess-one')).status).toBe(401)
    // The stranger is now refused for this account, even with the right password...
    expect(await login(STRANGER, owner.password)).toMatchObject(TOO_MANY)
    for (let i = 0; i < 2; i += 1) expect((await login(ANOTHER_STRANGER, 'guess-two')).status).toBe(401)
    // ...five failures from two addresses reach the account-wide limit: unknown devices wait...
    expect(await login(ANOTHER_STRANGER, 'guess-two')).toMatchObject(TOO_MANY)
    expect(await login(NEW_DEVICE, owner.password)).toMatchObject(TOO_MANY)
    // ...but the owner, on the device they logged in from before, is not locked out.
    expect((await login(OWNER_DEVICE, owner.password)).status).toBe(200)
  })

  it('limits one address however many accounts it tries, without touching other addresses', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await callFrom(t.url, STRANGER, 'POST', '/api/auth/login', { email: `guess${i}@example.com`, password: 'x' })).status).toBe(401)
    }
    expect(await login(STRANGER, owner.password)).toMatchObject(TOO_MANY)
    expect((await login(NEW_DEVICE, owner.password)).status).toBe(200)
  })

  it('still limits wrong passwords from the known address itself', async () => {
    expect((await login(OWNER_DEVICE, owner.password)).status).toBe(200)
    for (let i = 0; i < 3; i += 1) expect((await login(OWNER_DEVICE, 'typo')).status).toBe(401)
    expect(await login(OWNER_DEVICE, owner.password)).toMatchObject(TOO_MANY)
  })
})

describe('failed-login limits under parallel guesses', () => {
  const LIMITS = { loginFailuresPerAccount: 10, loginFailuresPerAddress: 50, loginFailuresPerAccountEverywhere: 30, registrationsPerAddress: 100, emailRequestsPerAddress: 100 }
  let t: TestServer
  let owner: Account
  afterEach(() => t.close())

  const loginAs = (account: Account, from: string, password: string) => callFrom(t.url, from, 'POST', '/api/auth/login', { email: account.email, password })
  const statuses = (answers: { status: number }[]) => ({
    401: answers.filter((answer) => answer.status === 401).length,
    429: answers.filter((answer) => answer.status === 429).length,
  })

  it('counts every one of 200 parallel wrong passwords: the limit answers 401, the rest 429, and the owner is not locked out', async () => {
    t = await startTestServer({ rateLimits: LIMITS })
    owner = await registerUser(t, 'owner')
    const guesses = await Promise.all(Array.from({ length: 200 }, (_, n) => loginAs(owner, STRANGER, `guess-${n}`)))
    // Only the per-account limit from that address is ever checked against a hash.
    expect(statuses(guesses)).toEqual({ 401: LIMITS.loginFailuresPerAccount, 429: 200 - LIMITS.loginFailuresPerAccount })
    expect((await loginAs(owner, STRANGER, owner.password)).status).toBe(429)
    // The account-wide brake (30) is far away: the owner logs in at once from a device never seen.
    expect((await loginAs(owner, NEW_DEVICE, owner.password)).status).toBe(200)
  })

  it('caps one address across accounts however the guesses are spread, and still lets other addresses in', async () => {
    t = await startTestServer({ rateLimits: LIMITS })
    owner = await registerUser(t, 'owner')
    const guesses = await Promise.all(
      Array.from({ length: 120 }, (_, n) => callFrom(t.url, STRANGER, 'POST', '/api/auth/login', { email: `guess${n % 12}@example.com`, password: 'x' })),
    )
    expect(statuses(guesses)).toEqual({ 401: LIMITS.loginFailuresPerAddress, 429: 120 - LIMITS.loginFailuresPerAddress })
    expect((await loginAs(owner, NEW_DEVICE, owner.password)).status).toBe(200)
  })

  it('keeps the addresses the owner logged in from across a restart, so guesses from many addresses lock only strangers out', async () => {
    t = await startTestServer({ rateLimits: LIMITS })
    owner = await registerUser(t, 'owner')
    expect((await loginAs(owner, OWNER_DEVICE, owner.password)).status).toBe(200)
    await t.close({ keepData: true })
    t = await startTestServer({ dataDir: t.dataDir, rateLimits: LIMITS })
    // Three strangers' addresses, ten guesses each: the account-wide brake (30) is pulled.
    const strangers = ['127.0.0.11', '127.0.0.12', '127.0.0.13']
    const guesses = await Promise.all(strangers.flatMap((from) => Array.from({ length: 10 }, (_, n) => loginAs(owner, from, `guess-${n}`))))
    expect(statuses(guesses)).toEqual({ 401: 30, 429: 0 })
    expect((await loginAs(owner, NEW_DEVICE, owner.password)).status).toBe(429)
    expect((await loginAs(owner, OWNER_DEVICE, owner.password)).status).toBe(200)
  })

  it("makes one address's guesses wait for each other, not another address's login", async () => {
    // From cost 8 the hashes run in the server's password thread, one at a time. Cost 12 (~0.3 s a
    // hash here) keeps the strangers' twenty hashes far longer than the owner's own reads and
    // writes: on PostgreSQL beside other test files those took as long as 6 hashes at cost 8 and
    // 12 at cost 10, leaving fewer than 10 strangers after the owner though its hash had not waited.
    t = await startTestServer({ rateLimits: { ...LIMITS, loginFailuresPerAccount: 20, loginFailuresPerAccountEverywhere: 100 }, bcryptRounds: 12 })
    owner = await registerUser(t, 'owner')
    const finished: string[] = []
    const guesses = Array.from({ length: 25 }, (_, n) =>
      loginAs(owner, STRANGER, `guess-${n}`).then((answer) => {
        finished.push(`stranger ${answer.status}`)
        return answer
      }),
    )
    // A 429 is answered without hashing, once all 20 places are taken: the 20 guesses are then in flight.
    await Promise.race(guesses.map((guess) => guess.then((answer) => (answer.status === 429 ? undefined : new Promise(() => undefined)))))
    const ownerLogin = loginAs(owner, NEW_DEVICE, owner.password).then((answer) => {
      finished.push(`owner ${answer.status}`)
      return answer
    })
    expect((await ownerLogin).status).toBe(200)
    await Promise.all(guesses)
    // Without the per-address turn, the owner's hash would wait behind the 20 queued ones: none
    // would be left after it. With it, the owner waits for one hash at most of those still to run.
    const after = finished.slice(finished.indexOf('owner 200')).filter((entry) => entry === 'stranger 401')
    expect(after.length).toBeGreaterThanOrEqual(10)
  }, 90_000)
})
