import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { RecordsService } from '../records/records.service'
import type { StatsService } from './stats.service'

export function statsRoutes(router: Router, authenticate: Authenticate, stats: StatsService, records: RecordsService): void {
  bind(router, authenticate, endpoints.getStatsByTime, ({ user, params, query }) => stats.byTime(user, params.username, query))
  bind(router, authenticate, endpoints.getStatsBySport, ({ user, params, query }) => stats.bySport(user, params.username, query))
  bind(router, authenticate, endpoints.getRecords, ({ user }) => records.list(user))
}
