import type Router from '@koa/router'
import { endpoints, sportIdParam } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { bind, type Authenticate } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import type { SportsService } from './sports.service'

export function sportsRoutes(router: Router, authenticate: Authenticate, sports: SportsService, cache: ReadCache): void {
  bind(router, authenticate, endpoints.listSports, ({ user }) => sports.list(user), { cache })
  bind(router, authenticate, endpoints.updateSport, ({ user, params, body }) => {
    const id = sportIdParam.safeParse(params.id)
    if (!id.success) throw new AppError('sport_not_found')
    return sports.setActive(user, id.data, body.is_active)
  })
}
