import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CreatedTokenResponse, ProfileResponse } from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { openCommand, type CommandDatabase } from '../db/command-database'
import { createPasswordHasher } from '../lib/passwords'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { activateUser, CommandError, listUsers, resetPassword, setAdmin } from './user-commands'

describe('administration commands', () => {
  let t: TestServer
  let owner: Account
  let command: CommandDatabase
  beforeEach(async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
    await t.api('POST', 'auth/register', { body: { username: 'sam', email: 'sam@example.com', password: '12345678' } })
    // The command line's own connection beside the running server, as `cli.ts` opens it.
    command = await openCommand(t.server.layout, t.databaseUrl)
  })
  afterEach(async () => {
    await command.close()
    await t.close()
  })

  const db = () => t.server.dataSource

  it('lists the accounts with their role and state', async () => {
    const lines = await listUsers(command.database.reads.users)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^owner +owner@example\.com {2}admin {2}active {2}registered \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)
    expect(lines[1]).toMatch(/^sam +sam@example\.com {2}user {2}inactive/)
  })

  it('activates an account, which can then log in', async () => {
    expect(await command.database.write(({ users }) => activateUser(users, 'SAM'))).toBe('sam is now active')
    expect((await t.api('POST', 'auth/login', { body: { email: 'sam@example.com', password: '12345678' } })).status).toBe(200)
  })

  it('makes an account an active administrator', async () => {
    expect(await command.database.write(({ users }) => setAdmin(users, 'sam'))).toBe('sam is now an administrator')
    expect(await db().manager.findOneBy(UserEntity, { username: 'sam' })).toMatchObject({ admin: true, isActive: true })
  })

  it('prints a new password that works, and ends the old sessions, the one a password change kept included, and the access tokens', async () => {
    // A password change keeps the session that made it: a reset must end that one too.
    const changed = await t.api<ProfileResponse>('PATCH', 'auth/profile/edit/account', {
      token: owner.token,
      body: { email: owner.email, password: owner.password, new_password: 'second-password' },
    })
    expect((await t.api('GET', 'auth/profile', { token: owner.token })).status).toBe(200)
    const minted = await t.api<CreatedTokenResponse>('POST', 'auth/tokens', { token: changed.body.auth_token ?? '', body: { name: 'script', scope: 'read', expires_in_days: null } })
    // Its first use is a write (its last use), which drops the sessions the server remembers: the
    // server, which hears nothing of the command's write, then looks each session up again.
    expect((await t.api('GET', 'workouts', { token: minted.body.data.secret })).status).toBe(200)

    const line = await command.database.write((repositories) => resetPassword(repositories, createPasswordHasher(4), 'owner'))
    const password = /^new password for owner: (\S{16})$/.exec(line)?.[1]
    expect(password).toBeDefined()
    for (const token of [owner.token, changed.body.auth_token]) {
      expect(await t.api('GET', 'auth/profile', { token })).toMatchObject({ status: 401, body: { message: 'invalid token, please log in again' } })
    }
    expect(await t.api('GET', 'workouts', { token: minted.body.data.secret })).toMatchObject({ status: 401, body: { code: 'access_token_revoked' } })
    expect((await t.api('POST', 'auth/login', { body: { email: owner.email, password } })).status).toBe(200)
  })

  it('names the user it cannot find', async () => {
    await expect(command.database.write(({ users }) => setAdmin(users, 'ghost'))).rejects.toThrow(new CommandError('user "ghost" does not exist'))
  })
})
