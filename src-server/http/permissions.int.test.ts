import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { endpoints, type EndpointSpec, type ImportTaskResponse, type WorkoutsResponse } from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { registerUser, startWithOwnerAndSam, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

type Role = 'anonymous' | 'inactive' | 'other user' | 'self' | 'admin'
type Outcome = 'allowed' | 401 | 403

const roles: Role[] = ['anonymous', 'inactive', 'other user', 'self', 'admin']

/** Calls that act on a user named in the path and are refused on anybody else's account. */
const ownerOnly = new Set<string>(['deleteUser', 'getStatsByTime', 'getStatsBySport'])

/** What the contract's access level (and ownership rule) says each role gets. */
function expected(name: string, endpoint: EndpointSpec, role: Role): Outcome {
  if (endpoint.access === 'public') return 'allowed'
  if (role === 'anonymous' || role === 'inactive') return 401
  if (endpoint.access === 'admin') return role === 'admin' ? 'allowed' : 403
  if (role === 'other user' && ownerOnly.has(name)) return 403
  return 'allowed'
}

function pathFor(endpoint: EndpointSpec, username: string): string {
  return endpoint.path.replace(':username', username).replace(':id', '1').replace(':sportId', '1').slice(1)
}

const cases = Object.entries<EndpointSpec>(endpoints).flatMap(([name, endpoint]) => roles.map((role) => ({ name, endpoint, role })))

describe('permission matrix: every call × every role', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  let dora: Account

  beforeEach(async () => {
    ;({ t, owner: admin, sam } = await startWithOwnerAndSam())
    dora = await registerUser(t, 'dora', { activate: admin })
    // An account deactivated after logging in keeps a token that must stop working.
    await t.server.dataSource.manager.update(UserEntity, { username: 'dora' }, { isActive: false })
  })
  afterEach(() => t.close())

  it.each(cases)('$name as $role', async ({ name, endpoint, role }) => {
    const token = { anonymous: undefined, inactive: dora.token, 'other user': sam.token, self: sam.token, admin: admin.token }[role]
    // 'other user' acts on the admin's account; 'self' and 'admin' act on sam's.
    const target = role === 'other user' ? 'owner' : 'sam'
    const body = endpoint.body === 'multipart' ? undefined : endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}
    const answer = await t.api(endpoint.method, pathFor(endpoint, target), { ...(token ? { token } : {}), ...(body ? { body } : {}) })
    const outcome = expected(name, endpoint, role)
    if (outcome === 'allowed') {
      expect([401, 403]).not.toContain(answer.status)
      expect(answer.status).toBeLessThan(500)
    } else {
      expect(answer.status).toBe(outcome)
      expect(answer.body).toMatchObject({
        status: 'error',
        message: outcome === 403 ? 'you do not have permissions' : 'provide a valid auth token',
      })
    }
  })
})

/** Calls that take the id of a user's own resource: a workout (`:id`) or an import task (`:taskId`). */
const ownedResourceCalls = Object.entries<EndpointSpec>(endpoints)
  .filter(([, endpoint]) => endpoint.access === 'user' && /\/workouts\/(:id|imports\/:taskId)(\/|$)/.test(endpoint.path))
  // Deleting goes last: the owner's own call removes the workout.
  .sort(([, a], [, b]) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))

describe("ownership: another user's real ids are not found, on every call that takes one", () => {
  it('has calls to check', () => {
    expect(ownedResourceCalls.map(([name]) => name)).toEqual(expect.arrayContaining(['getWorkout', 'updateWorkout', 'deleteWorkout', 'getImportTask', 'getGpx', 'downloadFile']))
  })

  it('answers 404 to everyone but the owner, and the owner succeeds', async () => {
    const t = await startTestServer()
    try {
      const owner = await registerUser(t, 'owner')
      const sam = await registerUser(t, 'sam', { activate: owner })
      const created = await upload<WorkoutsResponse>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
      expect(created.status).toBe(201)
      const workoutId = String(created.body.data.workouts[0]?.id)
      const archive = await upload<ImportTaskResponse>(t, owner.token, 'rides.zip', buildZip([{ name: 'a.gpx', data: 'not a ride' }]))
      expect(archive.status).toBe(202)
      const taskId = archive.body.data.task.id
      for (const [name, endpoint] of ownedResourceCalls) {
        const path = endpoint.path.replace(':id', workoutId).replace(':taskId', taskId).replace(':segment', '1').slice(1)
        const body = endpoint.method === 'PATCH' ? { notes: 'mine' } : undefined
        const query = name === 'getWorkoutSplits' ? '?unit=km' : ''
        const call = (token: string) =>
          fetch(`${t.url}/api/${path}${query}`, {
            method: endpoint.method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          })
        const stranger = await call(sam.token)
        const refusal = (await stranger.json()) as { code?: string }
        expect([name, stranger.status, refusal.code]).toEqual([name, 404, endpoint.path.includes(':taskId') ? 'import_task_not_found' : 'workout_not_found'])
        // Files are answered as files (the download), everything else as JSON.
        expect([name, (await call(owner.token)).status]).toEqual([name, endpoint.method === 'DELETE' ? 204 : 200])
      }
    } finally {
      await t.close()
    }
  })
})
