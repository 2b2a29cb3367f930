import { execFile } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

/** Runs `npm run cli -- …` as an operator would (through tsx), with its exit code and output. */
export function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', 'tsconfig.node.json', 'src-server/cli.ts', ...args],
      { cwd: ROOT, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}
