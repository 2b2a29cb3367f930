import { request } from 'node:http'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressFolder } from '../../scripts/vite-precompress'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request whose body is not decompressed (fetch would hide the encoding). */
function raw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word number ${index}`))}\n`

describe('the served UI: precompressed files, compressed JSON, 404 for missing files', () => {
  let webRoot: string
  let t: TestServer
  let account: Account
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'waymark-web-'))
    await mkdir(join(webRoot, 'assets'))
    await writeFile(join(webRoot, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`)
    await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    await writeFile(join(webRoot, 'assets', 'app-1234.js'), SCRIPT)
    await precompressFolder(webRoot)
    t = await startTestServer({ webRoot })
    account = await registerUser(t, 'squeeze')
  })
  afterAll(async () => {
    await t.close()
    await rm(webRoot, { recursive: true, force: true })
  })

  it('the build step writes a brotli and a gzip copy of compressible files, not of tiny ones', async () => {
    const files = (await readdir(join(webRoot, 'assets'))).sort()
    expect(files).toEqual(['app-1234.js', 'app-1234.js.br', 'app-1234.js.gz'])
    expect((await readdir(webRoot)).filter((name) => name.startsWith('favicon'))).toEqual(['favicon.svg'])
  })

  it('sends brotli, gzip or plain as Accept-Encoding allows, varying on it', async () => {
    const br = await raw(`${t.url}/assets/app-1234.js`, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('javascript')
    expect(br.headers['vary']).toContain('Accept-Encoding')
    expect(br.headers['cache-control']).toContain('immutable')
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3)

    const gz = await raw(`${t.url}/assets/app-1234.js`, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)

    const plain = await raw(`${t.url}/assets/app-1234.js`, { 'Accept-Encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)

    const page = await raw(`${t.url}/workouts/add`, { 'Accept-Encoding': 'br' })
    expect(page.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.body).toString()).toContain('id="root"')
  })

  it('compresses JSON answers above a small size, and leaves small ones alone', async () => {
    const sports = await raw(`${t.url}/api/sports`, { 'Accept-Encoding': 'br, gzip', Authorization: `Bearer ${account.token}` })
    expect(sports.status).toBe(200)
    expect(sports.headers['content-encoding']).toBe('br')
    expect(sports.headers['vary']).toContain('Accept-Encoding')
    const parsed = JSON.parse(brotliDecompressSync(sports.body).toString()) as { data: { sports: unknown[] } }
    expect(parsed.data.sports.length).toBeGreaterThan(5)

    const gz = await raw(`${t.url}/api/sports`, { 'Accept-Encoding': 'gzip', Authorization: `Bearer ${account.token}` })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(parsed)

    const small = await raw(`${t.url}/api/nothing-here`, { 'Accept-Encoding': 'br, gzip' })
    expect(small.status).toBe(404)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it.each(['/assets/gone-999.js', '/favicon.svg/', '/assets/app-1234.js/x', '/nothing.png', '/index.html/'])(
    'answers 404, not a server error, for %s',
    async (path) => {
      const answer = await raw(`${t.url}${path}`, { 'Accept-Encoding': 'br, gzip' })
      expect(answer.status).toBe(404)
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(t.logs.filter((line) => line.startsWith('error'))).toEqual([])
    },
  )
})
