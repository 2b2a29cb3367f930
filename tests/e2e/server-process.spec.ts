import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from './fixtures'

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
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-process-'))
  })
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }))

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
    const first = spawn(process.execPath, ['out/main/server.js', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
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
})
