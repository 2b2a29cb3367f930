import { CHANNELS } from '../../src/desktop/channels'
import { noPayload, setLanSharingPayload } from '../../src/desktop/schemas'
import type { DesktopServer } from '../desktop-server'
import { guarded, type IpcRegistrar } from './guard'

/** Server information for the LAN panel, and the LAN sharing switch. */
export function registerServerIpc(
  ipc: IpcRegistrar,
  deps: { appOrigin: () => string | null; server: DesktopServer; log: (line: string) => void },
): void {
  ipc.handle(CHANNELS.getServerInfo, guarded(deps.appOrigin, noPayload, () => deps.server.info(), deps.log))
  ipc.handle(CHANNELS.setLanSharing, guarded(deps.appOrigin, setLanSharingPayload, (on) => deps.server.setLanSharing(on), deps.log))
}
