import { CHANNELS } from '../../src/desktop/channels'
import { notifyImportFinishedPayload } from '../../src/desktop/schemas'
import type { Translate } from '../i18n'
import { guarded, type IpcRegistrar } from './guard'

/** The OS notification at the end of a long import; its text is composed here, not by the page. */
export function registerNotificationsIpc(
  ipc: IpcRegistrar,
  deps: { appOrigin: () => string | null; t: Translate; notify: (title: string, body: string) => void; log: (line: string) => void },
): void {
  ipc.handle(
    CHANNELS.notifyImportFinished,
    guarded(
      deps.appOrigin,
      notifyImportFinishedPayload,
      ({ imported, failed }) => {
        deps.notify(deps.t('NOTICE.IMPORT_FINISHED_TITLE'), deps.t('NOTICE.IMPORT_FINISHED_BODY', { imported, failed }))
        return Promise.resolve()
      },
      deps.log,
    ),
  )
}
