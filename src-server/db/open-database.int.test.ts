import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { DataSource } from 'typeorm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dataDirLayout, type DataDirLayout } from '../data-dir'
import { databaseBefore } from '../test/database-before'
import { SPORTS } from '../../src/domain/sports'
import { AppConfigEntity, SportEntity } from './entities'
import { BACKUPS_KEPT, openDatabase } from './open-database'

describe('database schema and start-up', () => {
  let dir: string
  let layout: DataDirLayout
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-db-'))
    layout = dataDirLayout(dir)
    await mkdir(layout.backups)
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('gets from the migrations exactly the schema the entities describe', async () => {
    const db = await openDatabase(layout, new Date())
    try {
      const pending = await db.driver.createSchemaBuilder().log()
      expect(pending.upQueries.map((query) => query.query)).toEqual([])
      expect(await db.showMigrations()).toBe(false)
    } finally {
      await db.destroy()
    }
  })

  it('runs with WAL, foreign keys and a busy timeout', async () => {
    const db = await openDatabase(layout, new Date())
    try {
      expect(await db.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }])
      expect(await db.query('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }])
      expect(await db.query('PRAGMA busy_timeout')).toEqual([{ timeout: 10_000 }])
    } finally {
      await db.destroy()
    }
  })

  it('seeds the sports and the configuration defaults', async () => {
    const db = await openDatabase(layout, new Date())
    try {
      // The reference tracker's 12 keep their ids and labels; the sports for real files follow.
      expect((await db.manager.find(SportEntity, { order: { id: 'ASC' } })).map(({ id, label, isActive }) => ({ id, label, isActive }))).toEqual(
        SPORTS.map(({ id, label }) => ({ id, label, isActive: true })),
      )
      expect((await db.manager.findOneBy(SportEntity, { id: 12 }))?.label).toBe('Snowshoes')
      expect(await db.manager.findOneBy(SportEntity, { id: 8 })).toMatchObject({ label: 'Trail', stoppedSpeedThreshold: 0.1 })
      expect(await db.manager.findOneBy(AppConfigEntity, { id: 1 })).toEqual({
        id: 1,
        maxUsers: 0,
        maxSingleFileSize: 20_971_520,
        maxZipFileSize: 524_288_000,
        gpxLimitImport: 5000,
        adminContact: null,
      })
    } finally {
      await db.destroy()
    }
  })

  it('backs up an existing database before migrating it and keeps the newest copies', async () => {
    // An existing database whose migrations are pending (here: none applied yet).
    const old = new DataSource({ type: 'sqlite', database: layout.database })
    await old.initialize()
    await old.query('CREATE TABLE keepsake (note text)')
    await old.query(`INSERT INTO keepsake VALUES ('ten years of rides')`)
    await old.destroy()
    for (let i = 0; i < BACKUPS_KEPT + 2; i += 1) {
      await writeFile(join(layout.backups, `waymark-2020-01-0${i + 1}T00-00-00-000Z.sqlite`), 'old')
    }

    const db = await openDatabase(layout, new Date('2026-05-04T03:02:01.000Z'))
    await db.destroy()

    const backups = (await readdir(layout.backups)).sort()
    expect(backups).toHaveLength(BACKUPS_KEPT)
    expect(backups.at(-1)).toBe('waymark-2026-05-04T03-02-01-000Z.sqlite')
    const copy = new DataSource({ type: 'sqlite', database: join(layout.backups, 'waymark-2026-05-04T03-02-01-000Z.sqlite') })
    await copy.initialize()
    expect(await copy.query('SELECT note FROM keepsake')).toEqual([{ note: 'ten years of rides' }])
    await copy.destroy()
  })

  it('does not back up a new database or an up-to-date one', async () => {
    await (await openDatabase(layout, new Date())).destroy()
    await (await openDatabase(layout, new Date())).destroy()
    expect(await readdir(layout.backups)).toEqual([])
  })
})

describe('upgrading a database with workouts', () => {
  it('keeps chart data readable when it becomes compressed', async () => {
    // A database as the second migration left it, with one workout and its text chart data.
    const { dir, layout, old } = await databaseBefore('CompressedTracks1763769600000', 'waymark-upgrade-')
    const chart = [{ segment: 0, distanceKm: 0, elapsedS: 0, time: 0, speedKmh: 1, elevationM: null, lat: 45, lon: 6 }]
    await old.query(`INSERT INTO workout_track (workout_id, chart, polyline) VALUES ('w1', ?, ?)`, [JSON.stringify(chart), '[[[45,6]]]'])
    await old.destroy()

    const db = await openDatabase(layout, new Date('2026-02-02T00:00:00Z'))
    const [row] = await db.query<{ chart: Buffer; polyline: Buffer }[]>(`SELECT chart, polyline FROM workout_track WHERE workout_id = 'w1'`)
    expect(JSON.parse(gunzipSync(row?.chart ?? Buffer.alloc(0)).toString())).toEqual(chart)
    expect(JSON.parse(gunzipSync(row?.polyline ?? Buffer.alloc(0)).toString())).toEqual([[[45, 6]]])
    expect(await readdir(layout.backups)).toHaveLength(1)
    await db.destroy()
    await rm(dir, { recursive: true, force: true })
  })
})
