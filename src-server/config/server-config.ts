import type { TileServer } from '../maps/tiles'
import type { FoundDevice, WatchedDevices, WatchedFolder } from '../modules/watch/folder-watcher'
import type { WeatherConfig } from '../weather/visual-crossing'
import type { Hosting } from '../../src/contracts'

/** Where log lines go; the process entry writes to stdout/stderr, tests collect or drop them. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

/** Outgoing e-mail settings; absent when e-mail sending is disabled. */
export interface EmailConfig {
  /** nodemailer transport URL, e.g. `smtp://user:pass@host:587`. */
  readonly url: string
  /** The From address. */
  readonly sender: string
}

/** Everything `createServer` needs; built by `loadServerOptions` or by tests. */
export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Folder holding the database, uploads, pictures, maps and the secret key. */
  readonly dataDir: string
  /**
   * A PostgreSQL database (`postgres://…`) instead of the data folder's SQLite file (club servers);
   * absent or null: SQLite, the default and the desktop's only engine.
   */
  readonly databaseUrl?: string | null
  /**
   * 'desktop': inside the desktop app, on its own computer (the visitor pages say the data stays there);
   * absent or 'server': a headless server shared by a group or club, whatever its engine.
   */
  readonly hosting?: Hosting
  /** Built UI to serve, or null for an API-only server (tests). */
  readonly webRoot: string | null
  /** Base URL of the UI used in e-mail links; never taken from a request's Host header. */
  readonly publicUrl: string
  readonly email: EmailConfig | null
  /** Map tiles for static maps and the interactive map, or null to draw tracks on a plain background. */
  readonly tiles: TileServer | null
  /** Weather provider, or null when weather is not fetched (users can still type it). */
  readonly weather: WeatherConfig | null
  /** Folders whose new activity files are imported automatically, each into one user's account. */
  readonly watchFolders?: readonly WatchedFolder[]
  /** Plugged-in watches (drives with a known activity layout), or null: not looked for. */
  readonly watchDevices?: WatchedDevices | null
  /** Told when a device nobody answered for is plugged in (the desktop asks whose it is). */
  readonly onDeviceFound?: (device: FoundDevice) => void
  /** Told when a watched file has been imported or refused (the desktop shows a notification). */
  readonly onAutomaticImport?: (entry: { file: string; status: 'imported' | 'duplicate' | 'error' }) => void
  /**
   * Start the compute threads with the server, warmed up and kept (see `WarmThreads` in
   * `compute-pool.ts`): the app and the server process. Tests leave it off, so their many servers
   * start threads only when they parse something.
   */
  readonly warmComputeThreads?: boolean
  /** bcrypt cost; lower only in tests. */
  readonly bcryptRounds: number
  readonly version: string
  readonly logger: Logger
  /**
   * The one-time code that lets another device create the first account (the desktop app passes
   * the one its window shows); a new one is drawn at each start when absent.
   */
  readonly setupCode?: string
}
