import { createReadStream } from 'node:fs'
import { rename } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { endpoints, uploadDataSchema } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { bind, type Authenticate, type Handler } from '../../http/bind'
import { uploadedFile } from '../../http/uploads'
import { randomToken } from '../../lib/secrets'
import { readSettings } from '../app-config/app-config.service'
import type { ImportTasks } from './archive-import'
import { TRACK_EXTENSIONS } from './workout-import'
import { importWorkoutFile } from './workout-import'
import type { WorkoutsService } from './workouts.service'

const CONTENT_TYPES: Record<string, string> = {
  gpx: 'application/gpx+xml',
  tcx: 'application/vnd.garmin.tcx+xml',
  fit: 'application/vnd.ant.fit',
}

/** The `data` field of an upload: JSON text with the sport and optional title and notes. */
function uploadChoices(fields: unknown) {
  const text = typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>).data : undefined
  if (typeof text !== 'string') throw new AppError('invalid_payload')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AppError('invalid_payload')
  }
  const result = uploadDataSchema.safeParse(parsed)
  if (!result.success) throw new AppError('invalid_payload')
  return { sportId: result.data.sport_id, title: result.data.title, notes: result.data.notes, detectSport: result.data.detect_sport ?? false }
}

export function workoutsRoutes(
  router: Router,
  authenticate: Authenticate,
  context: ServerContext,
  workouts: WorkoutsService,
  imports: ImportTasks,
  workoutUpload: Middleware,
): void {
  const cached = { cache: context.readCache }
  bind(router, authenticate, endpoints.listWorkouts, ({ user, query }) => workouts.list(user, query), cached)
  bind(router, authenticate, endpoints.createWorkoutWithoutFile, async ({ user, body, ctx }) => {
    const answer = await workouts.createWithoutFile(user, body)
    ctx.status = 201
    return answer
  })
  bind(router, authenticate, endpoints.getImportTask, async ({ user, params }) => {
    const task = await imports.get(user.id, params.taskId)
    if (!task) throw new AppError('import_task_not_found')
    return { status: task.status === 'in_progress' ? ('in_progress' as const) : ('success' as const), data: { task } }
  })
  bind(router, authenticate, endpoints.getMap, async ({ params, ctx }) => {
    // Public like the reference tracker's: the unguessable id is the secret, and <img> sends no token.
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(params.mapId)) throw new AppError('map_not_found')
    const path = join(context.layout.maps, `${params.mapId}.png`)
    try {
      ctx.body = createReadStream(path)
      await new Promise((resolve, reject) => (ctx.body as NodeJS.ReadableStream).once('open', resolve).once('error', reject))
    } catch {
      throw new AppError('map_not_found')
    }
    ctx.type = 'image/png'
    ctx.set('Cache-Control', 'private, max-age=86400, immutable')
    return undefined
  })
  const tile: Handler<typeof endpoints.getMapTile> = async ({ params, ctx }) => {
    // The interactive map's tiles come through the app: cached once for every device on the
    // network, and the page only ever talks to its own origin.
    const [z, x, y] = [params.z, params.x, params.y.replace(/\.png$/, '')].map((value) => (/^\d{1,7}$/.test(value) ? Number(value) : NaN))
    if (!context.tiles || z === undefined || x === undefined || y === undefined || !(z <= 19) || !(x < 2 ** z) || !(y < 2 ** z)) {
      throw new AppError('map_not_found')
    }
    const bytes = await context.tiles.bytes(z, x, y)
    if (!bytes) throw new AppError('map_not_found')
    ctx.type = 'image/png'
    ctx.set('Cache-Control', 'public, max-age=604800')
    ctx.body = bytes
    return undefined
  }
  bind(router, authenticate, endpoints.getMapTile, tile)
  bind(router, authenticate, endpoints.getMapTileWithSubdomain, tile)
  bind(router, authenticate, endpoints.getWorkout, ({ user, params }) => workouts.get(user, params.id), cached)
  bind(router, authenticate, endpoints.updateWorkout, ({ user, params, body }) => workouts.update(user, params.id, body))
  bind(router, authenticate, endpoints.deleteWorkout, async ({ user, params }) => {
    await workouts.remove(user, params.id)
    return undefined
  })
  bind(router, authenticate, endpoints.getChartData, ({ user, params }) => workouts.chartData(user, params.id), cached)
  bind(router, authenticate, endpoints.getSegmentChartData, ({ user, params }) => workouts.chartData(user, params.id, params.segment), cached)
  bind(router, authenticate, endpoints.getGpx, ({ user, params }) => workouts.gpx(user, params.id), cached)
  bind(router, authenticate, endpoints.getSegmentGpx, ({ user, params }) => workouts.gpx(user, params.id, params.segment), cached)
  bind(router, authenticate, endpoints.downloadFile, async ({ user, params, ctx }) => {
    const file = await workouts.originalFile(user, params.id)
    ctx.type = CONTENT_TYPES[file.format] ?? 'application/octet-stream'
    ctx.attachment(file.name)
    ctx.body = createReadStream(file.path)
    return undefined
  })

  bind(router, authenticate, endpoints.createWorkout, async ({ user, ctx }) => {
    const file = uploadedFile(ctx)
    const extension = extname(file.originalname).toLowerCase()
    if (extension !== '.zip' && !TRACK_EXTENSIONS.has(extension)) throw new AppError('file_extension_not_allowed')
    const choices = uploadChoices(ctx.request.body)
    const settings = await readSettings(context.db.manager)

    if (extension === '.zip') {
      // The archive outlives this request: move it out of the upload's reach before it ends.
      const kept = join(context.layout.tmp, `archive-${randomToken()}.zip`)
      await rename(file.path, kept)
      const task = await imports.start(user, kept, choices, {
        maxFiles: settings.gpxLimitImport,
        maxFileBytes: settings.maxSingleFileSize,
        maxArchiveBytes: settings.maxZipFileSize,
      })
      ctx.status = 202
      return { status: 'in_progress' as const, data: { task } }
    }

    if (file.size > settings.maxSingleFileSize) throw new AppError('file_too_large')
    const outcome = await importWorkoutFile(context, user, file.path, file.originalname, choices)
    if (outcome.status === 'duplicate') throw new AppError('workout_duplicate')
    ctx.status = 201
    return workouts.respondCreated(user, outcome.workouts, outcome.warnings)
  }, { upload: workoutUpload })
}
