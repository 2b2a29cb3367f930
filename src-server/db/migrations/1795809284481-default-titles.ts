import type { MigrationInterface, QueryRunner } from 'typeorm'
import { createZoneClock, type ZoneClock } from '../../../src/domain/zoned-time'
import de from '../../../src/i18n/locales/de/sports.json'
import fr from '../../../src/i18n/locales/fr/sports.json'
import { workoutTitle } from '../../../src/i18n/workout-titles'

/** The old generated title: a sport name, ` - ` and the start's local date and time to the second. */
const GENERATED = /^(.+) - (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/** Time zones are whole quarter hours from UTC, at most 14 hours away. */
const ZONE_STEP_MS = 15 * 60_000
const MAX_OFFSET_MS = 14 * 3_600_000

/** The names the old title gave a sport: its label (English) or its French or German name. */
const NAMES: readonly Readonly<Record<string, string>>[] = [fr, de]

interface Row {
  id: string
  title: string
  workout_date: string | number | Date
  label: string
  language: string
  timezone: string
}

/**
 * Start time of a stored `workout_date`: PostgreSQL hands back a Date, SQLite what was written,
 * TypeORM's UTC text (`2018-03-13 12:44:45.000`), or epoch milliseconds from a raw insert.
 */
function startMs(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  return /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? Date.parse(value) : Date.parse(`${value.replace(' ', 'T')}Z`)
}

/** The hour of `start` in `timeZone`; UTC for a zone this Node does not know, so no row stops the upgrade. */
function localHour(clocks: Map<string, ZoneClock | null>, timeZone: string, start: number): number {
  // One clock per zone, not per row: an install has few zones and may have many old titles.
  if (!clocks.has(timeZone)) {
    try {
      clocks.set(timeZone, createZoneClock(timeZone))
    } catch {
      clocks.set(timeZone, null)
    }
  }
  return clocks.get(timeZone)?.local(start).hour ?? new Date(start).getUTCHours()
}

/**
 * Whether `title` is exactly what the old default gave this workout: its own sport's name and its
 * own start read in some time zone, to the second. A title a user typed matches only if it copies
 * that text character for character.
 */
function isGeneratedTitle(title: string, label: string, start: number): boolean {
  const match = GENERATED.exec(title)
  if (!match) return false
  const [, name = '', ...parts] = match
  if (name !== label && !NAMES.some((names) => names[label] === name)) return false
  const [year, month, day, hour, minute, second] = parts.map(Number) as [number, number, number, number, number, number]
  const offset = Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(start / 1000) * 1000
  return offset % ZONE_STEP_MS === 0 && Math.abs(offset) <= MAX_OFFSET_MS
}

/**
 * Default titles no longer carry a clock time (`Running - 2018-03-13 13:44:45` said 13:44 after the
 * user moved to another zone, where the date then read 07:44): the titles the old rule generated
 * become the new default (`Afternoon run`, `Course de l'après-midi`), in the owner's language and
 * zone. Every other title, typed or from a file, stays as it is. Reads today's title words, so it
 * gives what a new import gives. Down keeps the new titles: the old ones were never the user's.
 */
export class DefaultTitles1795809284481 implements MigrationInterface {
  name = 'DefaultTitles1795809284481'

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT w.id, w.title, w.workout_date, s.label, u.language, u.timezone FROM workout w
       JOIN sport s ON s.id = w.sport_id JOIN "user" u ON u.id = w.user_id
       WHERE w.title LIKE '% - ____-__-__ __:__:__'`,
    )) as Row[]
    const update = queryRunner.connection.options.type === 'postgres' ? `UPDATE workout SET title = $1 WHERE id = $2` : `UPDATE workout SET title = ? WHERE id = ?`
    const clocks = new Map<string, ZoneClock | null>()
    for (const row of rows) {
      const start = startMs(row.workout_date)
      if (!isGeneratedTitle(row.title, row.label, start)) continue
      await queryRunner.query(update, [workoutTitle(row.label, localHour(clocks, row.timezone, start), row.language), row.id])
    }
  }

  async down(): Promise<void> {
    // The old titles are not written back: they were generated, never chosen.
  }
}
