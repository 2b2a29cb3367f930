import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileResponse, Workout, WorkoutsListResponse, WorkoutsResponse } from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'
import { expectNothingChanged, snapshot } from './invariants'

/** Sends raw bytes, for requests `fetch` would refuse to build. */
function raw(t: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    if (body) req.write(body)
    req.end()
  })
}

const INJECTIONS = [
  `'; DROP TABLE workout; --`,
  `" OR 1=1 --`,
  `<script>alert('x')</script>`,
  `<img src=x onerror=alert(1)>`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\u0007\u001b[31mred\u202e\uFEFF`,
  `🚴‍♀️ Café — Überfahrt ÆØÅ 北京`,
]

describe('hostile requests', () => {
  let parent: string
  let t: TestServer
  let user: Account
  let other: Account
  let workout: Workout
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-hostile-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    user = await registerUser(t, 'owner')
    other = await registerUser(t, 'other', { activate: user })
    workout = (await upload<WorkoutsResponse>(t, user.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).body.data.workouts[0] as Workout
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it.each(INJECTIONS)('stores and returns %j literally in titles and notes, and finds it by title', async (text) => {
    const created = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: user.token,
      body: { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00', title: `x${text}`, notes: text },
    })
    expect(created.status).toBe(201)
    const stored = created.body.data.workouts[0] as Workout
    expect(stored.notes).toBe(text.trim() || null)
    const found = await t.api<WorkoutsListResponse>('GET', `workouts?title=${encodeURIComponent(text.trim())}`, { token: user.token })
    expect(found.status).toBe(200)
    expect(found.body.data.workouts.map((w) => w.id)).toContain(stored.id)
    expect((await t.server.dataSource.query<{ n: number }[]>('SELECT COUNT(*) AS n FROM workout'))[0]?.n).toBeGreaterThan(1)
    await t.api('DELETE', `workouts/${stored.id}`, { token: user.token })
  })

  it.each(INJECTIONS)('keeps %j in the profile literally', async (text) => {
    const answer = await t.api<ProfileResponse>('POST', 'auth/profile/edit', {
      token: user.token,
      body: { first_name: text.slice(0, 80), last_name: null, bio: text, location: text.slice(0, 80), birth_date: '' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.bio).toBe(text.trim() || null)
  })

  it('refuses a NUL character anywhere in a body or a query, nothing stored (no engine column holds one, and nobody types one)', async () => {
    const before = await snapshot(t)
    const nul = 'a\u0000b'
    for (const [method, path, body] of [
      ['POST', 'workouts/no_gpx', { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00', title: nul }],
      ['POST', 'workouts/no_gpx', { sport_id: 1, duration: 60, distance: 1, workout_date: '2020-01-01 10:00', notes: `x${nul}` }],
      ['PATCH', `workouts/${workout.id}`, { title: nul }],
      ['POST', 'auth/profile/edit', { first_name: 'Ann', last_name: null, bio: nul, location: null, birth_date: '' }],
      // Deep in the body.
      ['PATCH', `workouts/${workout.id}`, { notes: 'fine', extra: [[[{ deep: [nul] }]]] }],
      ['GET', `workouts?title=${encodeURIComponent(nul)}`, undefined],
    ] as const) {
      const answer = await t.api(method, path, { token: user.token, ...(body === undefined ? {} : { body }) })
      expect([answer.status, answer.body], path).toEqual([400, expect.objectContaining({ status: 'error', message: 'invalid payload' })])
    }
    await expectNothingChanged(t, before)
  })

  it.each([`admin'--`, `<b>x</b>`, `a\u0000b`, `../../x`, `über`, `a b`])('refuses the username %j', async (username) => {
    const before = await snapshot(t)
    const answer = await t.api('POST', 'auth/register', { body: { username, email: 'new@example.com', password: '12345678' } })
    expect(answer.status).toBe(400)
    await expectNothingChanged(t, before)
  })

  it.each([
    [`workouts/..%2F..%2Fsecret.key`, 'workout_not_found'],
    [`workouts/${'%2E%2E%2F'.repeat(5)}etc%2Fpasswd`, 'workout_not_found'],
    [`workouts/map/..%2F..%2Fsecret.key`, 'map_not_found'],
    [`workouts/map/..%2Fwaymark.sqlite`, 'map_not_found'],
    [`workouts/map_tile/..%2F..%2F/1/1.png`, 'map_not_found'],
    [`users/..%2F..%2Fsecret.key/picture`, 'picture_not_found'],
    [`users/owner%2F..%2F..%2Fsecret.key/picture`, 'picture_not_found'],
    [`workouts/imports/..%2F..%2Fsecret.key`, 'import_task_not_found'],
    [`workouts/WORKOUT/chart_data/segment/..%2F..%2F1`, 'segment_not_found'],
    [`workouts/WORKOUT/gpx/segment/%2e%2e`, 'segment_not_found'],
    [`stats/..%2Fowner/by_time`, 'user_not_found'],
  ])('path traversal in %s is read as a name that names nothing: 404 %s, revealing nothing', async (path, code) => {
    const answer = await raw(t, 'GET', `/api/${path.replace('WORKOUT', workout.id)}`, { authorization: `Bearer ${user.token}` })
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.body)).toMatchObject({ code })
    expect(answer.body).not.toMatch(/[0-9a-f]{96}|SQLite format/)
  })

  it.each([
    ['malformed percent-encoding', '/api/workouts/%E0%A4%A'],
    ['an overlong URL', `/api/workouts?title=${'a'.repeat(60_000)}`],
    ['repeated query parameters', '/api/workouts?page=1&page=2'],
    ['an exponent page number', '/api/workouts?page=1e400'],
    ['a fractional page size', '/api/workouts?per_page=0.00001'],
    ['an unknown method', '/api/workouts'],
  ])('%s answers a client error, never a 500', async (label, path) => {
    const answer = await raw(t, label === 'an unknown method' ? 'PUT' : 'GET', path, { authorization: `Bearer ${user.token}` })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
  })

  it.each([
    ['a token signed with another key', jwt.sign({ sub: '1', pur: 'session', ver: 0 }, 'not-the-secret')],
    ['an unsigned token', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"1","pur":"session","ver":0}').toString('base64url')}.`],
    ['garbage', 'x'.repeat(5000)],
  ])('refuses %s with 401', async (_case, token) => {
    expect(await t.api('GET', 'auth/profile', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ status: 401 })
  })

  it.each([
    ['a JSON body over the limit', 'auth/login', JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(400_000) }), 'application/json', 413],
    ['deeply nested JSON', 'auth/login', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'application/json', 400],
    ['a form-encoded body', 'auth/login', 'email=a%40b.c&password=12345678', 'application/x-www-form-urlencoded', 400],
    ['text/plain', 'auth/login', '{"email":"a@b.c","password":"12345678"}', 'text/plain', 400],
  ])('%s gets a clear error', async (_case, path, body, type, status) => {
    const before = await snapshot(t)
    const answer = await raw(t, 'POST', `/api/${path}`, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }, body)
    expect(answer.status).toBe(status)
    await expectNothingChanged(t, before)
  })

  it('refuses a __proto__ key outright, polluting nothing', async () => {
    const answer = await raw(t, 'POST', '/api/auth/profile/edit', { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, '{"__proto__": {"polluted": true}, "first_name": "A", "last_name": null, "bio": null, "location": null, "birth_date": ""}')
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({ status: 'error', message: 'invalid payload', code: 'invalid_payload' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['two files', () => {
      const form = new FormData()
      form.append('file', new Blob(['a']), 'a.gpx')
      form.append('file', new Blob(['b']), 'b.gpx')
      form.append('data', '{"sport_id":1}')
      return form
    }],
    ['a huge data field', () => {
      const form = new FormData()
      form.append('data', `{"sport_id":1,"notes":"${'n'.repeat(200_000)}"}`)
      form.append('file', new Blob(['a']), 'a.gpx')
      return form
    }],
    ['many fields', () => {
      const form = new FormData()
      for (let i = 0; i < 50; i += 1) form.append(`f${i}`, 'x')
      form.append('file', new Blob(['a']), 'a.gpx')
      return form
    }],
  ])('an upload with %s is refused, nothing kept', async (_case, build) => {
    const before = await snapshot(t)
    const answer = await t.api('POST', 'workouts', { token: user.token, form: build() })
    expect(answer.status).toBe(400)
    await expectNothingChanged(t, before)
  })

  it.each([
    { timezone: '../../etc/localtime' },
    { timezone: 'Europe/Paris\u0000' },
    { language: 'en; DROP TABLE user' },
  ])('refuses preferences %j', async (change) => {
    const answer = await t.api('POST', 'auth/profile/edit/preferences', {
      token: user.token,
      body: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, ...change },
    })
    expect(answer.status).toBe(400)
  })

  it('never shows one user the workouts, charts, files or statistics of another', async () => {
    for (const path of [`workouts/${workout.id}`, `workouts/${workout.id}/chart_data`, `workouts/${workout.id}/gpx`, `workouts/${workout.id}/gpx/download`]) {
      expect((await t.api('GET', path, { token: other.token })).status).toBe(404)
    }
    expect((await t.api('GET', 'stats/owner/by_time', { token: other.token })).status).toBe(403)
    expect((await t.api<WorkoutsListResponse>('GET', `workouts?title=${encodeURIComponent("' OR 1=1 --")}`, { token: other.token })).body.data.workouts).toEqual([])
    expect((await t.api<WorkoutsListResponse>('GET', 'workouts?per_page=100', { token: other.token })).body.pagination.total).toBe(0)
  })
})
