import { app } from 'electron'
import { createElectronPlatform } from './electron-platform'
import { runDesktopApp } from './lifecycle'

// The desktop app's main process: everything it does is in lifecycle.ts, behind the platform adapter.
runDesktopApp(createElectronPlatform()).catch((error: unknown) => {
  console.error('waymark: the desktop app failed to start', error)
  app.exit(1)
})
