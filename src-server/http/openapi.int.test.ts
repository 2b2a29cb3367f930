import { Ajv2020 } from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endpoints,
  type CreatedTokenResponse,
  type CommentCreatedResponse,
  type NotificationsResponse,
  type PrivacyZoneResponse,
  type ShareLinkResponse,
  type EndpointSpec,
  type ComponentsResponse,
  type EquipmentsResponse,
  type ImportTaskResponse,
  type WorkoutsResponse,
  type ZonesResponse,
} from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { pictureForm, TINY_PNG } from '../test/pictures'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, realFile, upload, uploadForm, waitForImport } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

const manualWorkout = { sport_id: 1, duration: 3600, distance: 20, workout_date: '2026-05-01 08:00', notes: '' }

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

  beforeAll(async () => {
    t = await startTestServer()
    admin = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: admin })
    const created = await upload<WorkoutsResponse>(t, admin.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'), { sport_id: 1 })
    ids.workout = String(created.body.data.workouts[0]?.id)
    // A real ride with laps, heart rate and power, for the insights answers (zones need the settings).
    const preferences = { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false, max_hr: 190, ftp: 250 }
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: admin.token, body: preferences })).status).toBe(200)
    const rich = await upload<WorkoutsResponse>(t, admin.token, 'vector.fit', await realFile('fit/garmin-edge810-vector.fit'), { sport_id: 1 })
    ids.rich = String(rich.body.data.workouts[0]?.id)
    const samToken = await t.api<CreatedTokenResponse>('POST', 'auth/tokens', { token: sam.token, body: { name: 'sync', scope: 'read', expires_in_days: null } })
    ids.samToken = samToken.body.data.token.id
    archives.single = await fixture('gpx/gpx_file_with_microseconds.gpx')
    archives.reference = buildZip([{ name: 'hr.gpx', data: await fixture('gpx/gpx_file_with_gpxtpx_extensions.gpx') }])
    // One file imports and one is refused, so the task's report shows both kinds of result.
    archives.async = buildZip([
      { name: 'laps.tcx', data: await fixture('tcx/two_laps_with_indoor_point.tcx') },
      { name: 'broken.gpx', data: await fixture('gpx/gpx_file_invalid_xml.gpx') },
    ])
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

  it('describes every success answer: a response schema, a file type, or 204 for a deletion', () => {
    const undescribed = Object.entries<EndpointSpec>(endpoints)
      .filter(([, spec]) => !spec.response && !spec.file && spec.method !== 'DELETE')
      .map(([name]) => name)
    expect(undescribed).toEqual([])
    const emptySchemas = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Object.values(operation.responses).some((answer) => Object.values(answer.content ?? {}).some(({ schema }) => Object.keys(schema).length === 0)))
        .map(([method]) => `${method} ${path}`),
    )
    expect(emptySchemas).toEqual([])
  })

  /** Ids of the real resources the calls below use, known once they exist. */
  const ids = { workout: '', manual: '', rich: '', task: '', token: '', samToken: '', equipment: '', component: '', shareLink: '', shareToken: '', zone: '', comment: '', notification: '' }
  /** Other rides than the first one, so they import rather than count as duplicates. */
  const archives: Record<'single' | 'reference' | 'async', Buffer> = { single: Buffer.alloc(0), reference: Buffer.alloc(0), async: Buffer.alloc(0) }

  /**
   * Real calls: one per call that has a response schema, in an order where each finds what it
   * needs (deletions last). `form` sends a multipart upload; `status` is the expected success.
   */
  const calls: {
    name: keyof typeof endpoints
    method: string
    path: string
    url?: () => string
    as?: 'admin' | 'sam' | 'none'
    body?: unknown
    form?: () => FormData
    headers?: Record<string, string>
    status?: number
  }[] = [
    { name: 'getOpenApiDocument', method: 'GET', path: 'openapi.json', as: 'none' },
    { name: 'getConfig', method: 'GET', path: 'config', as: 'none' },
    { name: 'updateConfig', method: 'PATCH', path: 'config', body: { max_users: 50 } },
    { name: 'listSports', method: 'GET', path: 'sports' },
    { name: 'updateSport', method: 'PATCH', path: 'sports/{id}', url: () => 'sports/2', body: { is_active: true } },
    { name: 'listEquipmentTypes', method: 'GET', path: 'equipment-types' },
    { name: 'getEquipmentType', method: 'GET', path: 'equipment-types/{id}', url: () => 'equipment-types/2' },
    { name: 'updateEquipmentType', method: 'PATCH', path: 'equipment-types/{id}', url: () => 'equipment-types/2', body: { is_active: true } },
    // The bike is the default of the rides below, so their answers carry it.
    { name: 'createEquipment', method: 'POST', path: 'equipments', body: { label: 'Ox', equipment_type_id: 2, default_for_sport_ids: [1] }, status: 201 },
    { name: 'listEquipments', method: 'GET', path: 'equipments' },
    { name: 'getEquipment', method: 'GET', path: 'equipments/{id}', url: () => `equipments/${ids.equipment}` },
    { name: 'updateEquipment', method: 'PATCH', path: 'equipments/{id}', url: () => `equipments/${ids.equipment}`, body: { description: 'road bike' } },
    { name: 'listWornEquipment', method: 'GET', path: 'equipment-wear' },
    { name: 'setSportEquipmentDefaults', method: 'PATCH', path: 'equipment-defaults/{sportId}', url: () => 'equipment-defaults/1', body: { equipment_ids: [] } },
    { name: 'createComponent', method: 'POST', path: 'equipments/{id}/components', url: () => `equipments/${ids.equipment}/components`, body: { label: 'Chain', wear_limit_distance: 3000 }, status: 201 },
    { name: 'listComponents', method: 'GET', path: 'equipments/{id}/components', url: () => `equipments/${ids.equipment}/components` },
    { name: 'getEquipmentStats', method: 'GET', path: 'equipments/{id}/stats', url: () => `equipments/${ids.equipment}/stats` },
    { name: 'getEquipmentBackfill', method: 'GET', path: 'equipments/{id}/backfill', url: () => `equipments/${ids.equipment}/backfill?from=2000-01-01` },
    { name: 'applyEquipmentBackfill', method: 'POST', path: 'equipments/{id}/backfill', url: () => `equipments/${ids.equipment}/backfill`, body: { to: '2030-12-31' } },
    { name: 'undoEquipmentBackfill', method: 'DELETE', path: 'equipments/{id}/backfill/{backfillId}', url: () => `equipments/${ids.equipment}/backfill/none` },
    {
      name: 'updateComponent',
      method: 'PATCH',
      path: 'equipments/{id}/components/{componentId}',
      url: () => `equipments/${ids.equipment}/components/${ids.component}`,
      body: { wear_limit_hours: 100 },
    },
    {
      name: 'retireComponent',
      method: 'POST',
      path: 'equipments/{id}/components/{componentId}/retire',
      url: () => `equipments/${ids.equipment}/components/${ids.component}/retire`,
      body: { replace: true },
      status: 201,
    },
    { name: 'listUsers', method: 'GET', path: 'users' },
    { name: 'getUser', method: 'GET', path: 'users/{username}', url: () => 'users/sam', as: 'sam' },
    { name: 'updateUser', method: 'PATCH', path: 'users/{username}', url: () => 'users/sam', body: { admin: false } },
    { name: 'register', method: 'POST', path: 'auth/register', as: 'none', body: { username: 'dora', email: 'dora@example.com', password: 'dora-secret-pass' } },
    { name: 'login', method: 'POST', path: 'auth/login', as: 'none', body: { email: 'sam@example.com', password: 'sam-secret-pass' } },
    { name: 'getProfile', method: 'GET', path: 'auth/profile', as: 'sam' },
    { name: 'editProfile', method: 'POST', path: 'auth/profile/edit', as: 'sam', body: { first_name: 'Sam', last_name: null, bio: null, location: null, birth_date: null } },
    { name: 'editAccount', method: 'PATCH', path: 'auth/profile/edit/account', as: 'sam', body: { email: 'sam@example.com', password: 'sam-secret-pass' } },
    {
      name: 'editPreferences',
      method: 'POST',
      path: 'auth/profile/edit/preferences',
      as: 'sam',
      body: { display_ascent: true, imperial_units: false, language: 'fr', timezone: 'Europe/Paris', weekm: true },
    },
    { name: 'editSportPreferences', method: 'POST', path: 'auth/profile/edit/sports', as: 'sam', body: { sport_id: 1, color: '#123456' } },
    { name: 'uploadPicture', method: 'POST', path: 'auth/picture', as: 'sam', form: () => pictureForm('me.png', TINY_PNG) },
    { name: 'createAccessToken', method: 'POST', path: 'auth/tokens', body: { name: 'script', scope: 'read', expires_in_days: 30 }, status: 201 },
    { name: 'listAccessTokens', method: 'GET', path: 'auth/tokens' },
    { name: 'listUserAccessTokens', method: 'GET', path: 'users/{username}/tokens', url: () => 'users/sam/tokens' },
    { name: 'createWorkout', method: 'POST', path: 'workouts', form: () => uploadForm('later.gpx', archives.single), status: 201 },
    // An archive, as the reference's client sends it (201 `created`) and as ours does (202 and a task).
    { name: 'createWorkout', method: 'POST', path: 'workouts', form: () => uploadForm('rides.zip', archives.reference), status: 201 },
    { name: 'createWorkout', method: 'POST', path: 'workouts', form: () => uploadForm('rides.zip', archives.async), headers: { prefer: 'respond-async' }, status: 202 },
    { name: 'getImportTask', method: 'GET', path: 'workouts/imports/{taskId}', url: () => `workouts/imports/${ids.task}` },
    { name: 'createWorkoutWithoutFile', method: 'POST', path: 'workouts/no_gpx', body: manualWorkout, status: 201 },
    { name: 'updateWorkout', method: 'PATCH', path: 'workouts/{id}', url: () => `workouts/${ids.manual}`, body: { notes: 'windy' } },
    { name: 'listAutomaticImports', method: 'GET', path: 'automatic_imports' },
    { name: 'getRecords', method: 'GET', path: 'records' },
    { name: 'listWorkouts', method: 'GET', path: 'workouts' },
    { name: 'getWorkout', method: 'GET', path: 'workouts/{id}', url: () => `workouts/${ids.rich}` },
    { name: 'getChartData', method: 'GET', path: 'workouts/{id}/chart_data', url: () => `workouts/${ids.rich}/chart_data` },
    { name: 'getSegmentChartData', method: 'GET', path: 'workouts/{id}/chart_data/segment/{segment}', url: () => `workouts/${ids.workout}/chart_data/segment/1` },
    { name: 'getGpx', method: 'GET', path: 'workouts/{id}/gpx', url: () => `workouts/${ids.workout}/gpx` },
    { name: 'getSegmentGpx', method: 'GET', path: 'workouts/{id}/gpx/segment/{segment}', url: () => `workouts/${ids.workout}/gpx/segment/1` },
    { name: 'getMapLine', method: 'GET', path: 'workouts/{id}/map_line', url: () => `workouts/${ids.workout}/map_line` },
    { name: 'getWorkoutSplits', method: 'GET', path: 'workouts/{id}/splits', url: () => `workouts/${ids.rich}/splits` },
    { name: 'getWorkoutZones', method: 'GET', path: 'workouts/{id}/zones', url: () => `workouts/${ids.rich}/zones` },
    { name: 'getPersonalBests', method: 'GET', path: 'records/personal_bests' },
    { name: 'getYearOverYear', method: 'GET', path: 'insights/year_over_year' },
    { name: 'getHeatmap', method: 'GET', path: 'heatmap' },
    { name: 'getInsightsRecompute', method: 'GET', path: 'insights/recompute' },
    { name: 'getStatsByTime', method: 'GET', path: 'stats/{username}/by_time', url: () => 'stats/owner/by_time?time=month' },
    { name: 'getStatsBySport', method: 'GET', path: 'stats/{username}/by_sport', url: () => 'stats/owner/by_sport' },
    { name: 'getAppStats', method: 'GET', path: 'stats/all' },
    { name: 'refreshEquipment', method: 'POST', path: 'equipments/{id}/refresh', url: () => `equipments/${ids.equipment}/refresh` },
    // A public workout, so its share link shows it (chart and map line included).
    { name: 'updateWorkout', method: 'PATCH', path: 'workouts/{id}', url: () => `workouts/${ids.workout}`, body: { workout_visibility: 'public', analysis_visibility: 'public', map_visibility: 'public' } },
    { name: 'createShareLink', method: 'POST', path: 'workouts/{id}/share_links', url: () => `workouts/${ids.workout}/share_links`, body: { expires_at: null }, status: 201 },
    { name: 'listShareLinks', method: 'GET', path: 'workouts/{id}/share_links', url: () => `workouts/${ids.workout}/share_links` },
    { name: 'getSharedWorkout', method: 'GET', path: 'share/{token}', url: () => `share/${ids.shareToken}`, as: 'none' },
    // A public workout opens without a token, as in the reference.
    { name: 'getWorkout', method: 'GET', path: 'workouts/{id}', url: () => `workouts/${ids.workout}`, as: 'none' },
    { name: 'createPrivacyZone', method: 'POST', path: 'auth/privacy_zones', body: { latitude: 44.68, longitude: 6.07, radius: 300 }, status: 201 },
    { name: 'listPrivacyZones', method: 'GET', path: 'auth/privacy_zones' },
    { name: 'followUser', method: 'POST', path: 'users/{username}/follow', url: () => 'users/owner/follow', as: 'sam' },
    { name: 'listFollowRequests', method: 'GET', path: 'follow-requests' },
    { name: 'acceptFollowRequest', method: 'POST', path: 'follow-requests/{username}/accept', url: () => 'follow-requests/sam/accept' },
    { name: 'listFollowers', method: 'GET', path: 'users/{username}/followers', url: () => 'users/owner/followers' },
    { name: 'listFollowing', method: 'GET', path: 'users/{username}/following', url: () => 'users/sam/following' },
    { name: 'getTimeline', method: 'GET', path: 'timeline', as: 'sam' },
    { name: 'listUserWorkouts', method: 'GET', path: 'users/{username}/workouts', url: () => 'users/owner/workouts', as: 'sam' },
    { name: 'followUser', method: 'POST', path: 'users/{username}/follow', url: () => 'users/sam/follow' },
    { name: 'rejectFollowRequest', method: 'POST', path: 'follow-requests/{username}/reject', url: () => 'follow-requests/owner/reject', as: 'sam' },
    { name: 'unfollowUser', method: 'POST', path: 'users/{username}/unfollow', url: () => 'users/sam/unfollow' },
    // Comments and likes on the public workout; sam mentioned, a visitor reading.
    {
      name: 'addWorkoutComment',
      method: 'POST',
      path: 'workouts/{id}/comments',
      url: () => `workouts/${ids.workout}/comments`,
      body: { text: 'Well done @sam', text_visibility: 'public' },
      status: 201,
    },
    { name: 'listWorkoutComments', method: 'GET', path: 'workouts/{id}/comments', url: () => `workouts/${ids.workout}/comments`, as: 'none' },
    { name: 'editComment', method: 'PATCH', path: 'comments/{commentId}', url: () => `comments/${ids.comment}`, body: { text: 'Very well done @sam' } },
    { name: 'likeComment', method: 'POST', path: 'comments/{commentId}/like', url: () => `comments/${ids.comment}/like`, as: 'sam' },
    { name: 'getComment', method: 'GET', path: 'comments/{commentId}', url: () => `comments/${ids.comment}`, as: 'sam' },
    { name: 'listCommentLikes', method: 'GET', path: 'comments/{commentId}/likes', url: () => `comments/${ids.comment}/likes`, as: 'none' },
    { name: 'undoCommentLike', method: 'POST', path: 'comments/{commentId}/like/undo', url: () => `comments/${ids.comment}/like/undo`, as: 'sam' },
    { name: 'likeWorkout', method: 'POST', path: 'workouts/{id}/like', url: () => `workouts/${ids.workout}/like`, as: 'sam' },
    { name: 'listWorkoutLikes', method: 'GET', path: 'workouts/{id}/likes', url: () => `workouts/${ids.workout}/likes`, as: 'none' },
    { name: 'undoWorkoutLike', method: 'POST', path: 'workouts/{id}/like/undo', url: () => `workouts/${ids.workout}/like/undo`, as: 'sam' },
    // Sam was mentioned (a notification with its workout and comment); the admin was followed and liked.
    { name: 'listNotifications', method: 'GET', path: 'notifications', as: 'sam' },
    { name: 'listNotifications', method: 'GET', path: 'notifications' },
    { name: 'getUnreadNotifications', method: 'GET', path: 'notifications/unread' },
    { name: 'listNotificationTypes', method: 'GET', path: 'notifications/types' },
    { name: 'updateNotification', method: 'PATCH', path: 'notifications/{notificationId}', url: () => `notifications/${ids.notification}`, body: { read_status: true } },
    { name: 'markAllNotificationsRead', method: 'POST', path: 'notifications/mark-all-as-read', body: {} },
    // Moderation: the comment hidden and shown again, sam's sharing suspended and restored.
    { name: 'suspendComment', method: 'POST', path: 'comments/{commentId}/suspension', url: () => `comments/${ids.comment}/suspension` },
    { name: 'unsuspendComment', method: 'DELETE', path: 'comments/{commentId}/suspension', url: () => `comments/${ids.comment}/suspension` },
    { name: 'suspendSharing', method: 'POST', path: 'users/{username}/sharing_suspension', url: () => 'users/sam/sharing_suspension' },
    { name: 'restoreSharing', method: 'DELETE', path: 'users/{username}/sharing_suspension', url: () => 'users/sam/sharing_suspension' },
  ]

  /** Deletions answer 204 and nothing else. */
  const deletions: { name: keyof typeof endpoints; url: () => string; as?: 'admin' | 'sam' }[] = [
    { name: 'revokeAccessToken', url: () => `auth/tokens/${ids.token}` },
    { name: 'revokeUserAccessToken', url: () => `users/sam/tokens/${ids.samToken}` },
    { name: 'resetSportPreferences', url: () => 'auth/profile/reset/sports/1', as: 'sam' },
    { name: 'deletePicture', url: () => 'auth/picture', as: 'sam' },
    { name: 'deleteShareLink', url: () => `workouts/${ids.workout}/share_links/${ids.shareLink}` },
    { name: 'deletePrivacyZone', url: () => `auth/privacy_zones/${ids.zone}` },
    { name: 'deleteComment', url: () => `comments/${ids.comment}` },
    { name: 'deleteWorkout', url: () => `workouts/${ids.manual}` },
    { name: 'deleteEquipment', url: () => `equipments/${ids.equipment}?force` },
    { name: 'deleteUser', url: () => 'users/dora' },
  ]

  it('has a real call below for every call with a response schema, and a deletion for every 204', () => {
    const described = Object.entries<EndpointSpec>(endpoints).filter(([, spec]) => spec.response !== undefined)
    const exercised = new Set(calls.map((call) => call.name))
    // Calls that send e-mail or need the one-time token it carries are left to the e-mail tests;
    // resuming an import needs one a full disk stopped (`import-faults.int.test.ts`, on a real small disk).
    const elsewhere = ['confirmAccount', 'resendConfirmation', 'requestPasswordReset', 'updatePassword', 'confirmEmail', 'resumeImportTask']
    expect(described.map(([name]) => name).filter((name) => !exercised.has(name as keyof typeof endpoints) && !elsewhere.includes(name))).toEqual([])
    const deleting = Object.entries<EndpointSpec>(endpoints).filter(([, spec]) => spec.method === 'DELETE' && !spec.response)
    expect(deleting.map(([name]) => name).sort()).toEqual(deletions.map(({ name }) => name).sort())
  })

  it.each(calls)('$name $path: the real answer validates against its documented schema', async ({ name, method, path, url, as = 'admin', body, form, headers, status = 200 }) => {
    const token = { admin: admin.token, sam: sam.token, none: undefined }[as]
    const answer = await t.api<Record<string, unknown>>(method, url?.() ?? path, { ...(token ? { token } : {}), ...(body ? { body } : {}), ...(form ? { form: form() } : {}), ...(headers ? { headers } : {}) })
    expect(answer.status, JSON.stringify(answer.body)).toBe(status)
    const validate = ajv.compile(successSchema(method, path))
    expect(validate(answer.body) ? [] : validate.errors).toEqual([])
    // The zod schema itself (refinements included) accepts it too.
    const spec: EndpointSpec = endpoints[name]
    expect(spec.response?.safeParse(answer.body).error).toBeUndefined()
    await remember(name, answer.body, headers)
  })

  /** Keeps the ids later calls need from the answers that created them (and lets the task finish). */
  async function remember(name: keyof typeof endpoints, body: Record<string, unknown>, headers?: Record<string, string>): Promise<void> {
    if (name === 'createEquipment') ids.equipment = String((body as EquipmentsResponse).data.equipments[0]?.id)
    if (name === 'createComponent') ids.component = String((body as ComponentsResponse).data.components[0]?.id)
    if (name === 'createAccessToken') ids.token = (body as CreatedTokenResponse).data.token.id
    if (name === 'createShareLink') {
      ids.shareLink = (body as ShareLinkResponse).data.share_link.id
      ids.shareToken = String((body as ShareLinkResponse).data.share_link.token)
    }
    if (name === 'addWorkoutComment') ids.comment = (body as CommentCreatedResponse).comment.id
    if (name === 'listNotifications') ids.notification = (body as NotificationsResponse).notifications[0]?.id ?? ''
    if (name === 'createPrivacyZone') ids.zone = (body as PrivacyZoneResponse).data.privacy_zone.id
    if (name === 'createWorkoutWithoutFile') ids.manual = String((body as WorkoutsResponse).data.workouts[0]?.id)
    if (name === 'createWorkout' && headers) {
      ids.task = (body as ImportTaskResponse).data.task.id
      await waitForImport(t, admin.token, ids.task)
    }
  }

  it('the corpus reaches the optional fields: laps, best efforts and zones of a real ride, both kinds of archive result', async () => {
    const workout = await t.api<WorkoutsResponse>('GET', `workouts/${ids.rich}`, { token: admin.token })
    const [ride] = workout.body.data.workouts
    expect(ride?.laps?.length).toBeGreaterThan(0)
    expect(ride?.best_efforts?.some((effort) => effort.kind === 'power')).toBe(true)
    const zones = await t.api<ZonesResponse>('GET', `workouts/${ids.rich}/zones`, { token: admin.token })
    expect(zones.body.data.heart_rate?.zones.length).toBeGreaterThan(0)
    expect(zones.body.data.power?.zones.length).toBeGreaterThan(0)
    const task = await t.api<ImportTaskResponse>('GET', `workouts/imports/${ids.task}`, { token: admin.token })
    expect(task.body.data.task.results.map((result) => result.status).sort()).toEqual(['error', 'imported'])
  })

  it.each(deletions)('$name: answers 204 without a body', async ({ url, as = 'admin' }) => {
    const answer = await fetch(`${t.url}/api/${url()}`, { method: 'DELETE', headers: { authorization: `Bearer ${as === 'sam' ? sam.token : admin.token}` } })
    expect(answer.status).toBe(204)
    expect(await answer.text()).toBe('')
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
