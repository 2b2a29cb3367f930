import { CHANNELS } from '../../src/desktop/channels'
import { addWatchedFolderPayload, forgetDevicePayload, removeWatchedFolderPayload } from '../../src/desktop/schemas'
import type { DesktopServer } from '../desktop-server'
import { guarded, type IpcRegistrar } from './guard'

export interface WatchedFoldersIpcDeps {
  appOrigin: () => string | null
  server: DesktopServer
  /** Shows the native folder dialog; null when cancelled. */
  chooseFolder: () => Promise<string | null>
  log: (line: string) => void
}

/**
 * Adding (through the folder dialog: the page never names a path to read) and removing watched
 * folders; forgetting the answer for a plugged-in watch.
 */
export function registerWatchedFoldersIpc(ipc: IpcRegistrar, deps: WatchedFoldersIpcDeps): void {
  ipc.handle(
    CHANNELS.addWatchedFolder,
    guarded(
      deps.appOrigin,
      addWatchedFolderPayload,
      async (username) => {
        const picked = await deps.chooseFolder()
        const current = (await deps.server.info()).watchFolders
        if (picked === null) return deps.server.info()
        return deps.server.setWatchFolders([...current.filter((folder) => folder.dir !== picked), { dir: picked, username }])
      },
      deps.log,
    ),
  )
  ipc.handle(
    CHANNELS.removeWatchedFolder,
    guarded(
      deps.appOrigin,
      removeWatchedFolderPayload,
      async (dir) => deps.server.setWatchFolders((await deps.server.info()).watchFolders.filter((folder) => folder.dir !== dir)),
      deps.log,
    ),
  )
  ipc.handle(CHANNELS.forgetDevice, guarded(deps.appOrigin, forgetDevicePayload, (id) => deps.server.forgetDevice(id), deps.log))
}
