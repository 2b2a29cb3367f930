import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { AccessTokens } from './access-tokens.service'

export function accessTokenRoutes(router: Router, authenticate: Authenticate, accessTokens: AccessTokens): void {
  bind(router, authenticate, endpoints.listAccessTokens, ({ user }) => accessTokens.list(user))
  bind(router, authenticate, endpoints.createAccessToken, async ({ user, body, ctx }) => {
    ctx.status = 201
    return accessTokens.create(user, body)
  })
  bind(router, authenticate, endpoints.revokeAccessToken, async ({ user, params }) => {
    await accessTokens.revoke(user, params.tokenId)
    return undefined
  })
}
