import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

describe('security headers and the served UI', () => {
  let webRoot: string
  let t: TestServer
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'waymark-web-'))
    await mkdir(join(webRoot, 'assets'))
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
    await writeFile(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)')
    await writeFile(join(webRoot, 'secret.txt.bak'), 'x')
    t = await startTestServer({ webRoot })
  })
  afterAll(async () => {
    await t.close()
    await rm(webRoot, { recursive: true, force: true })
  })

  it.each(['/', '/workouts/abc', '/api/config', '/api/nothing'])('%s carries the security headers', async (path) => {
    const response = await fetch(`${t.url}${path}`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("img-src 'self' data: blob:")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('serves client routes with the page, hashed assets for a year, and missing assets as 404', async () => {
    const page = await fetch(`${t.url}/profile/edit/account`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect(await page.text()).toContain('id="root"')
    const asset = await fetch(`${t.url}/assets/app-1234.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${t.url}/assets/gone-999.js`)).status).toBe(404)
  })

  it('never serves files outside the built UI', async () => {
    for (const path of ['/..%2F..%2Fetc%2Fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/..%5C..%5Cwindows']) {
      const response = await fetch(`${t.url}${path}`)
      expect(await response.text()).not.toContain('root:')
    }
  })
})
