/**
 * `npm run test:duplicates`: lists code written twice with the machine's `duplicates` command.
 * It reports and never fails (a pair is a place to look, not a verdict). On a branch it lists only
 * what the branch added since main; on main, the whole tree's largest pairs. A machine without the
 * command skips with a notice, so a fresh clone still passes `npm test`.
 */
import { spawnSync } from 'node:child_process'

const git = (...args: string[]): string => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim()

const base = git('merge-base', 'HEAD', 'main')
const scope = base && base !== git('rev-parse', 'HEAD') ? ['--change', '--base', base, '--most', '40'] : ['--most', '20']
const run = spawnSync('duplicates', [...scope, '--seconds', '120'], { stdio: 'inherit' })
if (run.error) console.log('duplicates: command not installed on this machine, check skipped (see README, Tests)')
