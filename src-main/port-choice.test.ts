import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { choosePort, isPortFree } from './port-choice'

function listen(port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

describe('port choice', () => {
  const open: Server[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  })

  it('keeps the preferred port when it is free', async () => {
    expect(await choosePort(5050, '127.0.0.1', () => Promise.resolve(true))).toBe(5050)
  })

  it('takes the next free port above a taken one', async () => {
    const taken = new Set([5050, 5051])
    const tried: number[] = []
    const port = await choosePort(5050, '127.0.0.1', (candidate) => {
      tried.push(candidate)
      return Promise.resolve(!taken.has(candidate))
    })
    expect(port).toBe(5052)
    expect(tried).toEqual([5050, 5051, 5052])
  })

  it('lets the system choose when the whole range is taken', async () => {
    expect(await choosePort(5050, '127.0.0.1', () => Promise.resolve(false), 5)).toBe(0)
  })

  it('sees a real listener on the port', async () => {
    const server = await listen(0, '127.0.0.1')
    open.push(server)
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    expect(await isPortFree(address.port, '127.0.0.1')).toBe(false)
    expect(await choosePort(address.port, '127.0.0.1')).toBeGreaterThan(address.port)
  })
})
