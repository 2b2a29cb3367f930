import { readdir } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProfileResponse, User, UsersListResponse } from '../../../src/contracts'
import { RecordEntity, WorkoutEntity } from '../../db/entities'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import { pictureForm, TINY_PNG } from '../../test/pictures'
import { fixture, upload } from '../../test/workouts'
import type { TestServer } from '../../test/test-server'

// Smallest valid files of each accepted picture format.
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex')


describe('users', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  it('lists users for administrators with paging, filter and order', async () => {
    await registerUser(t, 'zoe', { activate: admin })
    await registerUser(t, 'sammy', { activate: admin })
    const page = await t.api<UsersListResponse>('GET', 'users?per_page=2&page=1&order_by=username&order=desc', { token: admin.token })
    expect(page.status).toBe(200)
    expect(page.body.data.users.map((user) => user.username)).toEqual(['zoe', 'sammy'])
    expect(page.body.pagination).toEqual({ page: 1, pages: 2, total: 4, has_prev: false, has_next: true })
    const filtered = await t.api<UsersListResponse>('GET', 'users?q=SAM&order_by=username', { token: admin.token })
    expect(filtered.body.data.users.map((user) => user.username)).toEqual(['sam', 'sammy'])
    expect(filtered.body.data.users[0]).toMatchObject({ email: 'sam@example.com', nb_workouts: 0 })
    const wildcard = await t.api<UsersListResponse>('GET', 'users?q=%25', { token: admin.token })
    expect(wildcard.body.data.users).toEqual([])
  })

  it('lists accounts waiting for activation first, whatever the sort, and counts them for the notice', async () => {
    await registerUser(t, 'amy', { activate: admin })
    // Two accounts nobody activated yet, registered after the active ones.
    for (const username of ['zed', 'bob']) {
      const registered = await t.api('POST', 'auth/register', { body: { username, email: `${username}@example.com`, password: `${username}-secret-pass` } })
      expect(registered.status).toBe(200)
    }
    const names = async (query: string) => {
      const list = await t.api<UsersListResponse>('GET', `users?${query}`, { token: admin.token })
      expect(list.status).toBe(200)
      return { users: list.body.data.users.map((user) => user.username), pending: list.body.data.pending }
    }
    // Oldest first by default: the waiting accounts still lead, oldest of them first.
    expect(await names('')).toEqual({ users: ['zed', 'bob', 'owner', 'sam', 'amy'], pending: 2 })
    expect(await names('order_by=username')).toEqual({ users: ['bob', 'zed', 'amy', 'owner', 'sam'], pending: 2 })
    expect(await names('order_by=username&order=desc&per_page=2&page=1')).toEqual({ users: ['zed', 'bob'], pending: 2 })
    // The filter narrows the list, not the count of accounts waiting.
    expect(await names('q=am')).toEqual({ users: ['sam', 'amy'], pending: 2 })
    // Sorted by account state, the administrator's direction rules: active accounts first when descending.
    expect((await names('order_by=is_active&order=desc')).users.slice(0, 3)).toEqual(['amy', 'sam', 'owner'])
    await t.api('PATCH', 'users/zed', { token: admin.token, body: { activate: true } })
    expect(await names('')).toEqual({ users: ['bob', 'owner', 'sam', 'amy', 'zed'], pending: 1 })
  })

  it.each(['page=0', 'page=A', 'per_page=0', 'order=sideways', 'order_by=password'])('answers 400 for %s', async (query) => {
    expect(await t.api('GET', `users?${query}`, { token: admin.token })).toMatchObject({
      status: 400,
      body: { message: 'invalid payload' },
    })
  })

  it('shows another user without e-mail or preferences, and oneself with both', async () => {
    const other = await t.api<{ data: { users: User[] } }>('GET', 'users/owner', { token: sam.token })
    expect(other.status).toBe(200)
    const seen = other.body.data.users[0]
    expect(seen).toMatchObject({ username: 'owner', admin: true })
    expect(seen).not.toHaveProperty('email')
    expect(seen).not.toHaveProperty('timezone')
    const self = await t.api<{ data: { users: User[] } }>('GET', 'users/sam', { token: sam.token })
    expect(self.body.data.users[0]).toMatchObject({ email: 'sam@example.com', timezone: 'Europe/Paris' })
    const byAdmin = await t.api<{ data: { users: User[] } }>('GET', 'users/sam', { token: admin.token })
    expect(byAdmin.body.data.users[0]).toMatchObject({ email: 'sam@example.com' })
    expect(byAdmin.body.data.users[0]).not.toHaveProperty('timezone')
    expect(await t.api('GET', 'users/nobody', { token: sam.token })).toMatchObject({
      status: 404,
      body: { status: 'not found', message: 'user does not exist' },
    })
  })

  it('grants and removes admin rights, but not on oneself', async () => {
    const granted = await t.api<{ data: { users: User[] } }>('PATCH', 'users/sam', { token: admin.token, body: { admin: true } })
    expect(granted.body.data.users[0]).toMatchObject({ admin: true })
    const removed = await t.api<{ data: { users: User[] } }>('PATCH', 'users/sam', { token: admin.token, body: { admin: false } })
    expect(removed.body.data.users[0]).toMatchObject({ admin: false })
    expect(await t.api('PATCH', 'users/owner', { token: admin.token, body: { admin: false } })).toMatchObject({
      status: 403,
      body: { message: 'you do not have permissions' },
    })
  })

  it('changes a user e-mail at once when e-mail sending is off, and checks it', async () => {
    const changed = await t.api<{ data: { users: User[] } }>('PATCH', 'users/sam', { token: admin.token, body: { new_email: 'sam2@example.com' } })
    expect(changed.body.data.users[0]).toMatchObject({ email: 'sam2@example.com', email_to_confirm: null })
    expect(await t.api('PATCH', 'users/sam', { token: admin.token, body: { new_email: 'SAM2@example.com' } })).toMatchObject({
      status: 400,
      body: { message: 'new email must be different than curent email' },
    })
    expect(await t.api('PATCH', 'users/sam', { token: admin.token, body: { new_email: 'nope' } })).toMatchObject({
      status: 400,
      body: { message: 'email: valid email must be provided' },
    })
    expect((await t.api('PATCH', 'users/owner', { token: admin.token, body: { new_email: 'me@example.com' } })).status).toBe(403)
  })

  it("refuses an administrator's change to an e-mail another account has, and keeps the old one", async () => {
    expect(await t.api('PATCH', 'users/sam', { token: admin.token, body: { new_email: 'owner@example.com' } })).toMatchObject({
      status: 400,
      body: { message: 'invalid payload' },
    })
    const read = await t.api<{ data: { users: User[] } }>('GET', 'users/sam', { token: admin.token })
    expect(read.body.data.users[0]?.email).toBe('sam@example.com')
  })

  it('shows an account waiting for activation to administrators only, and says the last page has no next', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'ivy', email: 'ivy@example.com', password: 'ivy-secret-pass' } })
    expect(await t.api('GET', 'users/ivy', { token: sam.token })).toMatchObject({ status: 404, body: { message: 'user does not exist' } })
    expect((await t.api<{ data: { users: User[] } }>('GET', 'users/ivy', { token: admin.token })).body.data.users[0]).toMatchObject({ username: 'ivy', is_active: false })
    // owner, sam and ivy, two a page: the second page is the last.
    const last = await t.api<UsersListResponse>('GET', 'users?per_page=2&page=2', { token: admin.token })
    expect(last.body.pagination).toEqual({ page: 2, pages: 2, total: 3, has_prev: true, has_next: false })
  })

  it('refuses an admin password reset without e-mail sending, and several actions at once', async () => {
    // Of one's own password too, but first as an action on oneself, which no e-mail setting allows.
    expect(await t.api('PATCH', 'users/owner', { token: admin.token, body: { reset_password: true } })).toMatchObject({
      status: 403,
      body: { message: 'you do not have permissions' },
    })
    expect(await t.api('PATCH', 'users/sam', { token: admin.token, body: { reset_password: true } })).toMatchObject({
      status: 400,
      body: { message: 'error, email sending is disabled' },
    })
    expect(await t.api('PATCH', 'users/sam', { token: admin.token, body: { admin: true, activate: true } })).toMatchObject({
      status: 400,
      body: { message: 'invalid payload' },
    })
  })

  it('lets users delete themselves and admins delete anyone, keeping the last admin', async () => {
    expect(await t.api('DELETE', 'users/owner', { token: admin.token })).toMatchObject({
      status: 403,
      body: { message: 'you can not delete your account, no other user has admin rights' },
    })
    // Not an administrator: refused as such, before anything tells whether the account is the last administrator.
    expect(await t.api('DELETE', 'users/owner', { token: sam.token })).toMatchObject({ status: 403, body: { message: 'you do not have permissions' } })
    expect((await t.api('DELETE', 'users/sam', { token: sam.token })).status).toBe(204)
    expect((await t.api('GET', 'users/sam', { token: admin.token })).status).toBe(404)
    expect((await t.api('GET', 'auth/profile', { token: sam.token })).status).toBe(401)
    const zoe = await registerUser(t, 'zoe', { activate: admin })
    await t.api('PATCH', 'users/zoe', { token: admin.token, body: { admin: true } })
    expect((await t.api('DELETE', 'users/owner', { token: admin.token })).status).toBe(204)
    expect((await t.api('GET', 'auth/profile', { token: zoe.token })).status).toBe(200)
  })

  it("removes, on an administrator's deletion, the user's workouts, records, files and picture", async () => {
    expect((await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm('me.png', TINY_PNG) })).status).toBe(200)
    expect((await upload(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
    const { manager } = t.server.dataSource
    expect(await manager.count(RecordEntity)).toBeGreaterThan(0)
    expect(await readdir(`${t.dataDir}/uploads`, { recursive: true })).not.toEqual([])

    expect((await t.api('DELETE', 'users/sam', { token: admin.token })).status).toBe(204)
    expect(await manager.count(WorkoutEntity)).toBe(0)
    expect(await manager.count(RecordEntity)).toBe(0)
    expect(await readdir(`${t.dataDir}/pictures`)).toEqual([])
    const leftFiles = async (dir: string) =>
      (await readdir(`${t.dataDir}/${dir}`, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    expect(await leftFiles('uploads')).toEqual([])
    expect((await leftFiles('maps')).filter((entry) => !entry.parentPath.includes('tiles'))).toEqual([])
    const list = await t.api<UsersListResponse>('GET', 'users', { token: admin.token })
    expect(list.body.data.users.map((user) => user.username)).toEqual(['owner'])
  })

  it('refuses admin actions on an unknown user, and to non-administrators', async () => {
    expect(await t.api('PATCH', 'users/nobody', { token: admin.token, body: { activate: true } })).toMatchObject({
      status: 404,
      body: { message: 'user does not exist' },
    })
    expect((await t.api('DELETE', 'users/nobody', { token: admin.token })).status).toBe(404)
    const zoe = await registerUser(t, 'zoe', { activate: admin })
    for (const body of [{ admin: true }, { activate: true }, { new_email: 'x@example.com' }]) {
      expect((await t.api('PATCH', 'users/sam', { token: zoe.token, body })).status).toBe(403)
    }
    expect((await t.api('DELETE', 'users/sam', { token: zoe.token })).status).toBe(403)
  })

  it('activates an inactive account, which can then log in, and granting rights activates too', async () => {
    await t.api('POST', 'auth/register', { body: { username: 'ivy', email: 'ivy@example.com', password: 'ivy-secret-pass' } })
    await t.api('POST', 'auth/register', { body: { username: 'max', email: 'max@example.com', password: 'max-secret-pass' } })
    expect((await t.api('POST', 'auth/login', { body: { email: 'ivy@example.com', password: 'ivy-secret-pass' } })).status).toBe(401)
    // Taking rights away (rights it never had) does not activate it.
    const demoted = await t.api<{ data: { users: User[] } }>('PATCH', 'users/ivy', { token: admin.token, body: { admin: false } })
    expect(demoted.body.data.users[0]).toMatchObject({ is_active: false, admin: false })
    const activated = await t.api<{ data: { users: User[] } }>('PATCH', 'users/ivy', { token: admin.token, body: { activate: true } })
    expect(activated.body.data.users[0]).toMatchObject({ is_active: true, admin: false })
    expect((await t.api('POST', 'auth/login', { body: { email: 'ivy@example.com', password: 'ivy-secret-pass' } })).status).toBe(200)
    const granted = await t.api<{ data: { users: User[] } }>('PATCH', 'users/max', { token: admin.token, body: { admin: true } })
    expect(granted.body.data.users[0]).toMatchObject({ is_active: true, admin: true })
  })

  describe('pictures', () => {
    it('stores a picture, serves it publicly, replaces and removes it, leaving no stray file', async () => {
      const uploaded = await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm('me.png', TINY_PNG) })
      expect(uploaded).toMatchObject({ status: 200, body: { status: 'success', message: 'user picture updated' } })
      const served = await fetch(`${t.url}/api/users/sam/picture?ts=1`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true)
      const profile = await t.api<ProfileResponse>('GET', 'auth/profile', { token: sam.token })
      expect(profile.body.data.picture).toBe(true)

      await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm('me.gif', GIF) })
      expect(await readdir(`${t.dataDir}/pictures`)).toHaveLength(1)
      expect((await fetch(`${t.url}/api/users/sam/picture`)).headers.get('content-type')).toBe('image/gif')

      expect((await t.api('DELETE', 'auth/picture', { token: sam.token })).status).toBe(204)
      expect(await readdir(`${t.dataDir}/pictures`)).toEqual([])
      expect(await t.api('GET', 'users/sam/picture')).toMatchObject({ status: 404, body: { message: 'no picture' } })
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })

    it.each([
      ['a wrong extension', 'me.bmp', TINY_PNG, 400, 'file extension not allowed'],
      ['HTML renamed .png', 'me.png', Buffer.from('<html><script>alert(1)</script></html>'), 400, 'file extension not allowed'],
      ['an empty file', 'me.png', Buffer.alloc(0), 400, 'no selected file'],
    ])('refuses %s and keeps nothing', async (_case, name, bytes, status, message) => {
      const answer = await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm(name, bytes) })
      expect(answer).toMatchObject({ status, body: { status: 'fail', message } })
      expect(await readdir(`${t.dataDir}/pictures`)).toEqual([])
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })

    it('refuses a request without a file part', async () => {
      const form = new FormData()
      form.append('other', 'value')
      expect(await t.api('POST', 'auth/picture', { token: sam.token, form })).toMatchObject({ status: 400, body: { message: 'no file part' } })
      expect(await t.api('POST', 'auth/picture', { token: sam.token, body: {} })).toMatchObject({ status: 400, body: { message: 'no file part' } })
    })

    it('refuses a picture over the single-file limit while it streams', async () => {
      await t.api('PATCH', 'config', { token: admin.token, body: { max_single_file_size: 1024 } })
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(4096)])
      const answer = await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm('big.png', big) })
      expect(answer).toMatchObject({ status: 413, body: { status: 'fail', message: 'file size is greater than the allowed size' } })
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })

    it('never writes an anonymous upload to disk', async () => {
      const answer = await t.api('POST', 'auth/picture', { form: pictureForm('me.png', TINY_PNG) })
      expect(answer.status).toBe(401)
      expect(await readdir(`${t.dataDir}/tmp`)).toEqual([])
    })
  })
})
