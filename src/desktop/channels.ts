/**
 * IPC channel names shared by the preload and the main process. One constant per capability,
 * so a rename cannot leave the two ends disagreeing.
 */
export const CHANNELS = {
  pickWorkoutFiles: 'desktop:pick-workout-files',
  takeOpenedFiles: 'desktop:take-opened-files',
  filesOpened: 'desktop:files-opened',
  getServerInfo: 'desktop:get-server-info',
  setLanSharing: 'desktop:set-lan-sharing',
  serverInfoChanged: 'desktop:server-info-changed',
  openExternal: 'desktop:open-external',
  openDataFolder: 'desktop:open-data-folder',
  moveDataFolder: 'desktop:move-data-folder',
  notifyImportFinished: 'desktop:notify-import-finished',
  addWatchedFolder: 'desktop:add-watched-folder',
  removeWatchedFolder: 'desktop:remove-watched-folder',
  forgetDevice: 'desktop:forget-device',
} as const

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS]
