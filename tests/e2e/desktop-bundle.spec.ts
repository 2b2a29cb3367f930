import { fork } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

// The desktop app's server process, as built: forked under plain Node (the host speaks the same
// protocol over `process.send` as over Electron's `parentPort`), with the built UI beside it.

interface HostMessage {
  type: string
  port?: number
  reason?: string
}

function startHost() {
  const child = fork('out/main/server-host.js', [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
  const messages: HostMessage[] = []
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.on('message', (message) => messages.push(message as HostMessage))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const next = async (type: string) => {
    await expect.poll(() => messages.some((message) => message.type === type), { timeout: 20_000, message: output }).toBe(true)
    return messages.find((message) => message.type === type) as HostMessage
  }
  return { child, next, exited, output: () => output }
}

test.describe('the built desktop server process', () => {
  let dir: string
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-host-e2e-'))
  })
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }))

  test('starts the real server on the next free port, serves the UI and the API, and stops cleanly', async ({ page }) => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as { port: number }).port
    const host = startHost()
    try {
      const dataFolder = join(dir, 'data')
      host.child.send({ type: 'start', dataFolder, preferredPort: taken, host: '127.0.0.1', publicUrl: 'http://localhost:5050', setupCode: 'K7QM-3XPT' })
      const ready = await host.next('ready')
      expect(ready.port).toBeGreaterThan(taken)
      const origin = `http://127.0.0.1:${ready.port}`
      expect((await fetch(`${origin}/api/config`)).status).toBe(200)
      expect(((await (await fetch(`${origin}/api/config`)).json()) as { data: { hosting: string } }).data.hosting).toBe('desktop')
      // The desktop app's own server: the visitor pages say the workouts stay on this computer.
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${origin}/login`)
      await expect(page.locator('form')).toBeVisible()
      await expect(page.getByText('Waymark keeps your outdoor workouts on your own computer, shared with your household over the local network.')).toBeVisible()
      await expect(page.getByText('Your data stays with you: no cloud account needed')).toBeVisible()
      await expect(page.getByText(/on this server/)).toHaveCount(0)
      expect(existsSync(join(dataFolder, 'server.lock'))).toBe(true)

      host.child.send({ type: 'stop' })
      await host.next('stopped')
      expect(await host.exited).toBe(0)
      expect(existsSync(join(dataFolder, 'server.lock'))).toBe(false)
      expect(existsSync(join(dataFolder, 'waymark.sqlite'))).toBe(true)
    } finally {
      host.child.kill()
      blocker.close()
    }
  })

  test('answers failed with the reason for an unusable data folder, and exits', async () => {
    const host = startHost()
    const file = join(dir, 'not-a-folder')
    writeFileSync(file, 'x')
    host.child.send({ type: 'start', dataFolder: file, preferredPort: 0, host: '127.0.0.1', publicUrl: 'http://localhost:5050', setupCode: 'K7QM-3XPT' })
    const failed = await host.next('failed')
    expect(failed.reason).toMatch(/cannot use data folder/)
    expect(await host.exited).toBe(1)
  })

  test('the sandboxed preload requires nothing but electron', () => {
    const preload = readFileSync('out/preload/index.js', 'utf8')
    expect([...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1])).toEqual(['electron'])
    expect(preload).toContain('exposeInMainWorld("desktop"')
  })
})
