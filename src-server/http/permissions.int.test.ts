import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endpoints,
  type ComponentsResponse,
  type CreatedTokenResponse,
  type EndpointSpec,
  type EquipmentsResponse,
  type ImportTaskResponse,
  type CommentCreatedResponse,
  type NotificationsResponse,
  type PrivacyZoneResponse,
  type ShareLinkResponse,
  type UserResponse,
  type WorkoutsResponse,
} from '../../src/contracts'
import { UserEntity } from '../db/entities'
import { registerUser, startWithOwnerAndSam, type Account } from '../test/accounts'
import { pictureForm, TINY_PNG } from '../test/pictures'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'
import { buildZip } from '../test/zip-builder'

/**
 * The permission matrix: every route the router answers × every kind of caller, on real
 * resources, with the real answer. "user" is sam, who owns the workout, the import task and the
 * picture; "other user" (kim) and "admin" (owner) call with sam's username and ids.
 */
type Role = 'anonymous' | 'inactive' | 'user' | 'other user' | 'admin'
const ROLES: readonly Role[] = ['anonymous', 'inactive', 'user', 'other user', 'admin']

interface World {
  t: TestServer
  tokens: Record<Role, string | undefined>
  /** Whose e-mail and password a role would send (anonymous: sam's). */
  accounts: Record<Role, Account>
  workoutId: string
  mapId: string
  taskId: string
  /** Sam's personal access token. */
  accessTokenId: string
  /** Sam's pair of shoes. */
  equipmentId: string
  /** Sam's bike and its chain. */
  bikeId: string
  componentId: string
  /** A share link of sam's workout, and its token. */
  shareLinkId: string
  shareToken: string
  /** Sam's privacy zone. */
  zoneId: string
  /** Sam's comment on his workout. */
  commentId: string
  /** Sam's notification of kim's follow request. */
  notificationId: string
  /** Kim's public comment on kim's public workout (what an administrator moderates). */
  publicCommentId: string
}

/** Two accounts registered and never activated: pat, whom the calls towards such an account name, and pia, whom only an administrator deletes. */
const NEVER_ACTIVATED = ['pat', 'pia'] as const

interface Request {
  path: string
  body?: unknown
  form?: FormData
}

interface Row {
  request: (world: World, role: Role) => Request | Promise<Request>
  /** The success status of the caller the call is for. */
  ok: number
  /** What another active user gets on sam's resource (default: `ok`). */
  other?: number
  /** What an administrator gets on sam's resource (default: `ok`). */
  admin?: number
  /** What a visitor without a token gets from a route open to them (`optional` access; default: `other`). */
  anonymous?: number
  /** Public calls answering the same refusal to everyone (a made-up token, no mail server). */
  everyone?: number
  /** The call changes what later calls see: each role gets a world of its own. */
  fresh?: boolean
}

const NOT_FOUND = 404

/** Starting a server with its data takes seconds on a loaded machine; a `fresh` row starts five. */
const FRESH_WORLDS_TIMEOUT_MS = 120_000

/** One row per route, keyed `METHOD /path` as the router has it (under `/api`). */
const MATRIX: Record<string, Row> = {
  'GET /config': { request: () => ({ path: 'config' }), ok: 200 },
  'GET /openapi.json': { request: () => ({ path: 'openapi.json' }), ok: 200 },
  'PATCH /config': { request: () => ({ path: 'config', body: { admin_contact: 'admin@example.com' } }), ok: 200 },
  'GET /stats/:username/by_time': { request: () => ({ path: 'stats/sam/by_time?time=month' }), ok: 200, other: 403 },
  'GET /stats/:username/by_sport': { request: () => ({ path: 'stats/sam/by_sport' }), ok: 200, other: 403 },
  'GET /stats/all': { request: () => ({ path: 'stats/all' }), ok: 200 },
  'GET /sports': { request: () => ({ path: 'sports' }), ok: 200 },
  'PATCH /sports/:id': { request: () => ({ path: 'sports/1', body: { is_active: true } }), ok: 200 },
  'GET /users': { request: () => ({ path: 'users' }), ok: 200 },
  'GET /users/:username': { request: () => ({ path: 'users/sam' }), ok: 200 },
  'PATCH /users/:username': { request: () => ({ path: 'users/sam', body: { activate: true } }), ok: 200 },
  'DELETE /users/:username': { request: () => ({ path: 'users/sam' }), ok: 204, other: 403, fresh: true },
  'GET /users/:username/picture': { request: () => ({ path: 'users/sam/picture' }), ok: 200 },
  // Anyone signed in lists what of sam's they may open (none of it is public here: an empty list).
  'GET /users/:username/workouts': { request: () => ({ path: 'users/sam/workouts' }), ok: 200 },
  'POST /auth/register': {
    request: (_, role) => {
      const username = `new_${role.replace(' ', '_')}`
      return { path: 'auth/register', body: { username, email: `${username}@example.com`, password: '12345678', password_conf: '12345678' } }
    },
    ok: 200,
  },
  'POST /auth/login': { request: ({ accounts }) => ({ path: 'auth/login', body: { email: accounts.user.email, password: accounts.user.password } }), ok: 200 },
  'POST /auth/account/confirm': { request: () => ({ path: 'auth/account/confirm', body: { token: 'made-up' } }), ok: 200, everyone: 400 },
  'POST /auth/account/resend-confirmation': {
    request: () => ({ path: 'auth/account/resend-confirmation', body: { email: 'sam@example.com' } }),
    ok: 200,
  },
  'POST /auth/password/reset-request': { request: () => ({ path: 'auth/password/reset-request', body: { email: 'sam@example.com' } }), ok: 200 },
  'POST /auth/password/update': {
    request: () => ({ path: 'auth/password/update', body: { token: 'made-up', password: '12345678', password_conf: '12345678' } }),
    ok: 200,
    everyone: 401,
  },
  'POST /auth/email/update': { request: () => ({ path: 'auth/email/update', body: { token: 'made-up' } }), ok: 200, everyone: 400 },
  'GET /auth/profile': { request: () => ({ path: 'auth/profile' }), ok: 200 },
  'POST /auth/profile/edit': { request: () => ({ path: 'auth/profile/edit', body: { first_name: 'Sam' } }), ok: 200 },
  'PATCH /auth/profile/edit/account': {
    request: ({ accounts }, role) => ({
      path: 'auth/profile/edit/account',
      body: { email: accounts[role].email, password: accounts[role].password, new_password: 'another-pass-1' },
    }),
    ok: 200,
    fresh: true,
  },
  'POST /auth/profile/edit/preferences': {
    request: () => ({
      path: 'auth/profile/edit/preferences',
      body: { display_ascent: true, imperial_units: false, language: 'en', timezone: 'Europe/Paris', weekm: false },
    }),
    ok: 200,
  },
  'POST /auth/profile/edit/sports': { request: () => ({ path: 'auth/profile/edit/sports', body: { sport_id: 1, color: '#123456' } }), ok: 200 },
  'DELETE /auth/profile/reset/sports/:sportId': { request: () => ({ path: 'auth/profile/reset/sports/1' }), ok: 204 },
  'POST /auth/picture': { request: () => ({ path: 'auth/picture', form: pictureForm('me.png', TINY_PNG) }), ok: 200 },
  'DELETE /auth/picture': { request: () => ({ path: 'auth/picture' }), ok: 204, fresh: true },
  'GET /workouts': { request: () => ({ path: 'workouts' }), ok: 200 },
  'GET /workouts/:id': { request: (w) => ({ path: `workouts/${w.workoutId}` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /workouts': {
    request: async () => ({ path: 'workouts', form: trackForm(await fixture('gpx/gpx_file_with_segments.gpx')) }),
    ok: 201,
  },
  'POST /workouts/no_gpx': {
    request: () => ({ path: 'workouts/no_gpx', body: { sport_id: 1, duration: 3600, distance: 10, workout_date: '2024-05-01 10:00' } }),
    ok: 201,
  },
  'PATCH /workouts/:id': { request: (w) => ({ path: `workouts/${w.workoutId}`, body: { notes: 'mine' } }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'DELETE /workouts/:id': { request: (w) => ({ path: `workouts/${w.workoutId}` }), ok: 204, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  // Each caller's own watched folders and automatic imports (none here): nothing of another user's.
  'GET /automatic_imports': { request: () => ({ path: 'automatic_imports' }), ok: 200 },
  'GET /workouts/imports/:taskId': { request: (w) => ({ path: `workouts/imports/${w.taskId}` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  // Only an import a full disk stopped resumes (sam's is done): its owner is told so, others find nothing.
  'POST /workouts/imports/:taskId/resume': { request: (w) => ({ path: `workouts/imports/${w.taskId}/resume` }), ok: 409, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/chart_data': { request: (w) => ({ path: `workouts/${w.workoutId}/chart_data` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/chart_data/segment/:segment': {
    request: (w) => ({ path: `workouts/${w.workoutId}/chart_data/segment/1` }),
    ok: 200,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  'GET /workouts/:id/gpx': { request: (w) => ({ path: `workouts/${w.workoutId}/gpx` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/gpx/segment/:segment': {
    request: (w) => ({ path: `workouts/${w.workoutId}/gpx/segment/1` }),
    ok: 200,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  'GET /workouts/:id/map_line': { request: (w) => ({ path: `workouts/${w.workoutId}/map_line` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/gpx/download': { request: (w) => ({ path: `workouts/${w.workoutId}/gpx/download` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/map/:mapId': { request: (w) => ({ path: `workouts/map/${w.mapId}` }), ok: 200 },
  // No tile server is configured in tests: every caller gets the same refusal.
  'GET /workouts/map_tile/:z/:x/:y': { request: () => ({ path: 'workouts/map_tile/3/4/5.png' }), ok: 200, everyone: NOT_FOUND },
  'GET /workouts/map_tile/:s/:z/:x/:y': { request: () => ({ path: 'workouts/map_tile/a/3/4/5.png' }), ok: 200, everyone: NOT_FOUND },
  'GET /records': { request: () => ({ path: 'records' }), ok: 200 },
  'GET /workouts/:id/splits': { request: (w) => ({ path: `workouts/${w.workoutId}/splits?unit=km` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/zones': { request: (w) => ({ path: `workouts/${w.workoutId}/zones` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /records/personal_bests': { request: () => ({ path: 'records/personal_bests' }), ok: 200 },
  'GET /insights/recompute': { request: () => ({ path: 'insights/recompute' }), ok: 200 },
  'GET /heatmap': { request: () => ({ path: 'heatmap' }), ok: 200 },
  'GET /auth/tokens': { request: () => ({ path: 'auth/tokens' }), ok: 200 },
  'POST /auth/tokens': { request: () => ({ path: 'auth/tokens', body: { name: 'script', scope: 'read', expires_in_days: null } }), ok: 201 },
  'DELETE /auth/tokens/:tokenId': { request: (w) => ({ path: `auth/tokens/${w.accessTokenId}` }), ok: 204, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  // Administrators only; the refused callers change nothing, so the administrator's revoke comes last.
  'GET /users/:username/tokens': { request: () => ({ path: 'users/sam/tokens' }), ok: 200 },
  'DELETE /users/:username/tokens/:tokenId': { request: (w) => ({ path: `users/sam/tokens/${w.accessTokenId}` }), ok: 204 },
  'GET /insights/year_over_year': { request: () => ({ path: 'insights/year_over_year' }), ok: 200 },
  'GET /equipment-types': { request: () => ({ path: 'equipment-types' }), ok: 200 },
  'GET /equipment-types/:id': { request: () => ({ path: 'equipment-types/1' }), ok: 200 },
  'PATCH /equipment-types/:id': { request: () => ({ path: 'equipment-types/1', body: { is_active: true } }), ok: 200 },
  'GET /equipments': { request: () => ({ path: 'equipments' }), ok: 200 },
  'POST /equipments': { request: () => ({ path: 'equipments', body: { label: 'New shoes', equipment_type_id: 1 } }), ok: 201 },
  'GET /equipments/:id': { request: (w) => ({ path: `equipments/${w.equipmentId}` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'PATCH /equipments/:id': { request: (w) => ({ path: `equipments/${w.equipmentId}`, body: { description: 'mine' } }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /equipments/:id/refresh': { request: (w) => ({ path: `equipments/${w.equipmentId}/refresh` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'PATCH /equipment-defaults/:sportId': { request: (w) => ({ path: 'equipment-defaults/5', body: { equipment_ids: [w.equipmentId] } }), ok: 200, other: 400, admin: 400 },
  'GET /equipment-wear': { request: () => ({ path: 'equipment-wear' }), ok: 200 },
  'GET /equipments/:id/stats': { request: (w) => ({ path: `equipments/${w.equipmentId}/stats` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /equipments/:id/backfill': { request: (w) => ({ path: `equipments/${w.equipmentId}/backfill` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /equipments/:id/backfill': { request: (w) => ({ path: `equipments/${w.equipmentId}/backfill`, body: {} }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'DELETE /equipments/:id/backfill/:backfillId': { request: (w) => ({ path: `equipments/${w.equipmentId}/backfill/none` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /equipments/:id/components': { request: (w) => ({ path: `equipments/${w.bikeId}/components` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /equipments/:id/components': {
    request: (w) => ({ path: `equipments/${w.bikeId}/components`, body: { label: 'Tyres' } }),
    ok: 201,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  'PATCH /equipments/:id/components/:componentId': {
    request: (w) => ({ path: `equipments/${w.bikeId}/components/${w.componentId}`, body: { wear_limit_distance: 3000 } }),
    ok: 200,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  // Only sam's call retires the chain: the others are refused before (a second retirement would be a 400).
  'POST /equipments/:id/components/:componentId/retire': {
    request: (w) => ({ path: `equipments/${w.bikeId}/components/${w.componentId}/retire`, body: {} }),
    ok: 200,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  'DELETE /equipments/:id': { request: (w) => ({ path: `equipments/${w.equipmentId}` }), ok: 204, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  'POST /workouts/:id/share_links': { request: (w) => ({ path: `workouts/${w.workoutId}/share_links`, body: {} }), ok: 201, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/share_links': { request: (w) => ({ path: `workouts/${w.workoutId}/share_links` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'DELETE /workouts/:id/share_links/:linkId': {
    request: (w) => ({ path: `workouts/${w.workoutId}/share_links/${w.shareLinkId}` }),
    ok: 204,
    other: NOT_FOUND,
    admin: NOT_FOUND,
    fresh: true,
  },
  // Sam's workout is private: its link shows nothing, to anyone (the visibility matrix tests public ones).
  'GET /share/:token': { request: (w) => ({ path: `share/${w.shareToken}` }), ok: 200, everyone: NOT_FOUND },
  // Sam cannot follow himself; anyone else may ask to.
  'POST /users/:username/follow': { request: () => ({ path: 'users/sam/follow' }), ok: 400, other: 200, admin: 200, fresh: true },
  // Kim's waiting request is hers to withdraw; sam and the admin have nothing to undo.
  'POST /users/:username/unfollow': { request: () => ({ path: 'users/sam/unfollow' }), ok: NOT_FOUND, other: 200, fresh: true },
  'GET /users/:username/followers': { request: () => ({ path: 'users/sam/followers' }), ok: 200 },
  'GET /users/:username/following': { request: () => ({ path: 'users/sam/following' }), ok: 200 },
  'GET /follow-requests': { request: () => ({ path: 'follow-requests' }), ok: 200 },
  // Kim's request to sam: only sam answers it; to anyone else it does not exist.
  'POST /follow-requests/:username/accept': { request: () => ({ path: 'follow-requests/kim/accept' }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  'POST /follow-requests/:username/reject': { request: () => ({ path: 'follow-requests/kim/reject' }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  'GET /timeline': { request: () => ({ path: 'timeline' }), ok: 200 },
  // Each caller's own zones (one far from sam's track, so the other rows are unchanged).
  'GET /auth/privacy_zones': { request: () => ({ path: 'auth/privacy_zones' }), ok: 200 },
  'POST /auth/privacy_zones': { request: () => ({ path: 'auth/privacy_zones', body: { latitude: 0, longitude: 0, radius: 500 } }), ok: 201 },
  // Sam's zone: only sam deletes it; to anyone else it does not exist.
  'DELETE /auth/privacy_zones/:zoneId': { request: (w) => ({ path: `auth/privacy_zones/${w.zoneId}` }), ok: 204, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  // Sam's workout is private: its comments and likes are his alone; to anyone else the workout (and so the comment) does not exist.
  'POST /workouts/:id/comments': {
    request: (w) => ({ path: `workouts/${w.workoutId}/comments`, body: { text: 'Hello', text_visibility: 'public' } }),
    ok: 201,
    other: NOT_FOUND,
    admin: NOT_FOUND,
  },
  'GET /workouts/:id/comments': { request: (w) => ({ path: `workouts/${w.workoutId}/comments` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /comments/:commentId': { request: (w) => ({ path: `comments/${w.commentId}` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'PATCH /comments/:commentId': { request: (w) => ({ path: `comments/${w.commentId}`, body: { text: 'Edited' } }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'DELETE /comments/:commentId': { request: (w) => ({ path: `comments/${w.commentId}` }), ok: 204, other: NOT_FOUND, admin: NOT_FOUND, fresh: true },
  'POST /comments/:commentId/like': { request: (w) => ({ path: `comments/${w.commentId}/like` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /comments/:commentId/like/undo': { request: (w) => ({ path: `comments/${w.commentId}/like/undo` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /comments/:commentId/likes': { request: (w) => ({ path: `comments/${w.commentId}/likes` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /workouts/:id/like': { request: (w) => ({ path: `workouts/${w.workoutId}/like` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'POST /workouts/:id/like/undo': { request: (w) => ({ path: `workouts/${w.workoutId}/like/undo` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  'GET /workouts/:id/likes': { request: (w) => ({ path: `workouts/${w.workoutId}/likes` }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
  // Each caller's own notifications; sam's one (kim's request) is his alone: to anyone else it does not exist.
  'GET /notifications': { request: () => ({ path: 'notifications' }), ok: 200 },
  'GET /notifications/unread': { request: () => ({ path: 'notifications/unread' }), ok: 200 },
  'GET /notifications/types': { request: () => ({ path: 'notifications/types' }), ok: 200 },
  'POST /notifications/mark-all-as-read': { request: () => ({ path: 'notifications/mark-all-as-read', body: {} }), ok: 200 },
  // Administrators only: kim's public comment hidden and shown again; dora's sharing suspended and restored (nothing else of hers is called).
  'POST /comments/:commentId/suspension': { request: (w) => ({ path: `comments/${w.publicCommentId}/suspension` }), ok: 200 },
  'DELETE /comments/:commentId/suspension': { request: (w) => ({ path: `comments/${w.publicCommentId}/suspension` }), ok: 200 },
  'POST /users/:username/sharing_suspension': { request: () => ({ path: 'users/dora/sharing_suspension' }), ok: 200 },
  'DELETE /users/:username/sharing_suspension': { request: () => ({ path: 'users/dora/sharing_suspension' }), ok: 200 },
  'PATCH /notifications/:notificationId': { request: (w) => ({ path: `notifications/${w.notificationId}`, body: { read_status: true } }), ok: 200, other: NOT_FOUND, admin: NOT_FOUND },
}

function trackForm(bytes: Buffer): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes]), 'ride.gpx')
  form.append('data', JSON.stringify({ sport_id: 1 }))
  return form
}

/** The contract's description of a route (its access level). */
function endpointOf(route: string): EndpointSpec {
  const found = Object.values<EndpointSpec>(endpoints).find((endpoint) => `${endpoint.method} ${endpoint.path}` === route)
  if (!found) throw new Error(`${route} is routed but not in the contract`)
  return found
}

/** What each role gets: the access level decides 401/403, the row the rest. */
function expectedStatus(route: string, row: Row, role: Role): number {
  const { access } = endpointOf(route)
  if (access === 'public') return row.everyone ?? row.ok
  // Sam's workout is private: a visitor is told it does not exist, as another user is.
  if (access === 'optional' && role === 'anonymous') return row.anonymous ?? row.other ?? row.ok
  if (role === 'anonymous' || role === 'inactive') return 401
  if (access === 'admin') return role === 'admin' ? row.ok : 403
  if (role === 'other user') return row.other ?? row.ok
  if (role === 'admin') return row.admin ?? row.ok
  return row.ok
}

/**
 * A server (mailing to `smtp`) with sam's workout (and its map), import task and picture, and a
 * caller per role.
 */
async function createWorld(smtp: SmtpSink): Promise<World> {
  const { t, owner, sam } = await startWithOwnerAndSam({ email: { url: smtp.url, sender: 'Waymark <waymark@example.com>' } })
  const kim = await registerUser(t, 'kim', { activate: owner })
  const dora = await registerUser(t, 'dora', { activate: owner })
  // An account deactivated after logging in keeps a token that must stop working.
  await t.server.dataSource.manager.update(UserEntity, { username: 'dora' }, { isActive: false })
  const created = await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
  expect(created.status).toBe(201)
  const workout = created.body.data.workouts[0]
  const archive = await upload<ImportTaskResponse>(t, sam.token, 'rides.zip', buildZip([{ name: 'a.gpx', data: 'not a ride' }]))
  expect(archive.status).toBe(202)
  expect((await t.api('POST', 'auth/picture', { token: sam.token, form: pictureForm('me.png', TINY_PNG) })).status).toBe(200)
  const shoes = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Pegasus', equipment_type_id: 1 } })
  expect(shoes.status).toBe(201)
  const bike = await t.api<EquipmentsResponse>('POST', 'equipments', { token: sam.token, body: { label: 'Bike', equipment_type_id: 2 } })
  const bikeId = String(bike.body.data.equipments[0]?.id)
  const chain = await t.api<ComponentsResponse>('POST', `equipments/${bikeId}/components`, { token: sam.token, body: { label: 'Chain' } })
  expect(chain.status).toBe(201)
  const accessToken = await t.api<CreatedTokenResponse>('POST', 'auth/tokens', { token: sam.token, body: { name: 'sync', scope: 'read', expires_in_days: null } })
  expect(accessToken.status).toBe(201)
  const shareLink = await t.api<ShareLinkResponse>('POST', `workouts/${String(workout?.id)}/share_links`, { token: sam.token, body: {} })
  expect(shareLink.status).toBe(201)
  const zone = await t.api<PrivacyZoneResponse>('POST', 'auth/privacy_zones', { token: sam.token, body: { latitude: -45, longitude: 170, radius: 300 } })
  expect(zone.status).toBe(201)
  const comment = await t.api<CommentCreatedResponse>('POST', `workouts/${String(workout?.id)}/comments`, { token: sam.token, body: { text: 'Windy', text_visibility: 'public' } })
  expect(comment.status).toBe(201)
  const kimsRide = await t.api<WorkoutsResponse>('POST', 'workouts/no_gpx', {
    token: kim.token,
    body: { sport_id: 1, duration: 600, distance: 2, workout_date: '2024-05-02 10:00', workout_visibility: 'public' },
  })
  const kimsComment = await t.api<CommentCreatedResponse>('POST', `workouts/${String(kimsRide.body.data.workouts[0]?.id)}/comments`, {
    token: kim.token,
    body: { text: 'Mine', text_visibility: 'public' },
  })
  expect(kimsComment.status).toBe(201)
  for (const username of NEVER_ACTIVATED)
    expect((await t.api('POST', 'auth/register', { body: { username, email: `${username}@example.com`, password: '12345678' } })).status).toBe(200)
  // Sam approves followers by hand (the default): kim's request waits for him.
  expect((await t.api('POST', 'users/sam/follow', { token: kim.token })).status).toBe(200)
  const notifications = await t.api<NotificationsResponse>('GET', 'notifications', { token: sam.token })
  expect(notifications.body.notifications.map((notification) => notification.type)).toEqual(['follow_request'])
  // The map is drawn and the archive imported in the background.
  await t.server.settled()
  return {
    t,
    accounts: { anonymous: sam, inactive: dora, user: sam, 'other user': kim, admin: owner },
    tokens: { anonymous: undefined, inactive: dora.token, user: sam.token, 'other user': kim.token, admin: owner.token },
    workoutId: String(workout?.id),
    mapId: String(workout?.map),
    taskId: archive.body.data.task.id,
    accessTokenId: accessToken.body.data.token.id,
    equipmentId: String(shoes.body.data.equipments[0]?.id),
    bikeId,
    componentId: String(chain.body.data.components[0]?.id),
    shareLinkId: shareLink.body.data.share_link.id,
    shareToken: String(shareLink.body.data.share_link.token),
    zoneId: zone.body.data.privacy_zone.id,
    commentId: comment.body.comment.id,
    notificationId: notifications.body.notifications[0]?.id ?? '',
    publicCommentId: kimsComment.body.comment.id,
  }
}

type Answer = [Role, number] | [Role, number, string | undefined]

/** Sends a route's request as a role: the status and the body's text. */
async function send(world: World, route: string, request: Request, role: Role): Promise<{ status: number; text: string }> {
  const token = world.tokens[role]
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${world.t.url}/api/${request.path}`, {
    method: route.split(' ')[0] ?? 'GET',
    headers,
    body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  })
  return { status: response.status, text: await response.text() }
}

/** Calls the route as a role: the status, and the catalogue code of a refusal the matrix knows. */
async function call(world: World, route: string, row: Row, role: Role): Promise<Answer> {
  const { status, text } = await send(world, route, await row.request(world, role), role)
  if (expectedCode(route, status) === undefined) return [role, status]
  return [role, status, (JSON.parse(text) as { code?: string }).code]
}

const CODES: Record<number, string> = { 401: 'auth_token_missing', 403: 'forbidden' }

/** The code of a refusal by access level (401/403) or of another user's id (404). */
function expectedCode(route: string, status: number): string | undefined {
  if (status < 400 || endpointOf(route).access === 'public') return undefined
  if (CODES[status]) return CODES[status]
  if (status !== NOT_FOUND || !route.includes('/workouts/')) return undefined
  if (route.includes(':taskId')) return 'import_task_not_found'
  return route.includes(':id') ? 'workout_not_found' : undefined
}

type Towards = Record<Role, [number] | [number, string]>

/** What signed-in callers other than administrators get (`others`) and what administrators get; callers without a valid token are refused first. */
const towards = (others: [number, string], admin: [number] | [number, string]): Towards => ({
  anonymous: [401, 'auth_token_missing'],
  inactive: [401, 'auth_token_missing'],
  user: others,
  'other user': others,
  admin,
})
/** Told an account never activated does not exist, unless an administrator, who manages it. */
const hidden = (admin: [number] | [number, string]) => towards([404, 'user_not_found'], admin)
/** Administrators' routes: refused to others as for any account. */
const adminOnly = (admin: [number] | [number, string]) => towards([403, 'forbidden'], admin)

/**
 * Every route naming a user, called by each caller towards pat, registered and never activated:
 * it cannot be seen, followed or listed; it has no picture; only administrators see and manage it.
 * (It cannot act itself: it has no token, and logging in is refused, see the auth tests.)
 */
const TOWARDS_NEVER_ACTIVATED: Record<string, { request: (w: World) => Request; expected: Towards }> = {
  'GET /stats/:username/by_time': { request: () => ({ path: 'stats/pat/by_time?time=month' }), expected: adminOnly([200]) },
  'GET /stats/:username/by_sport': { request: () => ({ path: 'stats/pat/by_sport' }), expected: adminOnly([200]) },
  'GET /users/:username': { request: () => ({ path: 'users/pat' }), expected: hidden([200]) },
  // Without activating it, so the rows after still see it waiting.
  'PATCH /users/:username': { request: () => ({ path: 'users/pat', body: { admin: false } }), expected: adminOnly([200]) },
  'DELETE /users/:username': { request: () => ({ path: 'users/pia' }), expected: { ...adminOnly([204]), user: [403, 'forbidden'] } },
  'GET /users/:username/picture': {
    request: () => ({ path: 'users/pat/picture' }),
    expected: Object.fromEntries(ROLES.map((role) => [role, [404, 'picture_not_found']])) as Towards,
  },
  // An administrator finds the account, but none of its workouts to open.
  'GET /users/:username/workouts': { request: () => ({ path: 'users/pat/workouts' }), expected: hidden([200]) },
  'GET /users/:username/tokens': { request: () => ({ path: 'users/pat/tokens' }), expected: adminOnly([200]) },
  // Sam's token is not pat's: administrators find no such token of pat's.
  'DELETE /users/:username/tokens/:tokenId': { request: (w) => ({ path: `users/pat/tokens/${w.accessTokenId}` }), expected: adminOnly([404, 'access_token_not_found']) },
  'POST /users/:username/follow': { request: () => ({ path: 'users/pat/follow' }), expected: hidden([404, 'user_not_found']) },
  'POST /users/:username/unfollow': { request: () => ({ path: 'users/pat/unfollow' }), expected: hidden([404, 'user_not_found']) },
  'GET /users/:username/followers': { request: () => ({ path: 'users/pat/followers' }), expected: hidden([404, 'user_not_found']) },
  'GET /users/:username/following': { request: () => ({ path: 'users/pat/following' }), expected: hidden([404, 'user_not_found']) },
  'POST /follow-requests/:username/accept': { request: () => ({ path: 'follow-requests/pat/accept' }), expected: hidden([404, 'user_not_found']) },
  'POST /follow-requests/:username/reject': { request: () => ({ path: 'follow-requests/pat/reject' }), expected: hidden([404, 'user_not_found']) },
  'POST /users/:username/sharing_suspension': { request: () => ({ path: 'users/pat/sharing_suspension' }), expected: adminOnly([200]) },
  'DELETE /users/:username/sharing_suspension': { request: () => ({ path: 'users/pat/sharing_suspension' }), expected: adminOnly([200]) },
}


describe('permission matrix: every route × every caller, on real resources', () => {
  let smtp: SmtpSink
  let shared: World
  beforeAll(async () => {
    smtp = await startSmtpSink()
    shared = await createWorld(smtp)
  }, FRESH_WORLDS_TIMEOUT_MS)
  afterAll(async () => {
    await shared.t.close()
    await smtp.close()
  })

  it('has a row for every route the router answers, and no other', async () => {
    const t = await startTestServer()
    try {
      const routed = t.server.routes.map((route) => `${route.method} ${route.path.replace(/^\/api/, '')}`)
      expect(routed.length).toBeGreaterThan(40)
      expect(Object.keys(MATRIX).sort()).toEqual([...new Set(routed)].sort())
    } finally {
      await t.close()
    }
  })

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const answers: Answer[] = []
    for (const role of ROLES) {
      if (!row.fresh) answers.push(await call(shared, route, row, role))
      else {
        const world = await createWorld(smtp)
        try {
          answers.push(await call(world, route, row, role))
        } finally {
          await world.t.close()
        }
      }
    }
    expect(answers).toEqual(
      ROLES.map((role): Answer => {
        const status = expectedStatus(route, row, role)
        const code = expectedCode(route, status)
        return code === undefined ? [role, status] : [role, status, code]
      }),
    )
  }, FRESH_WORLDS_TIMEOUT_MS)

  it('has a row towards an account never activated for every route naming a user', () => {
    expect(Object.keys(TOWARDS_NEVER_ACTIVATED).sort()).toEqual(Object.keys(MATRIX).filter((route) => route.includes(':username')).sort())
  })

  // After the matrix above, which calls nothing of pat's or pia's.
  it.each(Object.entries(TOWARDS_NEVER_ACTIVATED))('%s towards an account never activated', async (route, row) => {
    const answers: [Role, number, string | undefined][] = []
    for (const role of ROLES) {
      const { status, text } = await send(shared, route, row.request(shared), role)
      answers.push([role, status, status >= 400 ? (JSON.parse(text) as { code?: string }).code : undefined])
    }
    expect(answers).toEqual(ROLES.map((role) => [role, row.expected[role][0], row.expected[role][1]]))
    // Never activated by any of these calls.
    const seen = await shared.t.api<UserResponse>('GET', 'users/pat', { token: shared.tokens.admin })
    expect(seen.body.data.users[0]).toMatchObject({ username: 'pat', is_active: false })
  })
})
