import { homedir, networkInterfaces, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { OSM_TILES } from '../maps/tiles'
import type { WatchedDevices, WatchedFolder } from '../modules/watch/folder-watcher'
import { mountRoots } from '../modules/watch/device-volumes'

/** A bad command-line option or environment value: shown as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The options a person can set when starting the headless server. */
export interface ServerOptions {
  port: number
  host: string
  dataDir: string
  /** `--database-url postgres://…`: a PostgreSQL database instead of the data folder's SQLite file. */
  databaseUrl: string | null
  publicUrl: string
  emailUrl: string | null
  senderEmail: string | null
  /** Tile URL template, or null when maps are drawn without tiles. */
  tileServer: string | null
  /** Visual Crossing API key, or null: weather is then not fetched. */
  weatherApiKey: string | null
  /** Registrations accepted per client address and hour. */
  registrationsPerHour: number
  /** `--watch-folder DIR --watch-user NAME`, repeatable: folders imported automatically. */
  watchFolders: WatchedFolder[]
  /** `--watch-devices NAME`: plugged-in watches' new activities go to this account (null: off). */
  watchDevices: WatchedDevices | null
}

const DEFAULT_PORT = 5000

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new UsageError(`invalid port "${value}": expected a number from 1 to 65535`)
  }
  return port
}

/** The first IPv4 LAN address of this machine, for links other devices can open. */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal)
    if (found) return found.address
  }
  return null
}

/**
 * Pairs `--watch-folder` with `--watch-user` in order; one user given once applies to every folder.
 * @throws UsageError when the counts do not match
 */
function watchedFolders(folders: readonly string[], users: readonly string[]): WatchedFolder[] {
  const single = users.length === 1 ? users[0] : undefined
  if (folders.length > 0 && single === undefined && users.length !== folders.length) {
    throw new UsageError('each --watch-folder needs a --watch-user (the account its files are imported into)')
  }
  if (folders.length === 0 && users.length > 0) throw new UsageError('--watch-user needs a --watch-folder')
  return folders.map((dir, index) => {
    const username = single ?? users[index] ?? ''
    if (dir.trim() === '' || username.trim() === '') throw new UsageError('--watch-folder and --watch-user must not be empty')
    return { dir: resolve(dir), username }
  })
}

/**
 * Reads the server options from flags, falling back to `WAYMARK_*` environment variables, then
 * defaults. This and the process entry are the only readers of `process.env`.
 * @throws UsageError for an unknown flag or a bad value.
 */
export function parseServerOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ServerOptions {
  let values: Record<string, string | undefined>
  let watch: { folders: string[]; users: string[] }
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        'public-url': { type: 'string' },
        'email-url': { type: 'string' },
        'sender-email': { type: 'string' },
        'tile-server': { type: 'string' },
        'weather-api-key': { type: 'string' },
        'registrations-per-hour': { type: 'string' },
        'watch-folder': { type: 'string', multiple: true },
        'watch-user': { type: 'string', multiple: true },
        'watch-devices': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    })
    const { 'watch-folder': folders = [], 'watch-user': users = [], ...single } = parsed.values
    values = single
    watch = { folders, users }
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }

  const port = parsePort(values.port ?? env.WAYMARK_PORT ?? String(DEFAULT_PORT))
  const host = values.host ?? env.WAYMARK_HOST ?? '0.0.0.0'
  if (host.trim() === '') throw new UsageError('invalid host: it must not be empty')
  const dataDir = resolve(values['data-dir'] ?? env.WAYMARK_DATA_DIR ?? join(homedir(), 'waymark-data'))
  const databaseUrl = values['database-url'] ?? env.WAYMARK_DATABASE_URL ?? null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new UsageError('invalid database URL: expected postgres://user:password@host:port/database')
  }
  const emailUrl = values['email-url'] ?? env.WAYMARK_EMAIL_URL ?? null
  const senderEmail = values['sender-email'] ?? env.WAYMARK_SENDER_EMAIL ?? null
  if (emailUrl && !/^smtps?:\/\//.test(emailUrl)) {
    throw new UsageError('invalid e-mail URL: expected smtp://user:password@host:port or smtps://…')
  }

  const linkHost = LOOPBACK_HOSTS.has(host) ? 'localhost' : (lanAddress() ?? 'localhost')
  const publicUrl = (values['public-url'] ?? env.WAYMARK_PUBLIC_URL ?? `http://${linkHost}:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) throw new UsageError(`invalid public URL "${publicUrl}"`)

  const tiles = values['tile-server'] ?? env.WAYMARK_TILE_SERVER ?? 'osm'
  const tileServer = tiles === 'off' ? null : tiles === 'osm' ? OSM_TILES.url : tiles
  if (tileServer !== null && !/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/.test(tileServer)) {
    throw new UsageError('invalid tile server: expected a URL with {z}, {x} and {y}, "osm" or "off"')
  }

  const weatherApiKey = values['weather-api-key'] ?? env.WAYMARK_WEATHER_API_KEY ?? null
  const registrations = values['registrations-per-hour'] ?? env.WAYMARK_REGISTRATIONS_PER_HOUR ?? '20'
  if (!/^[1-9]\d{0,5}$/.test(registrations)) {
    throw new UsageError(`invalid registrations per hour "${registrations}": expected a number from 1 to 999999`)
  }

  return {
    watchFolders: watchedFolders(watch.folders, watch.users),
    watchDevices: values['watch-devices'] ? { roots: mountRoots(process.platform, userInfo().username), username: values['watch-devices'] } : null,
    port,
    host,
    dataDir,
    databaseUrl: databaseUrl || null,
    publicUrl,
    emailUrl: emailUrl || null,
    senderEmail: senderEmail || null,
    tileServer,
    weatherApiKey: weatherApiKey || null,
    registrationsPerHour: Number(registrations),
  }
}
