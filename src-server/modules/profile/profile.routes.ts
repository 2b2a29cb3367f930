import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { endpoints, sportIdParam } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { bind, type Authenticate } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import { uploadedFile } from '../../http/uploads'
import type { UsersService } from '../users/users.service'
import type { ProfileService } from './profile.service'

export function profileRoutes(
  router: Router,
  authenticate: Authenticate,
  profile: ProfileService,
  users: UsersService,
  pictureUpload: Middleware,
  cache: ReadCache,
): void {
  bind(router, authenticate, endpoints.getProfile, ({ user }) => profile.get(user), { cache })
  bind(router, authenticate, endpoints.editProfile, ({ user, body }) => profile.editProfile(user, body))
  bind(router, authenticate, endpoints.editAccount, ({ user, body, ctx }) =>
    profile.editAccount(user, body, /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1] ?? ''),
  )
  bind(router, authenticate, endpoints.editPreferences, ({ user, body }) => profile.editPreferences(user, body))
  bind(router, authenticate, endpoints.editSportPreferences, ({ user, body }) => profile.editSportPreferences(user, body))
  bind(router, authenticate, endpoints.resetSportPreferences, async ({ user, params }) => {
    const sportId = sportIdParam.safeParse(params.sportId)
    if (!sportId.success) throw new AppError('sport_not_found')
    await profile.resetSportPreferences(user, sportId.data)
    return undefined
  })
  bind(
    router,
    authenticate,
    endpoints.uploadPicture,
    async ({ user, ctx }) => {
      const file = uploadedFile(ctx)
      await users.setPicture(user, file.path, file.originalname)
      return { status: 'success' as const, message: 'user picture updated' }
    },
    { upload: pictureUpload },
  )
  bind(router, authenticate, endpoints.deletePicture, async ({ user }) => {
    await users.deletePicture(user)
    return undefined
  })
}
