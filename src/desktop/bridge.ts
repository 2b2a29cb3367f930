/**
 * The contract of `window.desktop`, the only native power the desktop window's page gets. The
 * preload implements it (`satisfies DesktopBridge`), the renderer feature-detects it: in a LAN
 * browser it is absent and the page falls back to `<input type=file>` and drag-and-drop.
 */

/** A workout file read by the main process, ready to be wrapped in a `File` and uploaded. */
export interface PickedFile {
  readonly name: string
  /** MIME type guessed from the extension. */
  readonly type: string
  readonly bytes: Uint8Array
}

/** A file the main process could not hand over (too big, unreadable, not a workout file). */
export interface SkippedFile {
  readonly name: string
  readonly reason: 'too-large' | 'unreadable' | 'unsupported'
}

/** Files chosen in the native dialog, opened with the app, or passed on its command line. */
export interface FileBatch {
  readonly files: readonly PickedFile[]
  readonly skipped: readonly SkippedFile[]
}

/** A LAN address of the embedded server and its QR code (an SVG `data:` URL) for phones. */
export interface LanAddress {
  readonly url: string
  readonly qrCode: string
}

/** A folder the embedded server watches, and the account its new activity files go to. */
export interface WatchedFolderSetting {
  readonly dir: string
  readonly username: string
}

/** A plugged-in watch the user answered for: the account its workouts go to, or null for "not this device". */
export interface RememberedDevice {
  /** The unit id the device gives, else its drive's name. */
  readonly id: string
  readonly name: string
  readonly username: string | null
}

/** What the embedded server is doing, for the LAN sharing panel and the tray. */
export interface ServerInfo {
  /** The address the window uses (`http://127.0.0.1:<port>/`). */
  readonly localUrl: string
  readonly port: number
  readonly lanSharing: boolean
  /** Empty when LAN sharing is off or the computer has no network. */
  readonly lanAddresses: readonly LanAddress[]
  readonly dataFolder: string
  /** Lets another device create the install's first account (the server asks for it only then). */
  readonly setupCode: string
  /** Folders whose new activity files are imported automatically. */
  readonly watchFolders: readonly WatchedFolderSetting[]
  /** Plugged-in watches answered for (asked once each, when first plugged in). */
  readonly devices: readonly RememberedDevice[]
}

/** The outcome of "move the data folder": the user may cancel the folder dialog. */
export type MoveDataFolderResult =
  | { readonly status: 'moved'; readonly dataFolder: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason: 'not-empty' | 'inside-current' | 'copy-failed' }

/** The native bridge exposed to the desktop window as `window.desktop`. */
export interface DesktopBridge {
  /** Bumped when a method changes incompatibly. */
  readonly version: 1
  /** Shows the native open dialog (GPX, FIT, TCX, zip; several files); an empty batch when cancelled. */
  pickWorkoutFiles(): Promise<FileBatch>
  /** Takes (and empties) the files queued by "Open with", the command line or the File menu. */
  takeOpenedFiles(): Promise<FileBatch>
  /** Called when files were queued for import; call `takeOpenedFiles` to get them. Returns an unsubscribe. */
  onFilesOpened(listener: () => void): () => void
  getServerInfo(): Promise<ServerInfo>
  /** Rebinds the server to all interfaces (on) or to 127.0.0.1 only (off). */
  setLanSharing(on: boolean): Promise<ServerInfo>
  /** Called whenever the server was rebound or moved. Returns an unsubscribe. */
  onServerInfoChanged(listener: (info: ServerInfo) => void): () => void
  /** Opens an http(s) link in the system browser. */
  openExternal(url: string): Promise<void>
  openDataFolder(): Promise<void>
  /** Asks for a new location and moves the data folder there (the server restarts). */
  moveDataFolder(): Promise<MoveDataFolderResult>
  /** Asks for a folder (native dialog) and watches it for `username` (the server restarts); the info unchanged when cancelled. */
  addWatchedFolder(username: string): Promise<ServerInfo>
  /** Stops watching a folder (the server restarts). */
  removeWatchedFolder(dir: string): Promise<ServerInfo>
  /** Forgets the answer for a plugged-in watch: the app asks again when it is next plugged in (the server restarts). */
  forgetDevice(id: string): Promise<ServerInfo>
  /** Shows an OS notification when a long import is over. */
  notifyImportFinished(summary: { imported: number; failed: number }): Promise<void>
}
