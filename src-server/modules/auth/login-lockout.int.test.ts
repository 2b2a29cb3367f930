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
