import type Router from '@koa/router'
import { endpoints } from '../../../src/contracts'
import { AppError, isAppError } from '../../../src/errors'
import type { Logger } from '../../config/server-config'
import { bind, type Authenticate } from '../../http/bind'
import type { AppStatsService } from '../stats/app-stats.service'
import type { AppConfigService } from './app-config.service'

export function appConfigRoutes(
  router: Router,
  authenticate: Authenticate,
  appConfig: AppConfigService,
  appStats: AppStatsService,
  logger: Logger,
): void {
  bind(router, authenticate, endpoints.getConfig, async () => {
    try {
      return { status: 'success' as const, data: await appConfig.get() }
    } catch (error) {
      if (isAppError(error)) throw error
      logger.error('configuration could not be read', error)
      throw new AppError('config_read_failed')
    }
  })
  bind(router, authenticate, endpoints.updateConfig, async ({ body }) => {
    try {
      return { status: 'success' as const, data: await appConfig.update(body) }
    } catch (error) {
      if (isAppError(error)) throw error
      logger.error('configuration could not be updated', error)
      throw new AppError('config_update_failed')
    }
  })
  bind(router, authenticate, endpoints.getAppStats, () => appStats.get())
}
