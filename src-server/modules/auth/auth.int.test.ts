import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LoginResponse, ProfileResponse, User } from '../../../src/contracts'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'

describe('registration and login (e-mail sending off)', () => {
  let t: TestServer
  beforeEach(async () => {
    t = await startTestServer()
  })
  afterEach(() => t.close())

  const register = (body: Record<string, unknown>) => t.api('POST', 'auth/register', { body })

  it('makes the first account an active administrator that can log in at once', async () => {
    const answer = await register({ username: 'owner', email: 'owner@example.com', password: '12345678', language: 'fr' })
    expect(answer).toMatchObject({ status: 200, body: { status: 'success', message: 'successfully registered' } })
    const login = await t.api<LoginResponse>('POST', 'auth/login', { body: { email: 'owner@example.com', password: '12345678' } })
    expect(login.status).toBe(200)
    expect(login.body).toEqual({ status: 'success', message: 'successfully logged in', auth_token: expect.any(String) })
    const profile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: login.body.auth_token })
    expect(profile.body.data).toMatchObject({ username: 'owner', admin: true, is_active: true, language: 'fr', timezone: 'Europe/Paris', weekm: false })
  })

  it("starts an account with the time zone and week start its browser sent, ignoring a zone nobody knows", async () => {
    const owner = { username: 'owner', email: 'owner@example.com', password: '12345678' }
    expect((await register({ ...owner, timezone: 'America/Toronto', weekm: true })).status).toBe(200)
    const login = await t.api<LoginResponse>('POST', 'auth/login', { body: owner })
    const profile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: login.body.auth_token })
    expect(profile.body.data).toMatchObject({ timezone: 'America/Toronto', weekm: true })
    // A zone this server does not know is no reason to refuse an account: it gets the default.
    const sam = { username: 'sam', email: 'sam@example.com', password: '12345678' }
    expect((await register({ ...sam, timezone: 'Mars/Olympus_Mons', weekm: false })).status).toBe(200)
    await t.api('PATCH', 'users/sam', { token: login.body.auth_token, body: { activate: true } })
    const samLogin = await t.api<LoginResponse>('POST', 'auth/login', { body: sam })
    const samProfile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: samLogin.body.auth_token })
    expect(samProfile.body.data).toMatchObject({ timezone: 'Europe/Paris', weekm: false })
    expect((await register({ username: 'max', email: 'max@example.com', password: '12345678', weekm: 'yes' })).status).toBe(400)
  })

  it('leaves later accounts inactive until an administrator activates them', async () => {
    const admin = await registerUser(t, 'owner')
    expect((await register({ username: 'sam', email: 'sam@example.com', password: '12345678' })).status).toBe(200)
    // The right password says the account waits for activation; a wrong one learns nothing more
    // than for any account.
    const waiting = await t.api('POST', 'auth/login', { body: { email: 'sam@example.com', password: '12345678' } })
    expect(waiting).toMatchObject({ status: 401, body: { status: 'error', message: 'this account is waiting for activation', code: 'account_inactive' } })
    const wrong = await t.api('POST', 'auth/login', { body: { email: 'sam@example.com', password: '87654321' } })
    expect(wrong).toMatchObject({ status: 401, body: { status: 'error', message: 'invalid credentials', code: 'invalid_credentials' } })
    await t.api('PATCH', 'users/sam', { token: admin.token, body: { activate: true } })
    const login = await t.api('POST', 'auth/login', { body: { email: 'SAM@Example.com', password: '12345678' } })
    expect(login.status).toBe(200)
    const profile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: String(login.body.auth_token) })
    expect(profile.body.data).toMatchObject({ admin: false, is_active: true, language: 'en' })
  })

  it('reports every broken rule, one per line', async () => {
    const answer = await register({ username: 'a!', email: 'nope', password: 'short' })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      status: 'error',
      message: [
        'username: 3 to 30 characters required',
        'username: only alphanumeric characters and the underscore character "_" allowed',
        'email: valid email must be provided',
        'password: 8 characters required',
      ].join('\n'),
      code: 'username_length',
      codes: ['username_length', 'username_characters', 'email_invalid', 'password_length'],
    })
  })

  it.each([
    ['ab', 'username: 3 to 30 characters required'],
    ['a'.repeat(31), 'username: 3 to 30 characters required'],
    ['with space', 'username: only alphanumeric characters and the underscore character "_" allowed'],
    ['émile', 'username: only alphanumeric characters and the underscore character "_" allowed'],
  ])('refuses the username %j', async (username, message) => {
    const answer = await register({ username, email: 'x@example.com', password: '12345678' })
    expect(answer).toMatchObject({ status: 400, body: { message } })
  })

  it('accepts usernames of 3 and 30 letters, digits and underscores', async () => {
    expect((await register({ username: 'a_1', email: 'a@example.com', password: '12345678' })).status).toBe(200)
    expect((await register({ username: 'B'.repeat(29) + '_', email: 'b@example.com', password: '12345678' })).status).toBe(200)
  })

  it('checks the password confirmation when it is sent', async () => {
    const answer = await register({ username: 'sam', email: 's@example.com', password: '12345678', password_conf: '12345679' })
    expect(answer).toMatchObject({ status: 400, body: { message: 'password: password and password confirmation do not match' } })
  })

  it('keeps usernames unique regardless of case', async () => {
    await registerUser(t, 'owner')
    const answer = await register({ username: 'OWNER', email: 'other@example.com', password: '12345678' })
    expect(answer).toMatchObject({ status: 400, body: { status: 'error', message: 'sorry, that username is already taken' } })
  })

  it('answers success for an e-mail already registered without creating anything', async () => {
    const admin = await registerUser(t, 'owner')
    const answer = await register({ username: 'other', email: 'OWNER@example.com', password: '12345678' })
    expect(answer.status).toBe(200)
    const list = await t.api<{ data: { users: User[] } }>('GET', 'users', { token: admin.token })
    expect(list.body.data.users.map((user) => user.username)).toEqual(['owner'])
  })

  it('closes registration when the maximum number of accounts is reached', async () => {
    const admin = await registerUser(t, 'owner')
    await t.api('PATCH', 'config', { token: admin.token, body: { max_users: 2 } })
    expect((await register({ username: 'second', email: 'second@example.com', password: '12345678' })).status).toBe(200)
    const config = await t.api<{ data: { is_registration_enabled: boolean } }>('GET', 'config')
    expect(config.body.data.is_registration_enabled).toBe(false)
    const refused = await register({ username: 'third', email: 'third@example.com', password: '12345678' })
    expect(refused).toMatchObject({ status: 403, body: { status: 'error', message: 'error, registration is disabled' } })
  })

  it.each([
    ['no body', undefined],
    ['a missing field', { username: 'sam', email: 'sam@example.com' }],
    ['a wrong type', { username: 12, email: 'sam@example.com', password: '12345678' }],
    ['malformed JSON', '{"username": '],
  ])('answers invalid payload for %s', async (_case, body) => {
    const answer = await t.api('POST', 'auth/register', { body })
    expect(answer).toMatchObject({ status: 400, body: { status: 'error', message: 'invalid payload' } })
  })

  it('refuses bodies over the limit with 413 and stays up', async () => {
    const answer = await t.api('POST', 'auth/register', { body: { username: 'x'.repeat(300_000) } })
    expect(answer).toMatchObject({ status: 413, body: { status: 'fail', message: 'request body is too large' } })
    expect((await t.api('GET', 'config')).status).toBe(200)
  })

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    await registerUser(t, 'owner')
    for (const body of [
      { email: 'owner@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'owner-secret-pass' },
    ]) {
      expect(await t.api('POST', 'auth/login', { body })).toMatchObject({ status: 401, body: { message: 'invalid credentials' } })
    }
  })
})

describe('login rate limits', () => {
  let t: TestServer
  beforeEach(async () => {
    t = await startTestServer({
      rateLimits: { loginFailuresPerAccount: 3, loginFailuresPerAddress: 5, registrationsPerAddress: 2, emailRequestsPerAddress: 5 },
    })
  })
  afterEach(() => t.close())

  it('blocks an account after repeated failures, even with the right password', async () => {
    const owner = await registerUser(t, 'owner')
    for (let i = 0; i < 3; i += 1) {
      expect((await t.api('POST', 'auth/login', { body: { email: owner.email, password: 'wrong-one' } })).status).toBe(401)
    }
    const blocked = await t.api('POST', 'auth/login', { body: { email: owner.email, password: owner.password } })
    expect(blocked).toMatchObject({ status: 429, body: { status: 'error', message: 'too many attempts, please try again later' } })
  })

  it('blocks an address that tries many accounts', async () => {
    await registerUser(t, 'owner')
    for (let i = 0; i < 5; i += 1) {
      await t.api('POST', 'auth/login', { body: { email: `guess${i}@example.com`, password: 'wrong-one' } })
    }
    expect((await t.api('POST', 'auth/login', { body: { email: 'owner@example.com', password: 'owner-secret-pass' } })).status).toBe(429)
  })

  it('limits registrations per address', async () => {
    await registerUser(t, 'owner')
    await t.api('POST', 'auth/register', { body: { username: 'second', email: 'second@example.com', password: '12345678' } })
    const third = await t.api('POST', 'auth/register', { body: { username: 'third', email: 'third@example.com', password: '12345678' } })
    expect(third.status).toBe(429)
  })
})

describe('session tokens', () => {
  let t: TestServer
  let owner: Account
  let clock = new Date('2026-01-01T00:00:00Z')
  beforeEach(async () => {
    clock = new Date('2026-01-01T00:00:00Z')
    t = await startTestServer({ now: () => clock })
    owner = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  it.each([
    ['no header', undefined, 'provide a valid auth token'],
    ['a malformed header', 'Token abc', 'provide a valid auth token'],
    ['text before the scheme', 'xBearer abc', 'provide a valid auth token'],
    ['two tokens', 'Bearer abc def', 'provide a valid auth token'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'invalid token, please log in again'],
  ])('refuses %s with 401', async (_case, authorization, message) => {
    const answer = await t.api('GET', 'auth/profile', authorization ? { headers: { authorization } } : {})
    expect(answer).toMatchObject({ status: 401, body: { status: 'error', message } })
  })

  it('reads the scheme in any case and any spacing before the token', async () => {
    for (const authorization of [`bearer ${owner.token}`, `Bearer  ${owner.token}`, `Bearer\t${owner.token}`]) {
      expect((await t.api('GET', 'auth/profile', { headers: { authorization } })).status).toBe(200)
    }
  })

  it('ends every other session and every access token when the password changes, keeping the session that changed it', async () => {
    const second = await t.api<LoginResponse>('POST', 'auth/login', { body: { email: owner.email, password: owner.password } })
    const script = await t.api<{ data: { secret: string } }>('POST', 'auth/tokens', { token: owner.token, body: { name: 'script', scope: 'read+write', expires_in_days: null } })
    const secret = script.body.data.secret
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
    const changed = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: owner.email, password: owner.password, new_password: 'another-password' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.message).toBe('user account updated')
    // The session that made the change goes on (the reference client ignores the fresh token)...
    expect((await t.api('GET', 'auth/profile', { token: owner.token })).status).toBe(200)
    expect((await t.api('GET', 'auth/profile', { token: changed.body.auth_token })).status).toBe(200)
    // ...every other one ends, and a token minted before the change no longer works.
    expect(await t.api('GET', 'auth/profile', { token: second.body.auth_token })).toMatchObject({
      status: 401,
      body: { message: 'invalid token, please log in again' },
    })
    expect(await t.api('GET', 'workouts', { token: secret })).toMatchObject({ status: 401, body: { code: 'access_token_revoked' } })
    expect((await t.api('POST', 'auth/login', { body: { email: owner.email, password: 'another-password' } })).status).toBe(200)

    // A second change made from the fresh session ends the first one that was kept.
    const again = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: changed.body.auth_token,
      body: { email: owner.email, password: 'another-password', new_password: 'third-password' },
    })
    expect(again.status).toBe(200)
    expect((await t.api('GET', 'auth/profile', { token: owner.token })).status).toBe(401)
    expect((await t.api('GET', 'auth/profile', { token: changed.body.auth_token })).status).toBe(200)
  })
})

describe('own profile, account and preferences', () => {
  let t: TestServer
  let owner: Account
  beforeEach(async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  it('edits the profile information and clears fields sent empty', async () => {
    const body = { first_name: ' Ada ', last_name: 'Lovelace', bio: 'Rides bikes.', location: 'Lyon', birth_date: '1990-05-17' }
    const answer = await t.api<ProfileResponse>('POST', 'auth/profile/edit', { token: owner.token, body })
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('user profile updated')
    expect(answer.body.data).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', bio: 'Rides bikes.', location: 'Lyon', birth_date: '1990-05-17' })
    const cleared = await t.api<ProfileResponse>('POST', 'auth/profile/edit', {
      token: owner.token,
      body: { first_name: '', last_name: '', bio: '', location: '', birth_date: '' },
    })
    expect(cleared.body.data).toMatchObject({ first_name: null, last_name: null, bio: null, location: null, birth_date: null })
  })

  it.each([
    [{ bio: 'x'.repeat(201) }],
    [{ birth_date: '17/05/1990' }],
    [{ birth_date: '1990-02-30' }],
    [{ first_name: 'x'.repeat(81) }],
  ])('refuses profile data %j', async (body) => {
    expect(await t.api('POST', 'auth/profile/edit', { token: owner.token, body })).toMatchObject({
      status: 400,
      body: { message: 'invalid payload' },
    })
  })

  it('saves every preference', async () => {
    const body = { display_ascent: false, imperial_units: true, language: 'de', timezone: 'America/New_York', weekm: true }
    const answer = await t.api<ProfileResponse>('POST', 'auth/profile/edit/preferences', { token: owner.token, body })
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('user preferences updated')
    expect(answer.body.data).toMatchObject(body)
  })

  it.each([
    [{ display_ascent: true, imperial_units: false, language: 'it', timezone: 'Europe/Paris', weekm: false }],
    [{ display_ascent: true, imperial_units: false, language: 'en', timezone: 'Mars/Olympus', weekm: false }],
    [{ display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris' }],
  ])('refuses preferences %j', async (body) => {
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: owner.token, body })).status).toBe(400)
  })

  it('changes the e-mail at once when e-mail sending is off, after checking the password', async () => {
    const wrong = await t.api('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: 'new@example.com', password: 'not-my-password' },
    })
    expect(wrong).toMatchObject({ status: 401, body: { message: 'invalid credentials' } })
    const answer = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: 'new@example.com', password: owner.password },
    })
    expect(answer.body.data).toMatchObject({ email: 'new@example.com', email_to_confirm: null })
    expect(answer.body.auth_token).toBeUndefined()
    expect((await t.api('POST', 'auth/login', { body: { email: 'new@example.com', password: owner.password } })).status).toBe(200)
  })

  it('validates the account form', async () => {
    const invalidEmail = await t.api('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: 'broken', password: owner.password },
    })
    expect(invalidEmail).toMatchObject({ status: 400, body: { message: 'email: valid email must be provided' } })
    const shortPassword = await t.api('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: owner.email, password: owner.password, new_password: 'short' },
    })
    expect(shortPassword).toMatchObject({ status: 400, body: { message: 'password: 8 characters required' } })
  })

  it('does not probe or steal another account e-mail', async () => {
    await registerUser(t, 'sam', { activate: owner })
    const answer = await t.api('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: 'sam@example.com', password: owner.password },
    })
    expect(answer).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
  })

  it('answers 404 for the e-mail calls when e-mail sending is off', async () => {
    for (const path of ['auth/password/reset-request', 'auth/account/resend-confirmation']) {
      expect(await t.api('POST', path, { body: { email: owner.email } })).toMatchObject({
        status: 404,
        body: { status: 'not found', message: 'the requested URL was not found on the server' },
      })
    }
  })

  it('refuses confirmation and e-mail tokens it never issued', async () => {
    for (const path of ['auth/account/confirm', 'auth/email/update']) {
      expect(await t.api('POST', path, { body: { token: 'made-up' } })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
    }
    expect(await t.api('POST', 'auth/password/update', { body: { token: 'made-up', password: '12345678' } })).toMatchObject({
      status: 401,
      body: { message: 'invalid token, please request a new token' },
    })
  })

  it('refuses a session token used as a password reset token', async () => {
    const answer = await t.api('POST', 'auth/password/update', { body: { token: owner.token, password: 'hijacked-password' } })
    expect(answer).toMatchObject({ status: 401, body: { message: 'invalid token, please request a new token' } })
  })
})
