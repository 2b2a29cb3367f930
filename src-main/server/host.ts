import { consoleLogger } from '../../src-server/config/load'
import { restrictNewFileModes } from '../../src-server/data-dir'
import { createServer } from '../../src-server/server'
import { runServerHost, type HostChannel } from './host-runtime'
import type { FromServerMessage } from './protocol'

/** Electron's utility-process port, typed here so this entry does not import `electron`. */
interface ParentPort {
  postMessage: (message: unknown) => void
  on: (event: 'message', listener: (event: { data: unknown }) => void) => void
}

/** The channel to whoever started this process: an Electron utility process, or `fork()` in Node (tests). */
function parentChannel(): HostChannel {
  const parentPort = (process as { parentPort?: ParentPort }).parentPort
  if (parentPort) {
    return {
      send: (message: FromServerMessage) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
    }
  }
  if (process.send) {
    return {
      send: (message: FromServerMessage) => process.send?.(message),
      onMessage: (listener) => process.on('message', listener),
    }
  }
  console.error('waymark: the server host is started by the desktop app; run out/main/server.js for a headless server')
  process.exit(2)
}

restrictNewFileModes()
// The embedded server's process: started by the desktop app's main process (src-main/server/supervisor.ts).
runServerHost(parentChannel(), {
  createServer,
  logger: consoleLogger(),
  bundleDir: __dirname,
  exit: (code) => process.exit(code),
})
