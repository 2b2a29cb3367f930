import { createServer, type AddressInfo } from 'node:net'

/** A port nobody listens on now (the OS picks it) on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
