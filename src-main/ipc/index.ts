import type { DesktopServer } from '../desktop-server'
import type { Translate } from '../i18n'
import type { OpenedFilesQueue } from '../opened-files'
import { registerDataFolderIpc } from './data-folder'
import { registerExternalIpc } from './external'
import { registerFilesIpc } from './files'
import type { IpcRegistrar } from './guard'
import { registerNotificationsIpc } from './notifications'
import { registerServerIpc } from './server'
import { registerWatchedFoldersIpc } from './watched-folders'

export interface DesktopIpcDeps {
  appOrigin: () => string | null
  server: DesktopServer
  queue: OpenedFilesQueue
  t: Translate
  chooseWorkoutFiles: () => Promise<string[]>
  chooseFolder: () => Promise<string | null>
  openExternal: (url: string) => Promise<void>
  openPath: (path: string) => Promise<void>
  notify: (title: string, body: string) => void
  log: (line: string) => void
}

/** Registers every bridge call; each capability lives in its own file. */
export function registerDesktopIpc(ipc: IpcRegistrar, deps: DesktopIpcDeps): void {
  registerFilesIpc(ipc, deps)
  registerServerIpc(ipc, deps)
  registerExternalIpc(ipc, deps)
  registerDataFolderIpc(ipc, deps)
  registerNotificationsIpc(ipc, deps)
  registerWatchedFoldersIpc(ipc, deps)
}
