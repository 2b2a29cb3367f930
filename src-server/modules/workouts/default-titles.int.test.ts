import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { openDatabase } from '../../db/open-database'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { databaseBefore } from '../../test/database-before'
import type { TestServer } from '../../test/test-server'
import { fixture, upload } from '../../test/workouts'

/**
 * Default titles name the sport and the part of the day in the owner's language and zone, with no
 * clock time; a title the user gave is theirs. The reference fixture's track starts at 12:44:45 UTC.
 */
describe('default workout titles', () => {
  let t: TestServer
  let sam: Account
  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterAll(() => t.close())

  const setPreferences = async (language: string, timezone: string) => {
    const body = { display_ascent: true, imperial_units: false, language, timezone, weekm: false }
    expect((await t.api('POST', 'auth/profile/edit/preferences', { token: sam.token, body })).status).toBe(200)
  }
  /** Uploads the reference run and answers its title and id (the same file twice is a duplicate: delete it before the next). */
  const uploaded = async (data: Record<string, unknown>): Promise<{ id: string; title: string }> => {
    const gpx = (await fixture('gpx/gpx_file.gpx')).toString('utf8').replace('<name>just a workout</name>', '')
    const answer = await upload<WorkoutsResponse>(t, sam.token, 'run.gpx', gpx, { sport_id: SPORT_ID.running, ...data })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [workout] = answer.body.data.workouts
    if (!workout) throw new Error('no workout in the answer')
    return { id: workout.id, title: workout.title }
  }
  const remove = async (id: string) => expect((await t.api('DELETE', `workouts/${id}`, { token: sam.token })).status).toBe(204)

  it('take the part of the day in the zone the user has when importing, and keep it after a zone change', async () => {
    // 12:44 UTC: 05:44 in Los Angeles, 13:44 in Paris, 21:44 in Tokyo.
    await setPreferences('en', 'America/Los_Angeles')
    const first = await uploaded({})
    expect(first.title).toBe('Morning run')
    await setPreferences('fr', 'Europe/Paris')
    // The stored title has no clock time the new zone could contradict, so it is left as it was.
    const kept = await t.api<WorkoutsResponse>('GET', `workouts/${first.id}`, { token: sam.token })
    expect(kept.body.data.workouts[0]?.title).toBe('Morning run')
    await remove(first.id)
    const french = await uploaded({})
    expect(french.title).toBe("Course de l'après-midi")
    await remove(french.id)
    await setPreferences('de', 'Asia/Tokyo')
    const german = await uploaded({})
    expect(german.title).toBe('Lauf am Abend')
    await remove(german.id)
  })

  it('leave a title the user typed as it is, clock times included', async () => {
    await setPreferences('fr', 'Europe/Paris')
    const typed = await uploaded({ title: 'Running - 2018-03-13 13:44:45' })
    expect(typed.title).toBe('Running - 2018-03-13 13:44:45')
    await remove(typed.id)
  })
})

describe('upgrading titles the old default generated', () => {
  it('rewrites only a title that is exactly its workout’s old default, in the owner’s language and zone', async () => {
    const { dir, layout, old } = await databaseBefore('DefaultTitles1795809284481', 'waymark-default-titles-')
    // The owner reads French in Paris; w1 (the helper's) starts 2020-01-01 00:00 UTC, a cycling workout.
    await old.query(`UPDATE "user" SET language = 'fr', timezone = 'Europe/Paris'`)
    const rows: [string, number, string | number, string][] = [
      // Start 2018-03-13 12:44:45 UTC, generated in Paris (13:44:45), English sport name.
      ['gen-en', SPORT_ID.running, '2018-03-13 12:44:45.000', 'Running - 2018-03-13 13:44:45'],
      // Generated in New York, French sport name; the start has milliseconds the title dropped.
      ['gen-fr', SPORT_ID.running, '2018-03-13 19:10:02.600', 'Course à pied - 2018-03-13 15:10:02'],
      // Generated in German in Kathmandu (+05:45): 23:59 UTC is 05:44 the next day.
      ['gen-de', SPORT_ID.hiking, '2018-03-12 23:59:30.000', 'Wandern - 2018-03-13 05:44:30'],
      // A date a raw insert left as epoch milliseconds (SQLite keeps what it is given): 12:44:45 UTC.
      ['gen-ms', SPORT_ID.running, Date.UTC(2018, 2, 13, 12, 44, 45), 'Running - 2018-03-13 13:44:45'],
      // Not the old default: one second off, another sport's name, a user's own words, an offset no zone has.
      ['second-off', SPORT_ID.running, '2018-03-13 12:44:45.000', 'Running - 2018-03-13 13:44:46'],
      ['other-sport', SPORT_ID.running, '2018-03-13 12:44:45.000', 'Hiking - 2018-03-13 13:44:45'],
      ['typed', SPORT_ID.running, '2018-03-13 12:44:45.000', 'Tempo - 2018-03-13 13:44:45'],
      ['no-zone', SPORT_ID.running, '2018-03-13 12:44:45.000', 'Running - 2018-03-13 13:51:45'],
    ]
    for (const [id, sport, date, title] of rows) {
      await old.query(
        `INSERT INTO workout (id, user_id, sport_id, workout_date, created_at, duration, moving, pauses, distance, title) VALUES (?, 1, ?, ?, ?, 60, 60, 0, 1, ?)`,
        [id, sport, date, date, title],
      )
    }
    await old.destroy()
    const db = await openDatabase(layout, new Date('2026-11-27T00:00:00Z'))
    try {
      const titles = Object.fromEntries(
        (await db.query<{ id: string; title: string | null }[]>(`SELECT id, title FROM workout ORDER BY id`)).map((row) => [row.id, row.title]),
      )
      expect(titles).toEqual({
        // The new default in the owner's language (French) and zone (Paris): 13:44, 20:10 and 00:59.
        'gen-en': "Course de l'après-midi",
        'gen-fr': 'Course du soir',
        'gen-de': 'Randonnée de nuit',
        'gen-ms': "Course de l'après-midi",
        'second-off': 'Running - 2018-03-13 13:44:46',
        'other-sport': 'Hiking - 2018-03-13 13:44:45',
        typed: 'Tempo - 2018-03-13 13:44:45',
        'no-zone': 'Running - 2018-03-13 13:51:45',
        w1: null,
      })
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
