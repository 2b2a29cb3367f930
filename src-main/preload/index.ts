import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { DesktopBridge, ServerInfo } from '../../src/desktop/bridge'
import { CHANNELS } from '../../src/desktop/channels'

// A sandboxed preload can load nothing but `electron`: only channel names and types are imported
// here (a test checks the built file). Payloads are checked in the main process, not here.

function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  const relay = (_event: IpcRendererEvent, payload: T) => listener(payload)
  ipcRenderer.on(channel, relay)
  return () => {
    ipcRenderer.removeListener(channel, relay)
  }
}

const bridge = {
  version: 1,
  pickWorkoutFiles: () => ipcRenderer.invoke(CHANNELS.pickWorkoutFiles),
  takeOpenedFiles: () => ipcRenderer.invoke(CHANNELS.takeOpenedFiles),
  onFilesOpened: (listener: () => void) => subscribe(CHANNELS.filesOpened, () => listener()),
  getServerInfo: () => ipcRenderer.invoke(CHANNELS.getServerInfo),
  setLanSharing: (on: boolean) => ipcRenderer.invoke(CHANNELS.setLanSharing, on),
  onServerInfoChanged: (listener: (info: ServerInfo) => void) => subscribe(CHANNELS.serverInfoChanged, listener),
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  openDataFolder: () => ipcRenderer.invoke(CHANNELS.openDataFolder),
  moveDataFolder: () => ipcRenderer.invoke(CHANNELS.moveDataFolder),
  addWatchedFolder: (username: string) => ipcRenderer.invoke(CHANNELS.addWatchedFolder, username),
  removeWatchedFolder: (dir: string) => ipcRenderer.invoke(CHANNELS.removeWatchedFolder, dir),
  forgetDevice: (id: string) => ipcRenderer.invoke(CHANNELS.forgetDevice, id),
  notifyImportFinished: (summary: { imported: number; failed: number }) => ipcRenderer.invoke(CHANNELS.notifyImportFinished, summary),
} satisfies DesktopBridge

contextBridge.exposeInMainWorld('desktop', bridge)
