import { createReadStream } from 'node:fs'
import { extname } from 'node:path'
import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import { PICTURE_TYPES } from './pictures'
import type { UsersService } from './users.service'

export function usersRoutes(router: Router, authenticate: Authenticate, users: UsersService): void {
  bind(router, authenticate, endpoints.listUsers, ({ user, query }) => users.list(user, query))
  bind(router, authenticate, endpoints.getUser, ({ user, params }) => users.get(user, params.username))
  bind(router, authenticate, endpoints.updateUser, ({ user, params, body }) => users.adminUpdate(user, params.username, body))
  bind(router, authenticate, endpoints.deleteUser, async ({ user, params }) => {
    await users.remove(user, params.username)
    return undefined
  })
  // Public like the reference tracker's: <img> tags cannot send a bearer token.
  bind(router, authenticate, endpoints.getUserPicture, async ({ params, ctx }) => {
    const path = await users.picturePath(params.username)
    ctx.type = PICTURE_TYPES[extname(path)] ?? 'application/octet-stream'
    ctx.set('Cache-Control', 'private, max-age=60')
    ctx.body = createReadStream(path)
    return undefined
  })
}
