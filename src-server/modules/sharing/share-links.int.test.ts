import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SharedWorkoutResponse, ShareLinkResponse, ShareLinksResponse, WorkoutsResponse } from '../../../src/contracts'
import { ShareLinkEntity } from '../../db/entities'
import { hashToken } from '../../lib/secrets'
import { registerUser, startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/** Share links: a revocable, expiring, unguessable address that shows one workout without an account. */
describe('share links', () => {
  let t: TestServer
  let sam: Account
  let kim: Account
  let workoutId: string
  let clock = new Date('2026-11-27T10:00:00Z')

  beforeAll(async () => {
    const started = await startWithOwnerAndSam({ now: () => clock })
    t = started.t
    sam = started.sam
    kim = await registerUser(t, 'kim', { activate: started.owner })
    const created = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file_with_gpxtpx_extensions.gpx'))
    expect(created.status).toBe(201)
    workoutId = created.body.data.workouts[0]?.id ?? ''
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })
  }, 60_000)
  afterAll(() => t.close())

  const share = (body: Record<string, unknown> = {}) => t.api<ShareLinkResponse>('POST', `workouts/${workoutId}/share_links`, { token: sam.token, body })
  const visit = (token: string) => t.api<SharedWorkoutResponse>('GET', `share/${token}`)

  it('gives the owner a link that opens the workout, chart and map without an account', async () => {
    const created = await share()
    expect(created.status).toBe(201)
    const link = created.body.data.share_link
    expect(link.expires_at).toBeNull()
    // 256 random bits, base64url: not guessable, and the address is the server's public one.
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link.url).toBe(`http://waymark.test/share/${link.token}`)
    const seen = await visit(String(link.token))
    expect(seen.status).toBe(200)
    expect(seen.headers.get('cache-control')).toBe('private, no-store')
    expect(seen.body.data.workout).toMatchObject({ id: workoutId, user: 'sam', notes: null, file_format: null })
    expect(seen.body.data.chart_data?.length).toBeGreaterThan(0)
    expect(seen.body.data.lines?.flat().length).toBeGreaterThan(0)
  })

  it('keeps only the token’s SHA-256 and lists links without their token', async () => {
    const link = (await share()).body.data.share_link
    const rows = await t.server.dataSource.manager.findBy(ShareLinkEntity, { id: link.id })
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(String(link.token))])
    const listed = await t.api<ShareLinksResponse>('GET', `workouts/${workoutId}/share_links`, { token: sam.token })
    const mine = listed.body.data.share_links.find((item) => item.id === link.id)
    expect(mine).toMatchObject({ token: null, url: null, expires_at: null })
    expect(JSON.stringify(listed.body)).not.toContain(String(link.token))
  })

  it('stops working once deleted, for everyone', async () => {
    const link = (await share()).body.data.share_link
    expect((await visit(String(link.token))).status).toBe(200)
    const removed = await t.api('DELETE', `workouts/${workoutId}/share_links/${link.id}`, { token: sam.token })
    expect(removed.status).toBe(204)
    const gone = await visit(String(link.token))
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ code: 'share_link_not_found' })
    expect((await t.api('DELETE', `workouts/${workoutId}/share_links/${link.id}`, { token: sam.token })).status).toBe(404)
  })

  it('stops working at its expiry', async () => {
    const link = (await share({ expires_at: '2026-11-27T12:00:00Z' })).body.data.share_link
    expect(link.expires_at).toBe('Fri, 27 Nov 2026 12:00:00 GMT')
    expect((await visit(String(link.token))).status).toBe(200)
    clock = new Date('2026-11-27T12:00:00Z')
    try {
      expect((await visit(String(link.token))).status).toBe(404)
    } finally {
      clock = new Date('2026-11-27T10:00:00Z')
    }
  })

  it('refuses an expiry in the past or more than ten years ahead', async () => {
    expect((await share({ expires_at: '2026-11-27T09:00:00Z' })).status).toBe(400)
    expect((await share({ expires_at: '2037-01-01T00:00:00Z' })).status).toBe(400)
    expect((await share({ expires_at: 'tomorrow' })).status).toBe(400)
    // At its edges: a link that expires as it is made is refused; one of exactly 3,650 days (the
    // clock is 2026-11-27T10:00:00Z) is made, a millisecond more is refused.
    expect(await share({ expires_at: '2026-11-27T10:00:00Z' })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
    expect((await share({ expires_at: '2026-11-27T10:00:00.001Z' })).status).toBe(201)
    expect(await share({ expires_at: '2036-11-24T10:00:00.001Z' })).toMatchObject({ status: 400, body: { message: 'invalid payload' } })
    expect((await share({ expires_at: '2036-11-24T10:00:00Z' })).body.data.share_link.expires_at).toBe('Mon, 24 Nov 2036 10:00:00 GMT')
  })

  it('lets only the owner make, list or delete links: another user’s workout is not found', async () => {
    const link = (await share()).body.data.share_link
    expect((await t.api('POST', `workouts/${workoutId}/share_links`, { token: kim.token, body: {} })).status).toBe(404)
    expect((await t.api('GET', `workouts/${workoutId}/share_links`, { token: kim.token })).status).toBe(404)
    expect((await t.api('DELETE', `workouts/${workoutId}/share_links/${link.id}`, { token: kim.token })).status).toBe(404)
    expect((await visit(String(link.token))).status).toBe(200)
  })

  it('shows only what the public may see: no map when the map is not public, nothing when the workout is not', async () => {
    const link = (await share()).body.data.share_link
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { map_visibility: 'followers_only' } })
    const noMap = await visit(String(link.token))
    expect(noMap.status).toBe(200)
    expect(noMap.body.data).toMatchObject({ lines: null, workout: { map: null, bounds: [], map_visibility: 'private' } })
    expect(noMap.body.data.chart_data?.every((point) => point.latitude === null && point.longitude === null)).toBe(true)
    // The analysis open to followers only: no chart (nor map, which it caps), the workout still shown.
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { analysis_visibility: 'followers_only' } })
    const noChart = await visit(String(link.token))
    expect(noChart.status).toBe(200)
    expect(noChart.body.data).toMatchObject({ chart_data: null, lines: null, workout: { id: workoutId, segments: [], analysis_visibility: 'private', map: null } })
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'private' } })
    const hidden = await visit(String(link.token))
    expect(hidden.status).toBe(404)
    expect(hidden.body).toMatchObject({ code: 'share_link_not_found' })
    await t.api('PATCH', `workouts/${workoutId}`, { token: sam.token, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } })
  })

  it('answers an unknown token as a deleted one, and deletes links with their workout', async () => {
    expect((await visit('x'.repeat(43))).status).toBe(404)
    expect((await visit('x'.repeat(5000))).status).toBe(404)
    const other = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
      token: sam.token,
      body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2024-05-01 10:00', workout_visibility: 'public' },
    })
    const otherId = other.body.data.workouts[0]?.id ?? ''
    const link = (await t.api<ShareLinkResponse>('POST', `workouts/${otherId}/share_links`, { token: sam.token, body: {} })).body.data.share_link
    const typed = await visit(String(link.token))
    expect(typed.body.data).toMatchObject({ chart_data: null, lines: null, workout: { id: otherId, distance: 10 } })
    expect((await t.api('DELETE', `workouts/${otherId}`, { token: sam.token })).status).toBe(204)
    expect(await t.server.dataSource.manager.countBy(ShareLinkEntity, { workoutId: otherId })).toBe(0)
    expect((await visit(String(link.token))).status).toBe(404)
  })
})
