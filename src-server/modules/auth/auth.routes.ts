import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { AuthService } from './auth.service'

export function authRoutes(router: Router, authenticate: Authenticate, auth: AuthService): void {
  bind(router, authenticate, endpoints.register, ({ body, ctx }) => auth.register(body, ctx.ip))
  bind(router, authenticate, endpoints.login, ({ body, ctx }) => auth.login(body, ctx.ip))
  bind(router, authenticate, endpoints.confirmAccount, ({ body }) => auth.confirmAccount(body.token))
  bind(router, authenticate, endpoints.resendConfirmation, ({ body, ctx }) => auth.resendConfirmation(body.email, ctx.ip))
  bind(router, authenticate, endpoints.requestPasswordReset, ({ body, ctx }) => auth.requestPasswordReset(body.email, ctx.ip))
  bind(router, authenticate, endpoints.updatePassword, ({ body }) => auth.updatePassword(body))
  bind(router, authenticate, endpoints.confirmEmail, ({ body }) => auth.confirmEmail(body.token))
}
