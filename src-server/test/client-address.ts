import { request } from 'node:http'
import { networkInterfaces } from 'node:os'

/** A JSON answer received by `callFrom`. */
export interface AddressedAnswer {
  status: number
  body: Record<string, unknown>
}

/**
 * Calls the server from a chosen local address (any 127.x.y.z on Linux), so a test can play
 * several devices of the network against one server on loopback. `fetch` cannot pick the
 * source address; `http.request` can.
 */
export function callFrom(
  baseUrl: string,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<AddressedAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(path, baseUrl),
      {
        method,
        localAddress,
        // A fresh connection per call: a kept-alive socket would carry the previous address.
        agent: false,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

/**
 * This machine's first non-loopback IPv4 address: a connection from it is what the server sees
 * from another device of the network. Tests that play such a device need one (CI machines have it).
 */
export function lanAddress(): string {
  const address = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)
  if (!address) throw new Error('this machine has no network address besides loopback')
  return address.address
}
