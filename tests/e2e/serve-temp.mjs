// Runs the built headless server on a fresh temporary data folder for the end-to-end tests and
// removes the folder when the server stops. Extra arguments are passed to the server.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'waymark-e2e-'))
const server = spawn(
  process.execPath,
  // The specs register far more accounts from one address than a real hour would see.
  ['out/main/server.js', '--host', '127.0.0.1', '--data-dir', dataDir, '--registrations-per-hour', '10000', '--tile-server', 'off', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
const stop = () => server.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
