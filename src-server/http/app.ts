import { bodyParser } from '@koa/bodyparser'
import Router from '@koa/router'
import Koa from 'koa'
import { endpoints } from '../../src/contracts'
import { AppError } from '../../src/errors'
import type { ServerContext } from '../context'
import type { Database } from '../db/repositories'
import { readSettings } from '../modules/app-config/app-config.service'
import { appConfigRoutes } from '../modules/app-config/app-config.routes'
import { createAppConfigService } from '../modules/app-config/app-config.service'
import { accessTokenRoutes } from '../modules/access-tokens/access-tokens.routes'
import { createAccessTokens } from '../modules/access-tokens/access-tokens.service'
import { createAccountMail } from '../modules/auth/account-mail'
import { authRoutes } from '../modules/auth/auth.routes'
import { createAuthService } from '../modules/auth/auth.service'
import { createInsightsRecompute } from '../modules/insights/insights-recompute'
import { insightsRoutes } from '../modules/insights/insights.routes'
import { createInsightsService } from '../modules/insights/insights.service'
import { profileRoutes } from '../modules/profile/profile.routes'
import { createProfileService } from '../modules/profile/profile.service'
import { equipmentRoutes } from '../modules/equipment/equipment.routes'
import { createEquipmentService } from '../modules/equipment/equipment.service'
import { sportsRoutes } from '../modules/sports/sports.routes'
import { createSportsService } from '../modules/sports/sports.service'
import { createRecordsService } from '../modules/records/records.service'
import { createAppStatsService } from '../modules/stats/app-stats.service'
import { statsRoutes } from '../modules/stats/stats.routes'
import { createStatsService } from '../modules/stats/stats.service'
import { usersRoutes } from '../modules/users/users.routes'
import { createUsersService } from '../modules/users/users.service'
import type { ImportTasks } from '../modules/workouts/archive-import'
import type { FolderWatcher } from '../modules/watch/folder-watcher'
import { createMapFiles } from '../modules/workouts/map-files'
import { createWorkoutUploads } from '../modules/workouts/workout-upload'
import { workoutsRoutes } from '../modules/workouts/workouts.routes'
import { sharingRoutes } from '../modules/sharing/sharing.routes'
import { createPrivacyZones } from '../modules/sharing/privacy-zones.service'
import { createShareLinks } from '../modules/sharing/share-links.service'
import { createFollows } from '../modules/sharing/follows.service'
import { createComments } from '../modules/sharing/comments.service'
import { createModeration } from '../modules/sharing/moderation.service'
import { createNotifications, createNotifier } from '../modules/sharing/notifications.service'
import { createTimeline } from '../modules/sharing/timeline.service'
import { unpackedName } from '../modules/workouts/packed-track-file'
import { trackExtension } from '../modules/workouts/workout-import'
import { createWorkoutsService } from '../modules/workouts/workouts.service'
import { bind, type Authenticate } from './bind'
import { answerCompression, streamCompression } from './compression'
import { errorHandler } from './error-handler'
import { openApiDocument } from './openapi'
import { securityHeaders } from './security-headers'
import { staticUi } from './static-ui'
import { singleFileUpload } from './uploads'

/** JSON bodies are small forms; anything bigger is refused before it is read. */
const JSON_BODY_LIMIT = '256kb'

/** A bound API call: method and path as the router matches it (`/api/workouts/:id`). */
export interface ApiRoute {
  method: string
  path: string
}

/**
 * Assembles the Koa application: error handling and security headers first, then the API under
 * `/api` (unknown calls answer 404 JSON), then the built UI with its client-side routes.
 * `routes` lists every bound API call (the OpenAPI document is checked against it).
 */
export function createApp(context: ServerContext, parts: { database: Database; imports: ImportTasks; watcher: FolderWatcher }): { app: Koa; routes: readonly ApiRoute[] } {
  const app = new Koa({ proxy: false })
  // Errors are answered by the error handler; Koa's default printer would log them twice.
  app.silent = true

  const { config, layout, mailer, passwords, tokens, now } = context
  const { database, imports, watcher } = parts
  const accountMail = createAccountMail({ publicUrl: config.publicUrl, mailer, tokens, now })
  const accessTokens = createAccessTokens({ database, now })
  const auth = createAuthService(
    { database, passwords, tokens, limits: context.limits, mailer, sessions: context.sessions, setupCode: context.setupCode, now },
    accountMail,
    accessTokens,
  )
  const users = createUsersService({ database, mailer, passwords: context.passwords, layout, accountMail, now: context.now })
  const sports = createSportsService({ database })
  const equipment = createEquipmentService({ database, now: context.now })
  const appConfig = createAppConfigService({
    database,
    emailSending: mailer.enabled,
    tiles: config.tiles,
    version: config.version,
    hosting: config.hosting ?? 'server',
  })
  const appStats = createAppStatsService({ database, layout })
  const workouts = createWorkoutsService(context)
  const stats = createStatsService({ database })
  const records = createRecordsService({ database })
  const insights = createInsightsService({ database, now: context.now })
  // Earlier workouts get their insights in the background, once per start until none is missing.
  const insightsRecompute = createInsightsRecompute({
    database,
    compute: context.compute,
    uploadsDir: layout.uploads,
    background: context.background,
    logger: config.logger,
  })
  insightsRecompute.start()
  const authenticate: Authenticate = (authorization, endpoint) => auth.authenticate(authorization, endpoint)

  const settings = () => readSettings(database.reads)
  const pictureUpload = singleFileUpload(context.layout.tmp, async () => (await settings()).maxSingleFileSize)
  // Archives may be larger than single files; the route refuses a single file over its own limit.
  // A track file is hashed here as it arrives (the import needs its hash first), and read (parsed)
  // meanwhile by a compute thread when one is free; archives and packed files are neither.
  const singleTrack = (name: string) => trackExtension(name) !== null && unpackedName(name) === name
  const workoutUpload = singleFileUpload(
    context.layout.tmp,
    async () => {
      const { maxSingleFileSize, maxZipFileSize } = await settings()
      return Math.max(maxSingleFileSize, maxZipFileSize)
    },
    { hashWhen: singleTrack, readWhile: (name, sizeHint) => (singleTrack(name) ? context.compute.readArriving(sizeHint) : null) },
  )

  const api = new Router({ prefix: '/api' })
  api.use(bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' }))
  appConfigRoutes(api, authenticate, appConfig, appStats, context.config.logger)
  sportsRoutes(api, authenticate, sports, context.readCache)
  equipmentRoutes(api, authenticate, equipment)
  usersRoutes(api, authenticate, users)
  authRoutes(api, authenticate, auth)
  accessTokenRoutes(api, authenticate, accessTokens, users)
  profileRoutes(api, authenticate, createProfileService({ database, passwords, tokens, mailer, now }, accountMail), users, pictureUpload, context.readCache)
  const workoutServices = { workouts, uploads: createWorkoutUploads(context, workouts, imports), maps: createMapFiles(context), watcher }
  workoutsRoutes(api, authenticate, context.readCache, workoutServices, workoutUpload)
  const notifier = createNotifier({ mailer, publicUrl: config.publicUrl, now })
  const comments = createComments({ database, now: context.now, publicUrl: config.publicUrl }, workouts, notifier)
  sharingRoutes(api, authenticate, {
    shareLinks: createShareLinks(context, workouts),
    follows: createFollows({ database, now: context.now }, notifier),
    timeline: createTimeline({ database }),
    privacyZones: createPrivacyZones(context),
    comments,
    notifications: createNotifications({ database }, comments, workouts),
    moderation: createModeration({ database, maps: context.maps, now: context.now }),
  })
  statsRoutes(api, authenticate, stats, records, context.readCache)
  insightsRoutes(api, authenticate, insights, insightsRecompute, context.readCache)
  const document = openApiDocument(context.config.version)
  bind(api, authenticate, endpoints.getOpenApiDocument, () => Promise.resolve(document))
  // Read before the catch-all: layers with methods are the bound calls (`use` layers have none).
  const routes = api.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })))
  api.all('/{*rest}', () => {
    throw new AppError('route_not_found')
  })

  app.use(errorHandler(context.config.logger))
  app.use(securityHeaders())
  app.use(streamCompression)
  app.use(answerCompression())
  app.use(api.routes())
  if (context.config.webRoot) app.use(staticUi(context.config.webRoot))
  return { app, routes }
}
