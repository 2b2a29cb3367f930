import { CHANNELS } from '../../src/desktop/channels'
import { noPayload } from '../../src/desktop/schemas'
import type { OpenedFilesQueue } from '../opened-files'
import { readWorkoutFiles } from '../opened-files'
import { guarded, type IpcRegistrar } from './guard'

export interface FilesIpcDeps {
  appOrigin: () => string | null
  /** Shows the native "Import workouts" dialog; the chosen paths, empty when cancelled. */
  chooseWorkoutFiles: () => Promise<string[]>
  queue: OpenedFilesQueue
  log: (line: string) => void
}

/** Native import: the dialog, and the queue of files opened with the app. */
export function registerFilesIpc(ipc: IpcRegistrar, deps: FilesIpcDeps): void {
  ipc.handle(
    CHANNELS.pickWorkoutFiles,
    guarded(deps.appOrigin, noPayload, async () => readWorkoutFiles(await deps.chooseWorkoutFiles()), deps.log),
  )
  ipc.handle(CHANNELS.takeOpenedFiles, guarded(deps.appOrigin, noPayload, () => deps.queue.take(), deps.log))
}
