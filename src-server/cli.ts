import { stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { backupCommand, restoreCommand } from './cli/backup-commands'
import { migrateToPostgresCommand } from './cli/migrate-command'
import { exportCommand, importCommand } from './cli/user-data-commands'
import { activateUser, CommandError, listUsers, resetPassword, setAdmin } from './cli/user-commands'
import { dataDirLayout, restrictNewFileModes, type DataDirLayout } from './data-dir'
import { openCommand, type CommandDatabase } from './db/command-database'
import { createPasswordHasher } from './lib/passwords'

const USAGE = `usage: npm run cli -- [--data-dir DIR] [--database-url postgres://…] users list
       npm run cli -- [--data-dir DIR] users set-admin <username>
       npm run cli -- [--data-dir DIR] users activate <username>
       npm run cli -- [--data-dir DIR] users reset-password <username>
       npm run cli -- [--data-dir DIR] backup <file.zip>
       npm run cli -- [--data-dir DIR] restore <file.zip | file.sqlite>   (SQLite data folders only)
       npm run cli -- [--data-dir DIR] export <username> <file.zip>
       npm run cli -- [--data-dir DIR] import <file.zip> [--as <username>]
       npm run cli -- [--data-dir DIR] migrate-to-postgres <postgres://…>   (into an empty database; server stopped)`

class UsageError extends Error {}

const USER_COMMANDS = ['list', 'set-admin', 'activate', 'reset-password']

/** Opens the database (the folder's SQLite file, or PostgreSQL's at `databaseUrl`) for a command that needs it up to date. */
async function withDatabase<T>(layout: DataDirLayout, databaseUrl: string | null, work: (command: CommandDatabase) => Promise<T>): Promise<T> {
  if (!databaseUrl && !(await stat(layout.database).catch(() => null))) {
    throw new CommandError(`no Waymark database in ${layout.root}: start the server once with this data folder`)
  }
  const command = await openCommand(layout, databaseUrl)
  try {
    if (await command.needsUpgrade()) throw new CommandError('the database needs an upgrade: start the server once, then retry')
    return await work(command)
  } finally {
    await command.close()
  }
}

async function usersCommand(layout: DataDirLayout, databaseUrl: string | null, command: string | undefined, username: string | undefined): Promise<string[]> {
  if (!command) throw new UsageError('missing command')
  if (!USER_COMMANDS.includes(command)) throw new UsageError(`unknown command "users ${command}"`)
  if (command !== 'list' && !username) throw new UsageError(`"users ${command}" needs a username`)
  const name = username ?? ''
  return withDatabase(layout, databaseUrl, async ({ database }) => {
    switch (command) {
      case 'set-admin':
        return [await database.write(({ users }) => setAdmin(users, name))]
      case 'activate':
        return [await database.write(({ users }) => activateUser(users, name))]
      case 'reset-password':
        return [await database.write((repositories) => resetPassword(repositories, createPasswordHasher(12), name))]
      default:
        return listUsers(database.reads.users)
    }
  })
}

/** Administration commands for the owner of a headless server; all but restore work while the server runs. */
async function main(): Promise<void> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: process.argv.slice(2), options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, as: { type: 'string' } }, allowPositionals: true })
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
  })()
  const [group, first, second] = positionals
  const dataDir = resolve(values['data-dir'] ?? process.env.WAYMARK_DATA_DIR ?? join(homedir(), 'waymark-data'))
  const layout = dataDirLayout(dataDir)
  // As the server reads it (`config/options.ts`): a club server's PostgreSQL database, else the folder's SQLite file.
  const databaseUrl = (values['database-url'] ?? process.env.WAYMARK_DATABASE_URL ?? '') || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('--database-url must be a postgres:// URL')
  const needFile = (name: string) => {
    if (!first) throw new UsageError(`"${name}" needs a file`)
    return resolve(first)
  }

  let lines: string[]
  switch (group) {
    case 'users':
      lines = await usersCommand(layout, databaseUrl, first, second)
      break
    case 'backup': {
      const file = needFile('backup')
      if (databaseUrl) {
        lines = [await withDatabase(layout, databaseUrl, (command) => backupCommand(layout, file, new Date(), command.sqliteSnapshot))]
        break
      }
      if (!(await stat(layout.database).catch(() => null))) throw new CommandError(`no Waymark database in ${dataDir}`)
      lines = [await backupCommand(layout, file, new Date())]
      break
    }
    case 'restore':
      // A restore replaces a data folder's SQLite file; a PostgreSQL database is the operator's to replace.
      if (databaseUrl) {
        throw new CommandError('restore writes a SQLite data folder: restore into an empty --data-dir without --database-url, or restore PostgreSQL with its own tools')
      }
      lines = [await restoreCommand(dataDir, needFile('restore'), new Date())]
      break
    case 'export': {
      if (!first || !second) throw new UsageError('"export" needs a username and a file')
      const file = resolve(second)
      lines = [await withDatabase(layout, databaseUrl, ({ database }) => exportCommand(database, layout, first, file, new Date()))]
      break
    }
    case 'import': {
      const file = needFile('import')
      const logger = { info: () => undefined, warn: (message: string) => console.error(`waymark: ${message}`), error: (message: string) => console.error(`waymark: ${message}`) }
      lines = await withDatabase(layout, databaseUrl, ({ database }) => importCommand(database, layout, file, values.as, logger))
      break
    }
    case 'migrate-to-postgres':
      if (!first || !/^postgres(ql)?:\/\//.test(first)) throw new UsageError('"migrate-to-postgres" needs a postgres:// URL')
      lines = await migrateToPostgresCommand(layout, first)
      break
    case undefined:
      throw new UsageError('missing command')
    default:
      throw new UsageError(`unknown command "${group}"`)
  }
  for (const line of lines) console.log(line)
}

restrictNewFileModes()
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
