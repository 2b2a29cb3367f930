import type { z } from 'zod'
import type { AppConfig, updateConfigBody } from '../../../src/contracts'
import { isValidEmail } from '../../../src/domain/accounts'
import { AppError, type ErrorCode } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { AppConfigEntity, UserEntity } from '../../db/entities'
import type { EntityManager } from 'typeorm'

/** Reads the settings row (created by the first migration). */
export async function readSettings(manager: EntityManager): Promise<AppConfigEntity> {
  const settings = await manager.findOneBy(AppConfigEntity, { id: 1 })
  if (!settings) throw new AppError('config_read_failed')
  return settings
}

/** Registration stays open while the number of accounts (active or not) is under the limit. */
export async function isRegistrationEnabled(manager: EntityManager, settings: AppConfigEntity): Promise<boolean> {
  if (settings.maxUsers === 0) return true
  return (await manager.count(UserEntity)) < settings.maxUsers
}

export function createAppConfigService(context: ServerContext) {
  async function present(manager: EntityManager, settings: AppConfigEntity): Promise<AppConfig> {
    return {
      admin_contact: settings.adminContact,
      gpx_limit_import: settings.gpxLimitImport,
      is_email_sending_enabled: context.mailer.enabled,
      is_registration_enabled: await isRegistrationEnabled(manager, settings),
      setup_required: (await manager.count(UserEntity)) === 0,
      map_attribution: context.config.tiles?.attribution ?? '',
      tile_server_url: context.tiles ? '/api/workouts/map_tile/{z}/{x}/{y}.png' : null,
      max_single_file_size: settings.maxSingleFileSize,
      max_users: settings.maxUsers,
      max_zip_file_size: settings.maxZipFileSize,
      version: context.config.version,
    }
  }

  return {
    /** The public configuration. */
    async get(): Promise<AppConfig> {
      const manager = context.db.manager
      return present(manager, await readSettings(manager))
    },

    /**
     * Applies an administrator's changes. All problems are reported together.
     * @throws AppError with one line per broken rule.
     */
    async update(changes: z.output<typeof updateConfigBody>): Promise<AppConfig> {
      return context.write(async (manager) => {
        const settings = await readSettings(manager)
        const next: AppConfigEntity = {
          ...settings,
          adminContact:
            changes.admin_contact === undefined ? settings.adminContact : changes.admin_contact?.trim() || null,
          gpxLimitImport: changes.gpx_limit_import ?? settings.gpxLimitImport,
          maxSingleFileSize: changes.max_single_file_size ?? settings.maxSingleFileSize,
          maxZipFileSize: changes.max_zip_file_size ?? settings.maxZipFileSize,
          maxUsers: changes.max_users ?? settings.maxUsers,
        }
        const problems: ErrorCode[] = []
        if (next.adminContact !== null && !isValidEmail(next.adminContact)) problems.push('admin_contact_invalid')
        if (next.gpxLimitImport <= 0) problems.push('max_files_in_zip_invalid')
        if (next.maxSingleFileSize <= 0) problems.push('max_single_file_size_invalid')
        if (next.maxZipFileSize <= 0) problems.push('max_zip_file_size_invalid')
        if (next.maxZipFileSize < next.maxSingleFileSize) problems.push('max_zip_smaller_than_file')
        const [first] = problems
        if (first) throw new AppError(first, problems)
        await manager.save(AppConfigEntity, next)
        return present(manager, next)
      })
    },
  }
}

export type AppConfigService = ReturnType<typeof createAppConfigService>
