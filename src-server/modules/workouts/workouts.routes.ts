import { createReadStream } from 'node:fs'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate, type Handler } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import { uploadedFile } from '../../http/uploads'
import type { FolderWatcher } from '../watch/folder-watcher'
import type { MapFiles } from './map-files'
import type { WorkoutUploads } from './workout-upload'
import type { WorkoutsService } from './workouts.service'
import { removeFiles } from './workout-files'

export function workoutsRoutes(
  router: Router,
  authenticate: Authenticate,
  cache: ReadCache,
  services: { workouts: WorkoutsService; uploads: WorkoutUploads; maps: MapFiles; watcher: FolderWatcher },
  workoutUpload: Middleware,
): void {
  const { workouts, uploads, maps, watcher } = services
  const cached = { cache }
  bind(router, authenticate, endpoints.listWorkouts, ({ user, query }) => workouts.list(user, query), cached)
  bind(router, authenticate, endpoints.listUserWorkouts, ({ user, params, query }) => workouts.listOfUser(user, params.username, query))
  bind(router, authenticate, endpoints.createWorkoutWithoutFile, async ({ user, body, ctx }) => {
    ctx.status = 201
    return workouts.createWithoutFile(user, body)
  })
  bind(router, authenticate, endpoints.getImportTask, ({ user, params }) => uploads.task(user, params.taskId))
  bind(router, authenticate, endpoints.resumeImportTask, ({ user, params }) => uploads.resumeTask(user, params.taskId))
  bind(router, authenticate, endpoints.listAutomaticImports, ({ user }) => watcher.list(user))
  bind(router, authenticate, endpoints.getMap, async ({ params, ctx }) => {
    ctx.body = await maps.image(params.mapId)
    ctx.type = 'image/png'
    ctx.set('Cache-Control', 'private, max-age=86400, immutable')
    return undefined
  })
  const tile: Handler<typeof endpoints.getMapTile> = async ({ params, ctx }) => {
    ctx.body = await maps.tile(params.z, params.x, params.y)
    ctx.type = 'image/png'
    ctx.set('Cache-Control', 'public, max-age=604800')
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
  // Sent as kept gzip bytes to whoever takes gzip (every browser) and sees the whole chart.
  bind(
    router,
    authenticate,
    endpoints.getChartData,
    async ({ user, params, ctx }) => {
      if (ctx.acceptsEncodings('gzip') !== 'gzip') return workouts.chartData(user, params.id)
      const answer = await workouts.gzippedChartData(user, params.id)
      if (!Buffer.isBuffer(answer)) return answer
      ctx.type = 'application/json'
      ctx.set('Content-Encoding', 'gzip')
      ctx.body = answer
      return undefined
    },
    cached,
  )
  bind(router, authenticate, endpoints.getSegmentChartData, ({ user, params }) => workouts.chartData(user, params.id, params.segment), cached)
  // Streamed from the file a compute thread wrote, not cached: the answer of the longest track the
  // limits accept is ~100 MB of JSON, which held in memory took the server past 2 GB for 3 at once.
  const gpx = async (ctx: Context, answer: Promise<{ path: string; size: number }>) => {
    const { path, size } = await answer
    const stream = createReadStream(path)
    // Koa destroys the stream once the answer is sent or the client is gone: the file goes then
    // (and with tmp/ at the next start, after a crash).
    stream.once('close', () => void removeFiles([path]))
    ctx.type = 'application/json'
    ctx.length = size
    ctx.body = stream
    return undefined
  }
  bind(router, authenticate, endpoints.getGpx, ({ user, params, ctx }) => gpx(ctx, workouts.gpx(user, params.id)))
  bind(router, authenticate, endpoints.getSegmentGpx, ({ user, params, ctx }) => gpx(ctx, workouts.gpx(user, params.id, params.segment)))
  bind(router, authenticate, endpoints.getMapLine, ({ user, params }) => workouts.mapLine(user, params.id), cached)
  bind(router, authenticate, endpoints.downloadFile, async ({ user, params, ctx }) => {
    const file = await workouts.originalFile(user, params.id)
    ctx.type = file.contentType
    ctx.attachment(file.name)
    ctx.body = createReadStream(file.path)
    return undefined
  })
  bind(router, authenticate, endpoints.createWorkout, async ({ user, ctx }) => {
    const answer = await uploads.receive(user, uploadedFile(ctx), ctx.request.body, ctx.get('prefer'))
    if (answer.preferenceApplied) ctx.set('Preference-Applied', 'respond-async')
    ctx.status = answer.httpStatus
    return answer.body
  }, { upload: workoutUpload })
}
