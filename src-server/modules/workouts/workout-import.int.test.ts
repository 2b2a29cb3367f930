import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Workout, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { FIXTURES, fixture, upload } from '../../test/workouts'

/**
 * Real files from public repositories (`shared/fixtures/real`, see SOURCES.md there), found in the
 * nearest parent folder that has them, so every clone and worktree of the project reaches them.
 */
function realFixtures(): string {
  for (let dir = FIXTURES; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'fixtures', 'real')
    if (existsSync(join(candidate, 'SOURCES.md'))) return candidate
    if (dirname(dir) === dir) throw new Error('shared/fixtures/real not found above the project')
  }
}
const realFile = (relative: string) => readFile(join(realFixtures(), relative))

/** The reference GPX fixture with a `<type>` in its track, as apps write the sport. */
async function gpxOfType(type: string | null): Promise<string> {
  const text = (await fixture('gpx/gpx_file.gpx')).toString('utf8')
  return type === null ? text : text.replace('<name>just a workout</name>', `<name>just a workout</name>\n<type>${type}</type>`)
}

describe('workout import: sport from the file', () => {
  let t: TestServer
  let admin: Account
  let sam: Account
  beforeEach(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: admin })
  })
  afterEach(() => t.close())

  const imported = async (name: string, bytes: Buffer | string, data: Record<string, unknown>): Promise<Workout> => {
    const answer = await upload<WorkoutsResponse>(t, sam.token, name, bytes, data)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout in the answer')
    return workout
  }

  it('takes the sport the file names with detect_sport, and the chosen one without', async () => {
    const running = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.cyclingSport, detect_sport: true })
    expect(running.sport_id).toBe(SPORT_ID.running)
    await t.api('DELETE', `workouts/${running.id}`, { token: sam.token })
    // As before: the chosen sport applies to every file.
    const chosen = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.cyclingSport })
    expect(chosen.sport_id).toBe(SPORT_ID.cyclingSport)
  })

  it('falls back to sport_id when the file names no sport, an unknown one, or one that is disabled', async () => {
    const none = await imported('none.gpx', await gpxOfType(null), { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(none.sport_id).toBe(SPORT_ID.hiking)
    await t.api('DELETE', `workouts/${none.id}`, { token: sam.token })

    const unknown = await imported('unknown.gpx', await gpxOfType('jkljkl'), { sport_id: SPORT_ID.hiking, detect_sport: true })
    expect(unknown.sport_id).toBe(SPORT_ID.hiking)
    await t.api('DELETE', `workouts/${unknown.id}`, { token: sam.token })

    // Disabled by the administrator for everyone.
    expect((await t.api('PATCH', `sports/${SPORT_ID.running}`, { token: admin.token, body: { is_active: false } })).status).toBe(200)
    const inactive = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.walking, detect_sport: true })
    expect(inactive.sport_id).toBe(SPORT_ID.walking)
    await t.api('DELETE', `workouts/${inactive.id}`, { token: sam.token })
    await t.api('PATCH', `sports/${SPORT_ID.running}`, { token: admin.token, body: { is_active: true } })

    // Turned off by the user for themselves.
    await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: SPORT_ID.running, is_active: false } })
    const off = await imported('run.gpx', await gpxOfType('Running'), { sport_id: SPORT_ID.walking, detect_sport: true })
    expect(off.sport_id).toBe(SPORT_ID.walking)
  })

  it('titles the workout with the sport found and uses its stopped-speed threshold', async () => {
    await t.api('POST', 'auth/profile/edit/sports', { token: sam.token, body: { sport_id: SPORT_ID.running, stopped_speed_threshold: 50 } })
    const text = (await gpxOfType('Running')).replace('<name>just a workout</name>', '')
    const workout = await imported('run.gpx', text, { sport_id: SPORT_ID.cyclingSport, detect_sport: true })
    expect(workout.title).toMatch(/^Running - 2018-03-13 /)
    // Nothing in the reference fixture is faster than 50 km/h: all of it is a stop.
    expect(workout.moving).toBe('0:00:00')
  })

  it('still needs sport_id, and refuses a detect_sport that is not a boolean', async () => {
    const text = await gpxOfType('Running')
    expect((await upload(t, sam.token, 'run.gpx', text, { detect_sport: true })).status).toBe(400)
    expect((await upload(t, sam.token, 'run.gpx', text, { sport_id: 1, detect_sport: 'yes' })).status).toBe(400)
    expect((await upload(t, sam.token, 'run.gpx', text, { sport_id: 99, detect_sport: true })).body).toMatchObject({ message: 'sport does not exist' })
  })

  it('reads the sport of real FIT and TCX files', async () => {
    const pool = await imported('poolswim-hr.fit', await realFile('fit/poolswim-hr.fit'), { sport_id: SPORT_ID.running, detect_sport: true })
    expect(pool.sport_id).toBe(SPORT_ID.swimmingPool)
    const ski = await imported('xc-skiing.tcx', await realFile('tcx/xc-skiing.tcx'), { sport_id: SPORT_ID.running, detect_sport: true })
    // The TCX says only "Other".
    expect(ski.sport_id).toBe(SPORT_ID.other)
    const ride = await imported('mapmyride-biking.tcx', await realFile('tcx/mapmyride-biking.tcx'), { sport_id: SPORT_ID.running, detect_sport: true })
    expect(ride.sport_id).toBe(SPORT_ID.cyclingSport)
  })
})
