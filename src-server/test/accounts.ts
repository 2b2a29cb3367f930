import { expect } from 'vitest'
import { startTestServer, type TestServer, type TestServerOptions } from './test-server'

/** A registered, active account and its session token. */
export interface Account {
  username: string
  email: string
  password: string
  token: string
}

/**
 * Registers an account over the API and logs it in. The first account of a server is its
 * administrator; later ones are activated by `activate` (an administrator) when given.
 */
export async function registerUser(
  t: TestServer,
  username: string,
  options: { activate?: Account; language?: string } = {},
): Promise<Account> {
  const email = `${username}@example.com`
  const password = `${username}-secret-pass`
  const registered = await t.api('POST', 'auth/register', {
    body: { username, email, password, ...(options.language ? { language: options.language } : {}) },
  })
  expect(registered.status).toBe(200)
  if (options.activate) {
    const activated = await t.api('PATCH', `users/${username}`, { token: options.activate.token, body: { activate: true } })
    expect(activated.status).toBe(200)
  }
  const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email, password } })
  expect(login.status).toBe(200)
  return { username, email, password, token: login.body.auth_token }
}

/**
 * The usual start of an API test: a real server on a fresh data folder, its administrator
 * `owner` and an active second user `sam`. The caller closes `t`.
 */
export async function startWithOwnerAndSam(options: TestServerOptions = {}): Promise<{ t: TestServer; owner: Account; sam: Account }> {
  const t = await startTestServer(options)
  const owner = await registerUser(t, 'owner')
  const sam = await registerUser(t, 'sam', { activate: owner })
  return { t, owner, sam }
}
