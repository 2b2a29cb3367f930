import { z } from 'zod'

/**
 * Messages between the main process and the server's utility process. The server process only
 * trusts its parent, but both ends parse what they receive: a version skew or a bug then fails
 * loudly instead of half-working.
 */
const startMessage = z.object({
  type: z.literal('start'),
  dataFolder: z.string().min(1),
  /** The port to try first; the next free one is taken when it is in use. */
  preferredPort: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  /** Base of e-mail links. */
  publicUrl: z.string().url(),
  /** Lets another device create the first account; the window shows it on the register page. */
  setupCode: z.string().min(1),
  /** Folders whose new activity files are imported automatically (desktop settings). */
  watchFolders: z.array(z.object({ dir: z.string().min(1), username: z.string().min(1) })).optional(),
  /**
   * Plugged-in watches the user answered for (the account, or null for "never"); present, it turns
   * on looking for plugged-in watches, and any other one is announced with `device-found`.
   */
  devices: z.array(z.object({ id: z.string().min(1), username: z.string().min(1).nullable() })).optional(),
})

export const toServerMessage = z.discriminatedUnion('type', [startMessage, z.object({ type: z.literal('stop') })])

export const fromServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), port: z.number().int(), host: z.string() }),
  z.object({ type: z.literal('failed'), reason: z.string() }),
  z.object({ type: z.literal('stopped') }),
  /** A file of a watched folder was imported or refused (the main process shows a notification). */
  z.object({ type: z.literal('automatic-import'), file: z.string().max(1000), status: z.enum(['imported', 'duplicate', 'error']) }),
  /** A watch nobody answered for was plugged in (the main process asks whose it is). */
  z.object({ type: z.literal('device-found'), id: z.string().min(1).max(200), name: z.string().max(200), accounts: z.array(z.string().min(1)).max(10) }),
])

export type StartMessage = z.infer<typeof startMessage>
export type ToServerMessage = z.infer<typeof toServerMessage>
export type FromServerMessage = z.infer<typeof fromServerMessage>
export type DeviceFoundMessage = Extract<FromServerMessage, { type: 'device-found' }>
