import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppConfig, LoginResponse, ProfileResponse, User } from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { DEFAULT_RATE_LIMITS } from '../lib/rate-limits'
import { registerUser, type Account } from '../test/accounts'
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink'
import { startTestServer, type TestServer } from '../test/test-server'

/** The token of the link in a mail, checking the link goes to the expected UI route. */
function tokenOf(mail: ReceivedMail, route: string): string {
  const match = new RegExp(`http://waymark\\.test${route}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text)
  if (!match?.[1]) throw new Error(`no ${route} link in: ${mail.text}`)
  expect(mail.html).toContain(`http://waymark.test${route}?token=`)
  return decodeURIComponent(match[1])
}

describe('e-mail flows against a loopback SMTP server', () => {
  let smtp: SmtpSink
  let t: TestServer
  let clock: Date
  let admin: Account

  beforeAll(async () => {
    smtp = await startSmtpSink()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.messages.length = 0
    clock = new Date('2026-03-01T08:00:00Z')
    t = await startTestServer({ email: { url: smtp.url, sender: 'Waymark <waymark@example.com>' }, now: () => clock })
    admin = await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  const mailTo = (address: string, subject: string) =>
    smtp.waitFor((mail) => mail.to.includes(address) && mail.subject === subject)

  it('says e-mail sending is enabled, and mails the first account, active at once, no confirmation link', async () => {
    expect((await t.api<{ data: AppConfig }>('GET', 'config')).body.data.is_email_sending_enabled).toBe(true)
    await t.server.settled()
    expect(smtp.messages).toEqual([])
    expect((await t.server.dataSource.manager.findOneByOrFail(UserEntity, { username: 'owner' })).confirmationTokenHash).toBeNull()
  })

  it('confirms a new account with its mailed link, in the language chosen at registration, once', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'lea', email: 'lea@example.com', password: '12345678', language: 'fr' } })
    const mail = await mailTo('lea@example.com', 'Waymark - Confirmez votre compte')
    expect(mail.text).toContain('Bonjour lea,')
    const token = tokenOf(mail, '/account-confirmation')
    expect((await t.api('POST', 'auth/login', { body: { email: 'lea@example.com', password: '12345678' } })).status).toBe(401)

    // The link holds for 72 hours, to their last instant.
    clock = new Date(clock.getTime() + 72 * 3600_000)
    const confirmed = await t.api<LoginResponse>('POST', 'auth/account/confirm', { body: { token } })
    expect(confirmed.body).toEqual({ status: 'success', message: 'account confirmation successful', auth_token: expect.any(String) })
    expect((await t.api('GET', 'auth/profile', { token: confirmed.body.auth_token })).status).toBe(200)
    expect(await t.api('POST', 'auth/account/confirm', { body: { token } })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
  })

  it("ends a confirmation link once an administrator activates the account: it would otherwise log anyone holding it in", async () => {
    await t.api('POST', 'auth/register', { body: { username: 'lea', email: 'lea@example.com', password: '12345678' } })
    const token = tokenOf(await mailTo('lea@example.com', 'Waymark - Confirm your account'), '/account-confirmation')
    expect((await t.api('PATCH', 'users/lea', { token: admin.token, body: { activate: true } })).status).toBe(200)
    expect(await t.api('POST', 'auth/account/confirm', { body: { token } })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
  })

  it('resends a confirmation link that replaces the first; expired links fail', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'max', email: 'max@example.com', password: '12345678', language: 'de' } })
    const first = tokenOf(await mailTo('max@example.com', 'Waymark - Bestätige dein Konto'), '/account-confirmation')
    smtp.messages.length = 0
    const resent = await t.api('POST', 'auth/account/resend-confirmation', { body: { email: 'max@example.com' } })
    expect(resent.body).toEqual({ status: 'success', message: 'confirmation email resent' })
    const second = tokenOf(await mailTo('max@example.com', 'Waymark - Bestätige dein Konto'), '/account-confirmation')
    expect(await t.api('POST', 'auth/account/confirm', { body: { token: first } })).toMatchObject({ status: 400 })
    clock = new Date(clock.getTime() + 73 * 3600_000)
    expect(await t.api('POST', 'auth/account/confirm', { body: { token: second } })).toMatchObject({ status: 400 })
    // Unknown addresses get the same answer and no mail.
    expect((await t.api('POST', 'auth/account/resend-confirmation', { body: { email: 'ghost@example.com' } })).status).toBe(200)
    // An active account gets the same answer and no new link: a confirmation link logs its holder in.
    await registerUser(t, 'sam', { activate: admin })
    expect((await t.api('POST', 'auth/account/resend-confirmation', { body: { email: 'sam@example.com' } })).body).toEqual({ status: 'success', message: 'confirmation email resent' })
    expect((await t.server.dataSource.manager.findOneByOrFail(UserEntity, { username: 'sam' })).confirmationTokenHash).toBeNull()
  })

  it('resets a password with the mailed link once, ending old sessions and access tokens and announcing the change', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin, language: 'de' })
    for (const name of ['Garmin sync', 'backup script']) {
      expect((await t.api('POST', 'auth/tokens', { token: sam.token, body: { name, scope: 'read', expires_in_days: null } })).status).toBe(201)
    }
    const minted = await t.api<{ data: { secret: string } }>('POST', 'auth/tokens', { token: sam.token, body: { name: 'phone', scope: 'read', expires_in_days: null } })
    const requested = await t.api('POST', 'auth/password/reset-request', { body: { email: 'sam@example.com' } })
    expect(requested.body).toEqual({ status: 'success', message: 'password reset request processed' })
    const token = tokenOf(await mailTo('sam@example.com', 'Waymark - Anfrage zum Zurücksetzen des Passworts'), '/password-reset')

    expect(await t.api('POST', 'auth/password/update', { body: { token, password: 'short' } })).toMatchObject({
      status: 400,
      body: { message: 'password: 8 characters required' },
    })
    expect(await t.api('POST', 'auth/password/update', { body: { token, password: 'brand-new-password' } })).toMatchObject({
      status: 200,
      body: { status: 'success', message: 'password updated' },
    })
    const notice = await mailTo('sam@example.com', 'Waymark - Passwort geändert')
    expect(notice.text).toContain('widerrufen: Garmin sync, backup script, phone.')
    expect(await t.api('GET', 'workouts', { token: minted.body.data.secret })).toMatchObject({ status: 401, body: { code: 'access_token_revoked' } })
    expect(await t.api('POST', 'auth/password/update', { body: { token, password: 'third-password' } })).toMatchObject({
      status: 401,
      body: { message: 'invalid token, please request a new token' },
    })
    expect((await t.api('GET', 'auth/profile', { token: sam.token })).status).toBe(401)
    expect((await t.api('POST', 'auth/login', { body: { email: 'sam@example.com', password: 'brand-new-password' } })).status).toBe(200)
  })

  it('mails no reset link to an account waiting for activation: its password stays the one it registered with', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'lea', email: 'lea@example.com', password: '12345678' } })
    await registerUser(t, 'sam', { activate: admin })
    for (const email of ['lea@example.com', 'sam@example.com']) {
      expect((await t.api('POST', 'auth/password/reset-request', { body: { email } })).body).toEqual({ status: 'success', message: 'password reset request processed' })
    }
    // Every e-mail under way has reached the SMTP server once the server is settled.
    await t.server.settled()
    const resets = smtp.messages.filter((mail) => mail.subject === 'Waymark - Password reset request')
    expect(resets.map((mail) => mail.to)).toEqual([['sam@example.com']])
  })

  it('ends every session, the one kept by an earlier password change too, when the password is reset by link or by an administrator', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin })
    const changed = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: sam.token,
      body: { email: sam.email, password: sam.password, new_password: 'second-password' },
    })
    expect(changed.status).toBe(200)
    // The session that changed it goes on, as does the fresh one the answer carries.
    for (const token of [sam.token, changed.body.auth_token]) expect((await t.api('GET', 'auth/profile', { token })).status).toBe(200)

    await t.api('POST', 'auth/password/reset-request', { body: { email: sam.email } })
    const link = tokenOf(await mailTo(sam.email, 'Waymark - Password reset request'), '/password-reset')
    expect((await t.api('POST', 'auth/password/update', { body: { token: link, password: 'third-password' } })).status).toBe(200)
    for (const token of [sam.token, changed.body.auth_token]) {
      expect(await t.api('GET', 'auth/profile', { token })).toMatchObject({ status: 401, body: { message: 'invalid token, please log in again' } })
    }

    const session = await t.api<LoginResponse>('POST', 'auth/login', { body: { email: sam.email, password: 'third-password' } })
    const again = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: session.body.auth_token,
      body: { email: sam.email, password: 'third-password', new_password: 'fourth-password' },
    })
    expect(again.status).toBe(200)
    expect((await t.api('GET', 'auth/profile', { token: session.body.auth_token })).status).toBe(200)
    expect((await t.api('PATCH', 'users/sam', { token: admin.token, body: { reset_password: true } })).status).toBe(200)
    for (const token of [session.body.auth_token, again.body.auth_token]) {
      expect(await t.api('GET', 'auth/profile', { token })).toMatchObject({ status: 401, body: { message: 'invalid token, please log in again' } })
    }
  })

  it('announces a password changed from the account page to its address, and takes an address in other letter case for the same one', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin })
    await t.server.settled()
    smtp.messages.length = 0
    const sameAddress = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: sam.token,
      body: { email: 'SAM@Example.com', password: sam.password },
    })
    expect([sameAddress.status, sameAddress.body.data.email, sameAddress.body.data.email_to_confirm]).toEqual([200, 'sam@example.com', null])
    const changed = await t.api('PATCH', 'auth/profile/edit/account', {
      token: sam.token,
      body: { email: sam.email, password: sam.password, new_password: 'second-password' },
    })
    expect(changed.status).toBe(200)
    await t.server.settled()
    expect(smtp.messages.map((mail) => [mail.to, mail.subject])).toEqual([[['sam@example.com'], 'Waymark - Password changed']])
  })

  it('refuses a reset link after one hour', async () => {
    await registerUser(t, 'sam', { activate: admin })
    await t.api('POST', 'auth/password/reset-request', { body: { email: 'sam@example.com' } })
    const token = tokenOf(await mailTo('sam@example.com', 'Waymark - Password reset request'), '/password-reset')
    clock = new Date(clock.getTime() + 61 * 60_000)
    expect(await t.api('POST', 'auth/password/update', { body: { token, password: 'brand-new-password' } })).toMatchObject({
      status: 401,
      body: { message: 'invalid token, please request a new token' },
    })
  })

  it('confirms an e-mail change from the new address and warns the old one', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin })
    const edited = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: sam.token,
      body: { email: 'sam.new@example.com', password: sam.password },
    })
    expect(edited.body.data).toMatchObject({ email: 'sam@example.com', email_to_confirm: 'sam.new@example.com' })
    const notice = await mailTo('sam@example.com', 'Waymark - Email changed')
    expect(notice.text).toContain('sam.new@example.com')
    const token = tokenOf(await mailTo('sam.new@example.com', 'Waymark - Confirm email change'), '/email-update')

    // The link holds for 24 hours.
    clock = new Date(clock.getTime() + 23 * 3600_000)
    expect(await t.api('POST', 'auth/email/update', { body: { token } })).toMatchObject({
      status: 200,
      body: { status: 'success', message: 'email updated' },
    })
    const profile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: sam.token })
    expect(profile.body.data).toMatchObject({ email: 'sam.new@example.com', email_to_confirm: null })
    expect((await t.api('POST', 'auth/email/update', { body: { token } })).status).toBe(400)
  })

  it('refuses an e-mail change whose new address another account took before it was confirmed, and keeps both addresses', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin })
    const edited = await t.api('PATCH', 'auth/profile/edit/account', { token: sam.token, body: { email: 'shared@example.com', password: sam.password } })
    expect(edited.status).toBe(200)
    const token = tokenOf(await mailTo('shared@example.com', 'Waymark - Confirm email change'), '/email-update')
    // The address is free until confirmed: someone else registers with it meanwhile.
    await t.api('POST', 'auth/register', { body: { username: 'kim', email: 'shared@example.com', password: '12345678' } })
    expect((await t.api('PATCH', 'users/kim', { token: admin.token, body: { activate: true } })).status).toBe(200)

    expect(await t.api('POST', 'auth/email/update', { body: { token } })).toMatchObject({ status: 400, body: { status: 'error', message: 'invalid payload' } })
    const users = await t.api<{ data: { users: User[] } }>('GET', 'users?per_page=10', { token: admin.token })
    expect(Object.fromEntries(users.body.data.users.map((user) => [user.username, user.email]))).toMatchObject({ sam: 'sam@example.com', kim: 'shared@example.com' })
    expect((await t.api('POST', 'auth/login', { body: { email: 'shared@example.com', password: '12345678' } })).status).toBe(200)
    expect((await t.api('POST', 'auth/login', { body: { email: sam.email, password: sam.password } })).status).toBe(200)
  })

  it('lets an administrator trigger a password reset and change an e-mail by confirmation', async () => {
    const sam = await registerUser(t, 'sam', { activate: admin })
    const reset = await t.api('PATCH', 'users/sam', { token: admin.token, body: { reset_password: true } })
    expect(reset.status).toBe(200)
    // The old password stops working: so do the sessions it opened.
    expect((await t.api('GET', 'auth/profile', { token: sam.token })).status).toBe(401)
    await mailTo('sam@example.com', 'Waymark - Password changed')
    const token = tokenOf(await mailTo('sam@example.com', 'Waymark - Password reset request'), '/password-reset')
    expect((await t.api('POST', 'auth/login', { body: { email: 'sam@example.com', password: 'sam-secret-pass' } })).status).toBe(401)
    expect((await t.api('POST', 'auth/password/update', { body: { token, password: 'chosen-by-sam' } })).status).toBe(200)

    const changed = await t.api<{ data: { users: User[] } }>('PATCH', 'users/sam', { token: admin.token, body: { new_email: 'samuel@example.com' } })
    expect(changed.body.data.users[0]).toMatchObject({ email: 'sam@example.com', email_to_confirm: 'samuel@example.com' })
    const link = tokenOf(await mailTo('samuel@example.com', 'Waymark - Confirm email change'), '/email-update')
    // Only the account's own change of address warns the current one, as the reference does.
    await t.server.settled()
    expect(smtp.messages.filter((mail) => mail.subject === 'Waymark - Email changed')).toEqual([])
    clock = new Date(clock.getTime() + 25 * 3600_000)
    expect(await t.api('POST', 'auth/email/update', { body: { token: link } })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
  })

  it('answers a reset request or a resend for an unknown address as for any other, refuses a malformed one, and counts both per address', async () => {
    await t.close()
    t = await startTestServer({ email: { url: smtp.url, sender: 'Waymark <waymark@example.com>' }, now: () => clock, rateLimits: { ...DEFAULT_RATE_LIMITS, emailRequestsPerAddress: 4 } })
    for (const path of ['auth/password/reset-request', 'auth/account/resend-confirmation']) {
      expect(await t.api('POST', path, { body: { email: 'broken' } })).toMatchObject({ status: 400, body: { message: 'email: valid email must be provided' } })
    }
    expect(await t.api('POST', 'auth/password/reset-request', { body: { email: 'ghost@example.com' } })).toMatchObject({
      status: 200,
      body: { status: 'success', message: 'password reset request processed' },
    })
    // Four requests from one address, the refused ones too, reset requests and resends together: the fifth is refused.
    expect((await t.api('POST', 'auth/account/resend-confirmation', { body: { email: 'ghost@example.com' } })).status).toBe(200)
    expect(await t.api('POST', 'auth/password/reset-request', { body: { email: 'ghost@example.com' } })).toMatchObject({ status: 429, body: { message: 'too many attempts, please try again later' } })
    await t.server.settled()
    expect(smtp.messages.filter((mail) => mail.to.includes('ghost@example.com'))).toEqual([])
  })

  it('sends HTML and text parts that carry the same link, with values escaped, in English for a language it does not have', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'html_test', email: 'h@example.com', password: '12345678', language: 'it' } })
    const mail = await mailTo('h@example.com', 'Waymark - Confirm your account')
    const confirmed = await t.api<LoginResponse>('POST', 'auth/account/confirm', { body: { token: tokenOf(mail, '/account-confirmation') } })
    expect((await t.api<ProfileResponse>('GET', 'auth/profile', { token: confirmed.body.auth_token })).body.data.language).toBe('en')
    expect(mail.html).toContain('<a href="http://waymark.test/account-confirmation?token=')
    expect(mail.html).toContain('Hi html_test,')
    expect(mail.text).not.toContain('<')
  })
})
