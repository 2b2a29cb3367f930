import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sqlite3 from 'sqlite3'
import { createServer } from '../../../src-server/server'
import { benchServerConfig } from '../../../src-server/test/bench-server-config'
import { token } from '../../../src-server/test/server-process'
import { CALLS, PASSWORD, pathFor, seededDataDir, usernameOf, emailOf } from './dashboard-latency'

interface Statement {
  sql: string
  params: unknown[]
}

/**
 * Every statement the server sends to SQLite while `recording` is on (all its connections): caught
 * where every statement runs, on node-sqlite3's statement (read connections keep theirs prepared and
 * run them again without going through the connection's `all`), plus the connection's `exec`.
 */
function recordStatements(): { take(): Statement[]; start(): void } {
  let recording = false
  let statements: Statement[] = []
  type Run = (this: { sql?: string }, ...rest: unknown[]) => unknown
  const patch = (prototype: Record<string, Run>, method: string, sqlOf: (self: { sql?: string }, rest: unknown[]) => Statement) => {
    const original = prototype[method]
    if (!original) return
    prototype[method] = function (this: { sql?: string }, ...rest: unknown[]) {
      if (recording) statements.push(sqlOf(this, rest))
      return original.apply(this, rest)
    }
  }
  const statement = sqlite3.Statement.prototype as unknown as Record<string, Run>
  for (const method of ['all', 'run', 'get', 'each']) {
    patch(statement, method, (self, rest) => ({ sql: self.sql ?? '', params: Array.isArray(rest[0]) ? (rest[0] as unknown[]) : [] }))
  }
  patch(sqlite3.Database.prototype as unknown as Record<string, Run>, 'exec', (_self, rest) => ({ sql: String(rest[0]), params: [] }))
  return {
    start() {
      statements = []
      recording = true
    },
    take() {
      recording = false
      return statements
    },
  }
}

function explain(database: sqlite3.Database, statement: Statement): Promise<string[]> {
  if (!/^\s*(SELECT|WITH)/i.test(statement.sql)) return Promise.resolve([])
  return new Promise((done, fail) =>
    database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params, (error, rows) =>
      error ? fail(error) : done(rows.map((row) => row.detail)),
    ),
  )
}

/**
 * The statements each dashboard call sends to SQLite (counted, with their query plans), on a
 * server in this process over the seeded history of `BENCH_USERS` (default 100) users × 1,000:
 * what a call costs, whatever the machine's load. `dashboard-queries.ts [--plans] [folder]`: a
 * data folder seeded before the same way (`seededDataDir`, `BENCH_USERS` users) is copied instead of seeding.
 */
async function main(): Promise<void> {
  const users = Number(process.env.BENCH_USERS ?? '') || 100
  const plans = process.argv.includes('--plans')
  const seeded = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-queries-'))
  const recorder = recordStatements()
  try {
    if (seeded) await cp(seeded, dataDir, { recursive: true })
    else await seededDataDir(dataDir, users, 1000)
    const server = await createServer(
      benchServerConfig(dataDir),
      { readCacheTtlMs: 0 },
    )
    const { port } = await server.listen()
    const url = `http://127.0.0.1:${port}`
    const user = usernameOf(users - 1)
    const headers = { authorization: `Bearer ${await token(url, emailOf(users - 1), PASSWORD)}` }
    const database = new sqlite3.Database(server.layout.database, sqlite3.OPEN_READONLY)
    console.log(`Statements per dashboard call (answer cache off, ${users} users × 1,000 workouts, the last user's)`)
    for (const name of Object.keys(CALLS)) {
      // Once to warm the connections, then recorded.
      await (await fetch(`${url}/api/${pathFor(name, user)}`, { headers })).arrayBuffer()
      recorder.start()
      await (await fetch(`${url}/api/${pathFor(name, user)}`, { headers })).arrayBuffer()
      const statements = recorder.take()
      console.log(`  ${name.padEnd(34)} ${statements.length} statements`)
      if (!plans) continue
      for (const statement of statements) {
        console.log(`    ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`)
        for (const line of await explain(database, statement)) console.log(`      ${line}`)
      }
    }
    database.close()
    await server.close()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

void main()
