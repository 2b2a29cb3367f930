/**
 * The V8 flags every server process starts with (the desktop's utility process, the headless
 * server, the tests' and benchmarks' server child): V8 reads them as the event loop's isolate is
 * created, so they must be on the command line, and Node refuses them in `NODE_OPTIONS`.
 *
 * `--initial-old-space-size`: the old generation below which V8 skips full collections (its floor on
 * each next limit). The event loop keeps ~34 MB alive through an archive import and promotes a little
 * of each file's requests, rows and replies, so V8 judged its collections cheap and set each next
 * limit ~24 MB above the live size, where incremental marking restarts at once: 40–46 full
 * collections per 1,000 files, each pausing every request; 10–18 with this floor (8 at 128 MB, for
 * ~35 MB more). Marking starts a young generation's capacity below the floor (~48 MB with Node 24
 * here). The compute threads set their own floor (`compute-pool.ts`).
 *
 * `--max-semi-space-size`: the event loop's young generation, MB a semi-space: Node 22's size. Node 24
 * sizes it from the machine's memory (64 MB on a 24 GB machine, 128 MB of new space), and under
 * readers and uploads the event loop's heap stayed ~110 MB committed with ~50 MB used: 28 MB of the
 * server's peak under continuous worst-case uploads (112 → 84 MB). The compute threads set their own
 * (`resourceLimits`, `compute-pool.ts`).
 */
export const SERVER_V8_FLAGS: readonly string[] = ['--initial-old-space-size=96', '--max-semi-space-size=16']

/**
 * The flags as an Electron utility process takes them: its `execArgv` become switches of the child's
 * command line, and it hands V8 only its `--js-flags` switch before creating the isolate.
 */
export const UTILITY_PROCESS_EXEC_ARGV: readonly string[] = [`--js-flags=${SERVER_V8_FLAGS.join(' ')}`]

/**
 * Started without the flags (`node out/main/server.js`, `npm run serve`), the process replaces
 * itself with one that has them: same process id, arguments, environment and open files. Where
 * Node cannot (`process.execve` is missing on Windows), the server runs on without them.
 */
export function restartWithServerV8Flags(): void {
  if (SERVER_V8_FLAGS.every((flag) => process.execArgv.includes(flag))) return
  process.execve?.(process.execPath, [process.execPath, ...SERVER_V8_FLAGS, ...process.execArgv, ...process.argv.slice(1)], process.env)
}
