import { once } from 'node:events'
import { connect } from 'node:net'

/** One answer as the raw client reads it: the status, and the body as sent (still compressed, if it was). */
interface RawAnswer {
  readonly status: number
  readonly body: Buffer
}

/** A kept-alive connection sending prebuilt requests one after the other. */
export interface RawClient {
  send(request: Buffer): Promise<RawAnswer>
  close(): void
}

/**
 * The bytes of a GET as a browser on plain HTTP sends it (`accept-encoding: gzip, deflate`, as
 * `fetch` did, so the server compresses as it does for the app), built once per kind of call.
 */
export function getRequest(url: string, path: string, headers: Record<string, string>): Buffer {
  const { host } = new URL(url)
  const fields = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${host}\r\n${fields}accept-encoding: gzip, deflate\r\n\r\n`, 'latin1')
}

/**
 * The bytes of a file upload as a browser sends a `FormData` of the file then its JSON `data`
 * field (as the app's `uploadForm`): a multipart body with a WebKit-style boundary, its length
 * known, built before any timing so the figures are the server's, not the client's encoding.
 */
export function uploadRequest(url: string, path: string, headers: Record<string, string>, file: { name: string; bytes: Buffer }, data: string): Buffer {
  const { host } = new URL(url)
  const boundary = '----WebKitFormBoundaryWaymarkBench01'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`, 'latin1'),
    file.bytes,
    Buffer.from(`\r\n--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${data}\r\n--${boundary}--\r\n`, 'utf8'),
  ])
  const fields = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const head = `POST ${path} HTTP/1.1\r\nhost: ${host}\r\n${fields}content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\naccept-encoding: gzip, deflate\r\n\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

/**
 * The benchmarks' load generator: one client's kept-alive connection, as lean as a client sharing
 * the 2 cores with the server can be. Each answer is read up to its Content-Length without
 * parsing or decompressing anything else (the client's work, not the server's). Under 20 clients
 * `fetch` cost ~1 ms of CPU per call next to the server's ~1.7; against a trivial server
 * node:http costs ~60 µs per call and this ~20. An answer without Content-Length or a closed
 * connection fails the call.
 */
export async function connectClient(url: string): Promise<RawClient> {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port), noDelay: true })
  await once(socket, 'connect')
  let head: Buffer = Buffer.alloc(0)
  let status = 0
  /** Body bytes still to come; -1 while the head is being read. */
  let remaining = -1
  let body: Buffer[] = []
  let answered: ((answer: RawAnswer) => void) | null = null
  let failed: ((error: Error) => void) | null = null
  socket.on('data', (chunk: Buffer) => {
    if (remaining < 0) {
      head = head.length ? Buffer.concat([head, chunk]) : chunk
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      const header = head.toString('latin1', 0, end).toLowerCase()
      const length = /\r\ncontent-length: *(\d+)/.exec(header)?.[1]
      if (length === undefined) {
        failed?.(new Error(`an answer without Content-Length: ${header}`))
        return
      }
      status = Number(header.slice(9, 12))
      body = [head.subarray(end + 4)]
      remaining = Number(length) - (head.length - end - 4)
      head = Buffer.alloc(0)
    } else {
      body.push(chunk)
      remaining -= chunk.length
    }
    if (remaining === 0) {
      remaining = -1
      answered?.({ status, body: body.length === 1 ? (body[0] ?? Buffer.alloc(0)) : Buffer.concat(body) })
    }
  })
  socket.on('error', (error) => failed?.(error))
  socket.on('close', () => failed?.(new Error('the server closed the connection')))
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        answered = resolve
        failed = reject
        socket.write(request)
      })
    },
    close: () => socket.destroy(),
  }
}
