import { Ajv2020 } from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type EndpointSpec, type WorkoutsResponse } from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'

interface Operation {
  operationId: string
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}
interface OpenApi {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: { WireError: object } }
}

// The JSON Schemas are checked by a validator of their own, not by the zod schemas they came from.
const ajv = new Ajv2020({ allErrors: true, validateFormats: false, allowUnionTypes: true })

describe('OpenAPI document', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  let document: OpenApi
  let workoutId: string

  beforeAll(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: admin })
    const created = await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    workoutId = String(created.body.data.workouts[0]?.id)
    const answer = await t.api<OpenApi>('GET', 'openapi.json')
    expect(answer.status).toBe(200)
    document = answer.body
  })
  afterAll(() => t.close())

  it('is OpenAPI 3.1 and describes every bound call, and nothing else', () => {
    expect(document.openapi).toBe('3.1.0')
    const bound = t.server.routes.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`).sort()
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort()
    expect(bound.length).toBeGreaterThanOrEqual(Object.keys(endpoints).length)
    expect(documented).toEqual(bound)
  })

  /** The documented JSON schema of an operation's success answer. */
  function successSchema(method: string, path: string): object {
    const operation = document.paths[`/api/${path}`]?.[method.toLowerCase()]
    const schema = operation?.responses['2XX']?.content?.['application/json']?.schema
    if (!schema) throw new Error(`${method} ${path}: no documented JSON answer`)
    return schema
  }

  /** Real calls, one per call that has a response schema (ids and tokens of real resources). */
  const calls: { name: keyof typeof endpoints; method: string; path: string; concrete?: string; as?: 'admin' | 'sam' | 'none'; body?: unknown }[] = [
    { name: 'getConfig', method: 'GET', path: 'config', as: 'none' },
    { name: 'updateConfig', method: 'PATCH', path: 'config', body: { max_users: 50 } },
    { name: 'listSports', method: 'GET', path: 'sports' },
    { name: 'updateSport', method: 'PATCH', path: 'sports/{id}', concrete: 'sports/2', body: { is_active: true } },
    { name: 'listUsers', method: 'GET', path: 'users' },
    { name: 'getUser', method: 'GET', path: 'users/{username}', concrete: 'users/sam', as: 'sam' },
    { name: 'updateUser', method: 'PATCH', path: 'users/{username}', concrete: 'users/sam', body: { admin: false } },
    { name: 'register', method: 'POST', path: 'auth/register', as: 'none', body: { username: 'dora', email: 'dora@example.com', password: 'dora-secret-pass' } },
    { name: 'login', method: 'POST', path: 'auth/login', as: 'none', body: { email: 'sam@example.com', password: 'sam-secret-pass' } },
    { name: 'getProfile', method: 'GET', path: 'auth/profile', as: 'sam' },
    { name: 'editProfile', method: 'POST', path: 'auth/profile/edit', as: 'sam', body: { first_name: 'Sam', last_name: null, bio: null, location: null, birth_date: null } },
    {
      name: 'editPreferences',
      method: 'POST',
      path: 'auth/profile/edit/preferences',
      as: 'sam',
      body: { display_ascent: true, imperial_units: false, language: 'fr', timezone: 'Europe/Paris', weekm: true },
    },
    { name: 'editSportPreferences', method: 'POST', path: 'auth/profile/edit/sports', as: 'sam', body: { sport_id: 1, color: '#123456' } },
    { name: 'createAccessToken', method: 'POST', path: 'auth/tokens', body: { name: 'script', scope: 'read', expires_in_days: 30 } },
    { name: 'listAccessTokens', method: 'GET', path: 'auth/tokens' },
    { name: 'getRecords', method: 'GET', path: 'records' },
    { name: 'listWorkouts', method: 'GET', path: 'workouts' },
    { name: 'getChartData', method: 'GET', path: 'workouts/{id}/chart_data' },
    { name: 'getSegmentChartData', method: 'GET', path: 'workouts/{id}/chart_data/segment/{segment}' },
    { name: 'getGpx', method: 'GET', path: 'workouts/{id}/gpx' },
    { name: 'getSegmentGpx', method: 'GET', path: 'workouts/{id}/gpx/segment/{segment}' },
    { name: 'getMapLine', method: 'GET', path: 'workouts/{id}/map_line' },
  ]

  it('has a real call below for every call with a response schema', () => {
    const described = Object.entries<EndpointSpec>(endpoints).filter(([, spec]) => spec.response !== undefined)
    const exercised = new Set(calls.map((call) => call.name))
    // Calls that need a one-time token sent by e-mail or an upload are left to their own tests.
    const elsewhere = ['confirmAccount', 'resendConfirmation', 'requestPasswordReset', 'updatePassword', 'confirmEmail', 'editAccount', 'uploadPicture']
    expect(described.map(([name]) => name).filter((name) => !exercised.has(name as keyof typeof endpoints) && !elsewhere.includes(name))).toEqual([])
  })

  it.each(calls)('$name: the real answer validates against its documented schema', async ({ method, path, concrete, as = 'admin', body }) => {
    const url = (concrete ?? path).replace('{id}', workoutId).replace('{segment}', '1')
    const token = { admin: admin.token, sam: sam.token, none: undefined }[as]
    const answer = await t.api(method, url, { ...(token ? { token } : {}), ...(body ? { body } : {}) })
    expect([200, 201]).toContain(answer.status)
    const validate = ajv.compile(successSchema(method, path))
    expect(validate(answer.body) ? [] : validate.errors).toEqual([])
  })

  it('describes the error answers: a real refusal validates against WireError', async () => {
    const validate = ajv.compile(document.components.schemas.WireError)
    for (const answer of [
      await t.api('GET', 'workouts/not-an-id', { token: sam.token }),
      await t.api('POST', 'auth/register', { body: { username: 'x', email: 'no', password: 'short' } }),
      await upload(t, sam.token, 'broken.gpx', await fixture('gpx/gpx_file_invalid_xml.gpx'), { sport_id: 1 }),
    ]) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(validate(answer.body) ? [] : validate.errors).toEqual([])
    }
  })
})
