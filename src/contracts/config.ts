import { z } from 'zod'
import { endpoint } from './endpoint'

/** The public application configuration. Sizes are in bytes. */
export interface AppConfig {
  admin_contact: string | null
  gpx_limit_import: number
  is_email_sending_enabled: boolean
  is_registration_enabled: boolean
  map_attribution: string
  /** Tile URL template for the interactive map (served through the app), or null for no tiles. */
  tile_server_url: string | null
  max_single_file_size: number
  max_users: number
  max_zip_file_size: number
  version: string
}

export interface ConfigResponse {
  status: 'success'
  data: AppConfig
}

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/** PATCH config body: every field optional; an empty contact clears it. */
export const updateConfigBody = z
  .object({
    admin_contact: z.string().max(255).nullable().optional(),
    gpx_limit_import: count.optional(),
    max_single_file_size: count.optional(),
    max_zip_file_size: count.optional(),
    max_users: count.optional(),
  })
  .strict()

export const configEndpoints = {
  getConfig: endpoint<ConfigResponse>()({ method: 'GET', path: '/config', access: 'public' }),
  updateConfig: endpoint<ConfigResponse>()({ method: 'PATCH', path: '/config', access: 'admin', body: updateConfigBody }),
}
