import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { UsersService } from '../users/users.service'
import type { AccessTokens } from './access-tokens.service'

export function accessTokenRoutes(router: Router, authenticate: Authenticate, accessTokens: AccessTokens, users: UsersService): void {
  bind(router, authenticate, endpoints.listAccessTokens, ({ user }) => accessTokens.list(user))
  bind(router, authenticate, endpoints.createAccessToken, async ({ user, body, ctx }) => {
    ctx.status = 201
    return accessTokens.create(user, body)
  })
  bind(router, authenticate, endpoints.revokeAccessToken, async ({ user, params }) => {
    await accessTokens.revoke(user, params.tokenId)
    return undefined
  })
  bind(router, authenticate, endpoints.listUserAccessTokens, async ({ params }) => accessTokens.list(await users.findByUsername(params.username)))
  bind(router, authenticate, endpoints.revokeUserAccessToken, async ({ params }) => {
    await accessTokens.revoke(await users.findByUsername(params.username), params.tokenId)
    return undefined
  })
}
