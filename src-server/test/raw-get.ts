import { request } from 'node:http'

/** A GET's raw answer: node:http leaves the body as sent (fetch would decode it). */
export function rawGet(url: string, token: string | null, acceptEncoding: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': acceptEncoding, ...(token ? { authorization: `Bearer ${token}` } : {}) }
    const call = request(url, { headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }))
      answer.on('error', reject)
    })
    call.on('error', reject)
    call.end()
  })
}
