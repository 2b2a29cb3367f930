import { stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { activateUser, CommandError, listUsers, resetPassword, setAdmin } from './cli/user-commands'
import { dataDirLayout } from './data-dir'
import { createDataSource } from './db/data-source'
import { createPasswordHasher } from './lib/passwords'

const USAGE = `usage: npm run cli -- [--data-dir DIR] users list
       npm run cli -- [--data-dir DIR] users set-admin <username>
       npm run cli -- [--data-dir DIR] users activate <username>
       npm run cli -- [--data-dir DIR] users reset-password <username>`

class UsageError extends Error {}

const COMMANDS = ['list', 'set-admin', 'activate', 'reset-password']

/** Administration commands for the owner of a headless server; works while the server runs. */
async function main(): Promise<void> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: process.argv.slice(2), options: { 'data-dir': { type: 'string' } }, allowPositionals: true })
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
  })()
  const [group, command, username] = positionals
  if (group !== 'users' || !command) throw new UsageError('missing command')
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command "users ${command}"`)
  if (command !== 'list' && !username) throw new UsageError(`"users ${command}" needs a username`)
  const name = username ?? ''

  const dataDir = resolve(values['data-dir'] ?? process.env.WAYMARK_DATA_DIR ?? join(homedir(), 'waymark-data'))
  const layout = dataDirLayout(dataDir)
  if (!(await stat(layout.database).catch(() => null))) {
    throw new CommandError(`no Waymark database in ${dataDir}: start the server once with this data folder`)
  }
  const db = createDataSource(layout.database)
  await db.initialize()
  try {
    if (await db.showMigrations()) throw new CommandError('the database needs an upgrade: start the server once, then retry')
    switch (command) {
      case 'list':
        for (const line of await listUsers(db)) console.log(line)
        break
      case 'set-admin':
        console.log(await setAdmin(db, name))
        break
      case 'activate':
        console.log(await activateUser(db, name))
        break
      case 'reset-password':
        console.log(await resetPassword(db, createPasswordHasher(12), name))
        break
    }
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`waymark: ${error.message}\n${USAGE}`)
    process.exit(2)
  }
  if (error instanceof CommandError) {
    console.error(`waymark: ${error.message}`)
    process.exit(1)
  }
  console.error('waymark: the command failed', error)
  process.exit(1)
})
