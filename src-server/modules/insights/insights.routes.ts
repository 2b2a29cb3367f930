import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { bind, type Authenticate } from '../../http/bind'
import type { ReadCache } from '../../http/read-cache'
import type { InsightsRecompute } from './insights-recompute'
import type { InsightsService } from './insights.service'

export function insightsRoutes(router: Router, authenticate: Authenticate, insights: InsightsService, recompute: InsightsRecompute, cache: ReadCache): void {
  const cached = { cache }
  bind(router, authenticate, endpoints.getWorkoutSplits, ({ user, params, query }) => insights.splits(user, params.id, query.unit), cached)
  bind(router, authenticate, endpoints.getWorkoutZones, ({ user, params }) => insights.zones(user, params.id), cached)
  bind(router, authenticate, endpoints.getPersonalBests, ({ user }) => insights.personalBests(user), cached)
  bind(router, authenticate, endpoints.getYearOverYear, ({ user }) => insights.yearOverYear(user), cached)
  bind(router, authenticate, endpoints.getHeatmap, ({ user, query }) => insights.heatmap(user, query), cached)
  // Not cached: the admin page polls it while the run moves on without any write to the cache's key.
  bind(router, authenticate, endpoints.getInsightsRecompute, () => Promise.resolve({ status: 'success' as const, data: recompute.progress() }))
}
