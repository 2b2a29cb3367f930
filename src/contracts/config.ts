import { z } from 'zod'
import { endpoint } from './endpoint'

/** The public application configuration. Sizes are in bytes. */
const appConfigSchema = z.object({
  admin_contact: z.string().nullable(),
  gpx_limit_import: z.number().int(),
  is_email_sending_enabled: z.boolean(),
  is_registration_enabled: z.boolean(),
  /** No account exists yet: the first one, the administrator, is created on the server computer or with the setup code. */
  setup_required: z.boolean(),
  map_attribution: z.string(),
  /** Tile URL template for the interactive map (served through the app), or null for no tiles. */
  tile_server_url: z.string().nullable(),
  max_single_file_size: z.number().int(),
  max_users: z.number().int(),
  max_zip_file_size: z.number().int(),
  version: z.string(),
  /** Where the server runs: in the desktop app on its own computer, or as a shared (group or club) server. */
  hosting: z.enum(['desktop', 'server']),
})
export type Hosting = AppConfig['hosting']
export type AppConfig = z.infer<typeof appConfigSchema>

const configResponseSchema = z.object({ status: z.literal('success'), data: appConfigSchema })

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

/** The OpenAPI document's outline (its paths and schemas are generated, so not constrained here). */
const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
  components: z.object({ schemas: z.record(z.string(), z.unknown()), securitySchemes: z.record(z.string(), z.unknown()) }),
})
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>

export const configEndpoints = {
  getConfig: endpoint()({ method: 'GET', path: '/config', access: 'public', response: configResponseSchema }),
  /** The OpenAPI 3.1 description of this API (generated from these contracts). */
  getOpenApiDocument: endpoint()({ method: 'GET', path: '/openapi.json', access: 'public', response: openApiDocumentSchema }),
  updateConfig: endpoint()({ method: 'PATCH', path: '/config', access: 'admin', body: updateConfigBody, response: configResponseSchema }),
}
