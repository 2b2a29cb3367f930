import type { MoveDataFolderResult } from '../../src/desktop/bridge'
import { CHANNELS } from '../../src/desktop/channels'
import { noPayload } from '../../src/desktop/schemas'
import type { DesktopServer } from '../desktop-server'
import { guarded, type IpcRegistrar } from './guard'

export interface DataFolderIpcDeps {
  appOrigin: () => string | null
  server: DesktopServer
  openPath: (path: string) => Promise<void>
  /** Shows the native folder dialog; null when cancelled. */
  chooseFolder: () => Promise<string | null>
  log: (line: string) => void
}

/** Opening the data folder in the file manager, and moving it. */
export function registerDataFolderIpc(ipc: IpcRegistrar, deps: DataFolderIpcDeps): void {
  ipc.handle(CHANNELS.openDataFolder, guarded(deps.appOrigin, noPayload, () => deps.openPath(deps.server.dataFolder()), deps.log))
  ipc.handle(
    CHANNELS.moveDataFolder,
    guarded(
      deps.appOrigin,
      noPayload,
      async (): Promise<MoveDataFolderResult> => {
        const picked = await deps.chooseFolder()
        return picked === null ? { status: 'cancelled' } : deps.server.moveDataFolder(picked)
      },
      deps.log,
    ),
  )
}
