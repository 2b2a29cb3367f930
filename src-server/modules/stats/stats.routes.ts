import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import type { RecordsService } from '../records/records.service'
import type { StatsService } from './stats.service'

export function statsRoutes(router: Router, authenticate: Authenticate, stats: StatsService, records: RecordsService, cache: ReadCache): void {
  const cached = { cache }
  bind(router, authenticate, endpoints.getStatsByTime, ({ user, params, query }) => stats.byTime(user, params.username, query), cached)
  bind(router, authenticate, endpoints.getStatsBySport, ({ user, params, query }) => stats.bySport(user, params.username, query), cached)
  bind(router, authenticate, endpoints.getRecords, ({ user }) => records.list(user), cached)
}
