import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  endpoints,
  type AccessTokensResponse,
  type CreatedTokenResponse,
  type EndpointSpec,
  type TokenScope,
  type WorkoutsListResponse,
  type WorkoutsResponse,
} from '../../../src/contracts'
import { AccessTokenEntity, UserEntity } from '../../db/entities'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

describe('personal access tokens', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  let clock: Date
  let workoutId: string

  beforeEach(async () => {
    clock = new Date('2026-03-01T10:00:00Z')
    t = await startTestServer({ now: () => clock })
    admin = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: admin })
    const created = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    workoutId = String(created.body.data.workouts[0]?.id)
  })
  afterEach(() => t.close())

  const create = (account: Account, scope: TokenScope, expiresInDays: number | null = null, name = 'my script') =>
    t.api<CreatedTokenResponse>('POST', 'auth/tokens', { token: account.token, body: { name, scope, expires_in_days: expiresInDays } })

  it('shows the secret once, lists the token without it and stores only its hash', async () => {
    const created = await create(sam, 'read', 30, 'backup script')
    expect(created.status).toBe(201)
    expect(created.body.status).toBe('created')
    const { token, secret } = created.body.data
    expect(secret).toMatch(/^wmk_[\w-]{43}$/)
    expect(token).toEqual({
      id: expect.any(String),
      name: 'backup script',
      scope: 'read',
      created_at: 'Sun, 01 Mar 2026 10:00:00 GMT',
      expires_at: 'Tue, 31 Mar 2026 10:00:00 GMT',
      last_used_at: null,
    })
    const listed = await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: sam.token })
    expect(listed.body.data.tokens).toEqual([token])
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    const rows = await t.server.dataSource.manager.find(AccessTokenEntity)
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(secret).digest('hex')])
    // Another user sees none of them.
    expect((await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: admin.token })).body.data.tokens).toEqual([])
  })

  it('acts as its owner; a read token only reads, a read+write token writes; last use is recorded', async () => {
    const read = (await create(sam, 'read')).body.data
    const list = await t.api<WorkoutsListResponse>('GET', 'workouts', { token: read.secret })
    expect(list.status).toBe(200)
    expect(list.body.data.workouts.map((workout) => workout.id)).toEqual([workoutId])
    const refused = await t.api('PATCH', `workouts/${workoutId}`, { token: read.secret, body: { title: 'Renamed' } })
    expect(refused).toMatchObject({ status: 403, body: { status: 'error', code: 'access_token_read_only', message: 'this access token may only read' } })
    const [listedRead] = (await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: sam.token })).body.data.tokens
    expect(listedRead?.last_used_at).toBe('Sun, 01 Mar 2026 10:00:00 GMT')

    const readWrite = (await create(sam, 'read+write')).body.data
    const renamed = await t.api<WorkoutsResponse>('PATCH', `workouts/${workoutId}`, { token: readWrite.secret, body: { title: 'Renamed' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.workouts[0]?.title).toBe('Renamed')
    const uploaded = await upload(t, readWrite.secret, 'again.gpx', (await fixture('gpx/gpx_file.gpx')).toString().replaceAll('2018-', '2019-'), { sport_id: 1 })
    expect(uploaded.status).toBe(201)
  })

  it('records its last use to the hour: a use within the hour after the recorded one writes nothing', async () => {
    const { secret } = (await create(sam, 'read')).body.data
    const lastUsed = async () => (await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: sam.token })).body.data.tokens[0]?.last_used_at
    const use = async (at: string) => {
      clock = new Date(at)
      expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
    }
    await use('2026-03-01T10:00:00Z')
    expect(await lastUsed()).toBe('Sun, 01 Mar 2026 10:00:00 GMT')
    await use('2026-03-01T10:59:59.999Z')
    expect(await lastUsed()).toBe('Sun, 01 Mar 2026 10:00:00 GMT')
    await use('2026-03-01T11:00:00Z')
    expect(await lastUsed()).toBe('Sun, 01 Mar 2026 11:00:00 GMT')
  })

  it('is refused at once when revoked, and once expired, with catalogued messages', async () => {
    const { token, secret } = (await create(sam, 'read', 1)).body.data
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
    // Another user cannot revoke it (their answer does not say it exists).
    expect(await t.api('DELETE', `auth/tokens/${token.id}`, { token: admin.token })).toMatchObject({ status: 404, body: { code: 'access_token_not_found' } })
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)

    clock = new Date('2026-03-02T10:00:00Z')
    expect(await t.api('GET', 'workouts', { token: secret })).toMatchObject({
      status: 401,
      body: { status: 'error', code: 'access_token_expired', message: 'this access token has expired' },
    })

    const other = (await create(sam, 'read')).body.data
    expect((await t.api('GET', 'workouts', { token: other.secret })).status).toBe(200)
    expect((await t.api('DELETE', `auth/tokens/${other.token.id}`, { token: sam.token })).status).toBe(204)
    expect(await t.api('GET', 'workouts', { token: other.secret })).toMatchObject({
      status: 401,
      body: { status: 'error', code: 'access_token_revoked', message: 'this access token was revoked' },
    })
    expect((await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: sam.token })).body.data.tokens.map((listed) => listed.id)).toEqual([token.id])
    // A made-up token of the same form is refused like any invalid token.
    expect(await t.api('GET', 'workouts', { token: `wmk_${'A'.repeat(43)}` })).toMatchObject({ status: 401, body: { code: 'auth_token_invalid' } })
  })

  it("lets an administrator see and revoke any user's token, at once; a user cannot", async () => {
    const { token, secret } = (await create(sam, 'read+write', 30, 'sync app')).body.data
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
    const listed = await t.api<AccessTokensResponse>('GET', 'users/sam/tokens', { token: admin.token })
    expect(listed).toMatchObject({ status: 200, body: { status: 'success', data: { tokens: [{ ...token, last_used_at: 'Sun, 01 Mar 2026 10:00:00 GMT' }] } } })
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    // Not another user, not the token itself (administration is never a token's call).
    expect(await t.api('GET', 'users/sam/tokens', { token: sam.token })).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await t.api('DELETE', `users/sam/tokens/${token.id}`, { token: secret })).toMatchObject({ status: 403, body: { code: 'access_token_not_allowed' } })
    // The token belongs to sam, not to the administrator named in the address; unknown users are 404.
    expect(await t.api('DELETE', `users/owner/tokens/${token.id}`, { token: admin.token })).toMatchObject({ status: 404, body: { code: 'access_token_not_found' } })
    expect(await t.api('GET', 'users/nobody/tokens', { token: admin.token })).toMatchObject({ status: 404, body: { code: 'user_not_found' } })

    expect((await t.api('DELETE', `users/sam/tokens/${token.id}`, { token: admin.token })).status).toBe(204)
    expect(await t.api('GET', 'workouts', { token: secret })).toMatchObject({ status: 401, body: { code: 'access_token_revoked' } })
    expect((await t.api<AccessTokensResponse>('GET', 'users/sam/tokens', { token: admin.token })).body.data.tokens).toEqual([])
    expect((await t.api<AccessTokensResponse>('GET', 'auth/tokens', { token: sam.token })).body.data.tokens).toEqual([])
  })

  it('is refused once its owner is deactivated, and works again once reactivated', async () => {
    const created = await create(sam, 'read')
    const secret = created.body.data.secret
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
    // Deactivated as the command line or an older version would: in the database, not by the API.
    await t.server.dataSource.manager.update(UserEntity, { username: 'sam' }, { isActive: false })
    expect(await t.api('GET', 'workouts', { token: secret })).toMatchObject({ status: 401, body: { code: 'auth_token_missing' } })
    expect((await t.api('PATCH', 'users/sam', { token: admin.token, body: { activate: true } })).status).toBe(200)
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(200)
  })

  it('dies with its owner account', async () => {
    const { secret } = (await create(sam, 'read+write')).body.data
    expect((await t.api('DELETE', 'users/sam', { token: admin.token })).status).toBe(204)
    expect((await t.api('GET', 'workouts', { token: secret })).status).toBe(401)
    expect(await t.server.dataSource.manager.count(AccessTokenEntity)).toBe(0)
  })
})

/** What a token may call: never administration or account security; a read token only GET. */
function expected(endpoint: EndpointSpec, scope: TokenScope): 'allowed' | 'access_token_not_allowed' | 'access_token_read_only' {
  if (endpoint.access === 'public') return 'allowed'
  if (endpoint.access === 'admin' || endpoint.sessionOnly) return 'access_token_not_allowed'
  if (scope === 'read' && endpoint.method !== 'GET') return 'access_token_read_only'
  return 'allowed'
}

describe('permission matrix: every call × an administrator’s read and read+write tokens', () => {
  let t: TestServer
  let admin: Account
  let tokens: Record<TokenScope, string>
  let workoutId: string

  beforeAll(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
    const created = await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    workoutId = String(created.body.data.workouts[0]?.id)
    const secretOf = async (scope: TokenScope) =>
      (await t.api<CreatedTokenResponse>('POST', 'auth/tokens', { token: admin.token, body: { name: scope, scope, expires_in_days: null } })).body.data.secret
    tokens = { read: await secretOf('read'), 'read+write': await secretOf('read+write') }
  })
  afterAll(() => t.close())

  // One server for all cases: deleting goes last, so the workout is there for every other call.
  const cases = Object.entries<EndpointSpec>(endpoints)
    .sort(([, a], [, b]) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
    .flatMap(([name, endpoint]) => (['read', 'read+write'] as const).map((scope) => ({ name, endpoint, scope })))

  it.each(cases)('$name with a $scope token', async ({ endpoint, scope }) => {
    // Real resources: the administrator's own account, workout and first segment.
    const path = endpoint.path.replace(':username', 'owner').replace(':id', workoutId).replace(':segment', '1').replace(':sportId', '1').slice(1)
    const json = endpoint.body !== undefined && endpoint.body !== 'multipart'
    // Files and images are answered as they are, so the answer is read as JSON only when it is.
    const answer = await fetch(`${t.url}/api/${path}`, {
      method: endpoint.method,
      headers: { authorization: `Bearer ${tokens[scope]}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(json ? { body: '{}' } : {}),
    })
    const outcome = expected(endpoint, scope)
    if (outcome === 'allowed') {
      expect([401, 403]).not.toContain(answer.status)
      expect(answer.status).toBeLessThan(500)
    } else {
      expect({ status: answer.status, body: await answer.json() }).toMatchObject({ status: 403, body: { code: outcome } })
    }
  })
})
