import type { z } from 'zod'
import type { AppConfig, Hosting, updateConfigBody } from '../../../src/contracts'
import { isValidEmail } from '../../../src/domain/accounts'
import { AppError, type ErrorCode } from '../../../src/errors'
import type { AppConfigEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'

/** Reads the settings row (created by the first migration) with `repositories` (a connection's or the caller's transaction's). */
export async function readSettings({ appConfig }: Pick<Repositories, 'appConfig'>): Promise<AppConfigEntity> {
  const settings = await appConfig.settings()
  if (!settings) throw new AppError('config_read_failed')
  return settings
}

/** Registration stays open while the number of accounts (active or not) is under the limit. */
export async function isRegistrationEnabled({ users }: Pick<Repositories, 'users'>, settings: AppConfigEntity): Promise<boolean> {
  if (settings.maxUsers === 0) return true
  return (await users.count()) < settings.maxUsers
}

export interface AppConfigServiceDependencies {
  database: Database
  /** Whether e-mails are sent (an SMTP URL is configured). */
  emailSending: boolean
  /** The attribution of the configured tile server, or null without one. */
  tiles: { attribution: string } | null
  version: string
  hosting: Hosting
}

export function createAppConfigService({ database, emailSending, tiles, version, hosting }: AppConfigServiceDependencies) {
  async function present(repositories: Repositories, settings: AppConfigEntity): Promise<AppConfig> {
    return {
      admin_contact: settings.adminContact,
      gpx_limit_import: settings.gpxLimitImport,
      is_email_sending_enabled: emailSending,
      is_registration_enabled: await isRegistrationEnabled(repositories, settings),
      setup_required: (await repositories.users.count()) === 0,
      map_attribution: tiles?.attribution ?? '',
      tile_server_url: tiles ? '/api/workouts/map_tile/{z}/{x}/{y}.png' : null,
      max_single_file_size: settings.maxSingleFileSize,
      max_users: settings.maxUsers,
      max_zip_file_size: settings.maxZipFileSize,
      version,
      hosting,
    }
  }

  return {
    /** The public configuration. */
    async get(): Promise<AppConfig> {
      const { reads } = database
      return present(reads, await readSettings(reads))
    },

    /**
     * Applies an administrator's changes. All problems are reported together.
     * @throws AppError with one line per broken rule.
     */
    async update(changes: z.output<typeof updateConfigBody>): Promise<AppConfig> {
      return database.write(async (repositories) => {
        const settings = await readSettings(repositories)
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
        await repositories.appConfig.save(next)
        return present(repositories, next)
      })
    },
  }
}

export type AppConfigService = ReturnType<typeof createAppConfigService>
