import { createServer } from 'node:net'

/** True when nothing listens on `port` for `host` (checked by binding and releasing it). */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

/**
 * The preferred port when free, else the next free one above it: the origin of the window (and
 * so its stored session) depends on the port, so it moves as little as possible. Returns 0 (the
 * system picks) when the whole range is taken.
 */
export async function choosePort(
  preferred: number,
  host: string,
  isFree: (port: number, host: string) => Promise<boolean> = isPortFree,
  attempts = 20,
): Promise<number> {
  for (let port = preferred; port < preferred + attempts && port <= 65535; port += 1) {
    if (await isFree(port, host)) return port
  }
  return 0
}
