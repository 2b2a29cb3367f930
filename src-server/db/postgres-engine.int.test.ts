import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DataSource } from 'typeorm'
import { createDataSource, openPostgresDataSource } from './data-source'
import { AppConfigEntity, SportEntity, UserEntity } from './entities'
import { usersRepository } from './repositories/users.repository'
import { postgresInstalled, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { startTestServer } from '../test/test-server'

/**
 * PostgreSQL as the server's engine (issue 30), opt-in like the dialect test:
 * `WAYMARK_TEST_POSTGRES=1` on a machine with Debian's `postgresql`. SQLite is the reference:
 * what PostgreSQL holds after its migrations, and how it compares usernames, must be what SQLite does.
 */
const enabled = process.env.WAYMARK_TEST_POSTGRES === '1' && postgresInstalled()

describe.skipIf(!enabled)('PostgreSQL as the server engine', () => {
  let cluster: PostgresCluster
  let folder: string
  let databases = 0

  /** A new empty database of the cluster. */
  async function freshDatabase(): Promise<string> {
    const name = `engine_${(databases += 1)}`
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(cluster.url)
    url.pathname = `/${name}`
    return url.toString()
  }

  /** Both engines migrated from empty, closed after `work`. */
  async function onBoth(work: (sqlite: DataSource, postgres: DataSource) => Promise<void>): Promise<void> {
    const sqlite = createDataSource(join(folder, `engine-${databases}.sqlite`))
    await sqlite.initialize()
    const postgres = await openPostgresDataSource(await freshDatabase(), 2)
    try {
      await sqlite.runMigrations()
      await postgres.runMigrations()
      await work(sqlite, postgres)
    } finally {
      await sqlite.destroy()
      await postgres.destroy()
    }
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    folder = await mkdtemp(join(tmpdir(), 'waymark-engine-'))
  }, 60_000)

  afterAll(async () => {
    await cluster.stop()
    await rm(folder, { recursive: true, force: true })
  })

  it('gets from its migrations, from an empty database, exactly the schema the entities describe, with the seeded rows SQLite has', async () => {
    await onBoth(async (sqlite, postgres) => {
      const pending = await postgres.driver.createSchemaBuilder().log()
      // CHECK constraints on values (speed display, visibility levels) are the migrations' own
      // guards, which the entities do not describe: TypeORM would drop them.
      const checks = /^ALTER TABLE "\w+" DROP CONSTRAINT "\w+_check"$/
      expect(pending.upQueries.map((query) => query.query).filter((query) => !checks.test(query))).toEqual([])
      expect(await postgres.showMigrations()).toBe(false)
      const types = await postgres.query<{ column_name: string; data_type: string }[]>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'workout' AND column_name IN ('workout_date', 'distance')`,
      )
      expect(Object.fromEntries(types.map((row) => [row.column_name, row.data_type]))).toEqual({
        workout_date: 'timestamp with time zone',
        distance: 'double precision',
      })
      for (const entity of [SportEntity, AppConfigEntity]) {
        expect(await postgres.manager.find(entity, { order: { id: 'ASC' } })).toEqual(await sqlite.manager.find(entity, { order: { id: 'ASC' } }))
      }
    })
  })

  it('compares usernames and e-mails ignoring the case of ASCII letters only, as SQLite does', async () => {
    await onBoth(async (sqlite, postgres) => {
      for (const engine of [sqlite, postgres]) {
        const user = (username: string, email: string) =>
          Object.assign(new UserEntity(), { username, email, passwordHash: 'x', createdAt: new Date('2026-01-01T00:00:00Z') })
        /** Each engine's refusal of a second account of that username or e-mail. */
        const taken = (on: DataSource, column: 'username' | 'email') =>
          on === sqlite
            ? { name: 'QueryFailedError', code: 'SQLITE_CONSTRAINT', message: `SQLITE_CONSTRAINT: UNIQUE constraint failed: user.${column}` }
            : { name: 'QueryFailedError', code: '23505', message: `duplicate key value violates unique constraint "uq_user_${column}_nocase"` }
        await engine.manager.save(user('Émile', 'Emile@Example.com'))
        // Another case of an ASCII letter is the same name; of another letter, another name.
        await expect(engine.manager.save(user('ÉMILE', 'other@example.com'))).rejects.toMatchObject(taken(engine, 'username'))
        await expect(engine.manager.save(user('émile', 'EMILE@example.COM'))).rejects.toMatchObject(taken(engine, 'email'))
        await engine.manager.save(user('émile', 'emile2@example.com'))
        const users = usersRepository(engine.manager)
        expect((await users.byUsername('éMILE'))?.email).toBe('emile2@example.com')
        expect((await users.byEmail('emile@EXAMPLE.com'))?.username).toBe('Émile')
        expect(await users.byUsername('EMILE')).toBeNull()
        expect(await users.pageIds(undefined, { by: 'username', direction: 'asc' }, { limit: 10, offset: 0 })).toHaveLength(2)
      }
    })
  })

  it('serves the API on PostgreSQL: registration, login, sports, profile, sport preferences, access tokens', async () => {
    const databaseUrl = await freshDatabase()
    const dataDir = await mkdtemp(join(tmpdir(), 'waymark-engine-server-'))
    const t = await startTestServer({ dataDir, databaseUrl })
    try {
      expect((await t.api('POST', 'auth/register', { body: { username: 'Admin', email: 'admin@example.com', password: 'long-enough-pass' } })).status).toBe(200)
      // Registered as Admin, logged in by the address in another case.
      const login = await t.api<{ auth_token: string }>('POST', 'auth/login', { body: { email: 'ADMIN@example.com', password: 'long-enough-pass' } })
      expect(login.status).toBe(200)
      const token = login.body.auth_token
      const taken = await t.api('POST', 'auth/register', { body: { username: 'admin', email: 'other@example.com', password: 'long-enough-pass' } })
      expect(taken.body).toMatchObject({ code: 'username_taken' })

      expect((await t.api('PATCH', 'sports/6', { token, body: { is_active: false } })).status).toBe(200)
      const sports = await t.api<{ data: { sports: { id: number; is_active: boolean }[] } }>('GET', 'sports', { token })
      expect(sports.body.data.sports.find((sport) => sport.id === 6)?.is_active).toBe(false)
      const preference = await t.api('POST', 'auth/profile/edit/sports', { token, body: { sport_id: 1, color: '#123456', stopped_speed_threshold: 0 } })
      expect(preference.body).toMatchObject({ data: { sport_id: 1, color: '#123456', stopped_speed_threshold: 0 } })
      const profile = await t.api('POST', 'auth/profile/edit', { token, body: { first_name: 'Ada' } })
      expect(profile.body).toMatchObject({ data: { first_name: 'Ada', username: 'Admin' } })

      const created = await t.api<{ data: { secret: string } }>('POST', 'auth/tokens', { token, body: { name: 'script', scope: 'read', expires_in_days: null } })
      expect(created.status).toBe(201)
      expect((await t.api('GET', 'auth/profile', { token: created.body.data.secret })).body).toMatchObject({ data: { username: 'Admin' } })

      // The rows are in PostgreSQL; the data folder's SQLite file stays as the folder's opening makes it: empty.
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      const { rows } = await client.query<{ first_name: string }>('SELECT first_name FROM "user"')
      await client.end()
      expect(rows).toEqual([{ first_name: 'Ada' }])
      expect((await stat(join(dataDir, 'waymark.sqlite'))).size).toBe(0)
    } finally {
      await t.close()
    }
  })
})
