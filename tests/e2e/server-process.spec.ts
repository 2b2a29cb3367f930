import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { lanAddress } from '../../src-server/test/client-address'
import { freePort } from './fixtures'
import { syntheticGpx } from './workout-helpers'

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the built headless server entry until it exits (or `until` sees its output, then stops it). */
function runServer(args: string[], until?: RegExp): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['out/main/server.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not finish: ${stdout} ${stderr}`))
    }, 20_000)
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (until?.test(stdout)) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

test.describe('the headless server process', () => {
  let dir: string
  /** Servers a test starts and stops itself; a failing assertion in between must not leave one running. */
  let started: ChildProcess[] = []
  const startServer = (args: string[]) => {
    const child = spawn(process.execPath, ['out/main/server.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    started.push(child)
    return child
  }
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-process-'))
  })
  test.afterEach(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    started = []
    rmSync(dir, { recursive: true, force: true })
  })

  for (const [label, args, message] of [
    ['a bad port', ['--port', 'eighty'], 'waymark: invalid port "eighty": expected a number from 1 to 65535'],
    ['an unknown option', ['--colour', 'blue'], "waymark: Unknown option '--colour'"],
  ] as const) {
    test(`exits with code 2 and one line for ${label}`, async () => {
      const result = await runServer([...args])
      expect(result.code).toBe(2)
      expect(result.stderr.trim()).toBe(message)
    })
  }

  test('exits with code 2 and one line for an unusable data folder', async () => {
    const file = join(dir, 'a-file')
    writeFileSync(file, 'not a folder')
    const result = await runServer(['--port', String(await freePort()), '--host', '127.0.0.1', '--data-dir', file])
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^waymark: cannot use data folder .*a-file \((ENOTDIR|EEXIST)\)$/)])
  })

  test('prints its address, refuses a second server on its folder, and stops cleanly', async ({ request }) => {
    const dataDir = join(dir, 'data')
    const [port, secondPort] = [await freePort(), await freePort()]
    const first = startServer(['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir])
    let output = ''
    await new Promise<void>((resolve) =>
      first.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes(`http://127.0.0.1:${port}/`)) resolve()
      }),
    )
    expect(output).toContain(`data folder: ${dataDir}`)
    const config = await request.get(`http://127.0.0.1:${port}/api/config`)
    expect(config.status()).toBe(200)

    const second = await runServer(['--port', String(secondPort), '--host', '127.0.0.1', '--data-dir', dataDir])
    expect(second.code).toBe(2)
    expect(second.stderr.trim()).toBe(`waymark: data folder ${dataDir} is already in use by another Waymark server`)

    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve))
    first.kill('SIGTERM')
    expect(await exited).toBe(0)
    // The folder is free again once the first server has stopped.
    const thirdPort = await freePort()
    const third = await runServer(['--port', String(thirdPort), '--host', '127.0.0.1', '--data-dir', dataDir], new RegExp(`:${thirdPort}/`))
    expect(third.code).toBe(0)
  })

  test('on a fresh install, shows a setup code that another device needs for the first account, and keeps its files private', async ({
    request,
    page,
  }) => {
    // A server started, a password hashed and checked twice: over 30 s on a loaded machine.
    test.slow()
    const dataDir = join(dir, 'fresh')
    const port = await freePort()
    const server = startServer(['--port', String(port), '--host', '0.0.0.0', '--data-dir', dataDir, '--tile-server', 'off'])
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve))
    let output = ''
    const code = await new Promise<string>((resolve) =>
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const shown = /setup code ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(output)
        if (shown?.[1]) resolve(shown[1])
      }),
    )
    // This machine's network address: the server sees another device of the network.
    const fromNetwork = `http://${lanAddress()}:${port}/api`
    const account = { username: 'owner', email: 'owner@example.com', password: 'correct horse battery', password_conf: 'correct horse battery' }
    const refused = await request.post(`${fromNetwork}/auth/register`, { data: account })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'setup_code_required' })

    // The register page on a phone: it asks for the code, explains a refusal, then creates the admin.
    await page.goto(`http://${lanAddress()}:${port}/register`)
    await page.getByLabel(/^Username/).fill(account.username)
    await page.getByLabel(/^E-mail/).fill(account.email)
    await page.getByLabel(/^Password \*/).fill(account.password)
    await page.getByLabel(/^Password confirmation/).fill(account.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText("The first account can only be created on the server's computer, or with the setup code the server shows.")).toBeVisible()
    await page.getByLabel('Setup code').fill(code.toLowerCase())
    await page.getByRole('button', { name: 'Submit' }).click()
    // The first account is active at once: its owner is taken to the dashboard, logged in.
    await expect(page.getByTestId('nav-profile')).toContainText(account.username)
    expect(new URL(page.url()).pathname).toBe('/')

    const login = await request.post(`${fromNetwork}/auth/login`, { data: account })
    const { auth_token: token } = (await login.json()) as { auth_token: string }
    const upload = await request.post(`${fromNetwork}/workouts`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        file: { name: 'run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(syntheticGpx(50, '2026-05-01T07:00:00Z')) },
        data: JSON.stringify({ sport_id: 1 }),
      },
    })
    expect(upload.status()).toBe(201)

    // Everything the server wrote: folders 0700, files 0600 (nothing for other users of the computer).
    const open: string[] = []
    const walk = (path: string) => {
      const mode = statSync(path).mode & 0o777
      if (statSync(path).isDirectory()) {
        if (mode !== 0o700) open.push(`${path} ${mode.toString(8)}`)
        for (const name of readdirSync(path)) walk(join(path, name))
      } else if (mode & 0o077) open.push(`${path} ${mode.toString(8)}`)
    }
    walk(dataDir)
    expect(open).toEqual([])
    expect(readdirSync(join(dataDir, 'uploads'), { recursive: true }).length).toBeGreaterThan(0)

    server.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
