import { CHANNELS } from '../../src/desktop/channels'
import { openExternalPayload } from '../../src/desktop/schemas'
import { guarded, type IpcRegistrar } from './guard'

/** Opens http(s) links in the system browser (the schema refuses every other scheme). */
export function registerExternalIpc(
  ipc: IpcRegistrar,
  deps: { appOrigin: () => string | null; openExternal: (url: string) => Promise<void>; log: (line: string) => void },
): void {
  ipc.handle(CHANNELS.openExternal, guarded(deps.appOrigin, openExternalPayload, (url) => deps.openExternal(url), deps.log))
}
