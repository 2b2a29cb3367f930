import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { endpoints, sportIdParam } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { bind, type Authenticate } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import { uploadedFile } from '../../http/uploads'
import type { UsersService } from '../users/users.service'
import type { AuthService } from './auth.service'

export function authRoutes(
  router: Router,
  authenticate: Authenticate,
  auth: AuthService,
  users: UsersService,
  pictureUpload: Middleware,
  cache: ReadCache,
): void {
  bind(router, authenticate, endpoints.register, ({ body, ctx }) => auth.register(body, ctx.ip))
  bind(router, authenticate, endpoints.login, ({ body, ctx }) => auth.login(body, ctx.ip))
  bind(router, authenticate, endpoints.confirmAccount, ({ body }) => auth.confirmAccount(body.token))
  bind(router, authenticate, endpoints.resendConfirmation, ({ body, ctx }) => auth.resendConfirmation(body.email, ctx.ip))
  bind(router, authenticate, endpoints.requestPasswordReset, ({ body, ctx }) => auth.requestPasswordReset(body.email, ctx.ip))
  bind(router, authenticate, endpoints.updatePassword, ({ body }) => auth.updatePassword(body))
  bind(router, authenticate, endpoints.confirmEmail, ({ body }) => auth.confirmEmail(body.token))
  bind(router, authenticate, endpoints.getProfile, ({ user }) => auth.profile(user), { cache })
  bind(router, authenticate, endpoints.editProfile, ({ user, body }) => auth.editProfile(user, body))
  bind(router, authenticate, endpoints.editAccount, ({ user, body }) => auth.editAccount(user, body))
  bind(router, authenticate, endpoints.editPreferences, ({ user, body }) => auth.editPreferences(user, body))
  bind(router, authenticate, endpoints.editSportPreferences, ({ user, body }) => auth.editSportPreferences(user, body))
  bind(router, authenticate, endpoints.resetSportPreferences, async ({ user, params }) => {
    const sportId = sportIdParam.safeParse(params.sportId)
    if (!sportId.success) throw new AppError('sport_not_found')
    await auth.resetSportPreferences(user, sportId.data)
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
