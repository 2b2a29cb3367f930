import type { z } from 'zod'
import type { Channel } from '../../src/desktop/channels'

/** The part of Electron's `IpcMainInvokeEvent` the handlers look at. */
export interface IpcEvent {
  readonly senderFrame: { readonly url: string; readonly isMainFrame: boolean } | null
}

export type IpcHandler = (event: IpcEvent, payload: unknown) => Promise<unknown>

/** `ipcMain.handle`, narrowed to our channels. */
export interface IpcRegistrar {
  handle: (channel: Channel, handler: IpcHandler) => void
}

/** Refused calls reject in the page with this message; the reason is logged in the main process. */
class IpcRefusal extends Error {
  override name = 'IpcRefusal'
}

/**
 * Only the top frame of our own server's page may call the bridge: not an iframe, not a page
 * the window was somehow navigated to (Electron's security checklist, "validate the sender").
 * `appOrigin` is read per call because the port can change when the server restarts.
 */
export function isTrustedSender(event: IpcEvent, appOrigin: () => string | null): boolean {
  const frame = event.senderFrame
  const origin = appOrigin()
  if (!frame || !frame.isMainFrame || !origin) return false
  try {
    return new URL(frame.url).origin === origin
  } catch {
    return false
  }
}

/** Wraps a handler with the sender check and the payload's schema. */
export function guarded<S extends z.ZodType, R>(
  appOrigin: () => string | null,
  schema: S,
  run: (payload: z.infer<S>) => Promise<R>,
  log: (line: string) => void = () => undefined,
): IpcHandler {
  return async (event, payload) => {
    if (!isTrustedSender(event, appOrigin)) {
      log(`IPC refused: untrusted sender ${event.senderFrame?.url ?? '(none)'}`)
      throw new IpcRefusal('untrusted sender')
    }
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      log(`IPC refused: invalid payload (${parsed.error.issues.map((issue) => issue.message).join('; ')})`)
      throw new IpcRefusal('invalid payload')
    }
    return run(parsed.data)
  }
}
