import { gunzipSync } from 'node:zlib'
import type { MigrationInterface, QueryRunner } from 'typeorm'
import type { LatLon } from '../../../src/domain/analysis'
import { heatmapLines } from '../../../src/domain/heatmap'

/** Rows converted per batch, to keep memory flat on large histories. */
const BATCH = 200

/**
 * Each workout's heatmap line (issue 17), stored so the heatmap reads a few hundred bytes per
 * workout instead of decompressing and simplifying every map line per request; existing rows get
 * it from their stored map line.
 */
export class HeatmapLines1795518840038 implements MigrationInterface {
  name = 'HeatmapLines1795518840038'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout_track" ADD COLUMN "heatmap" text`)
    let after = ''
    for (;;) {
      const rows = (await queryRunner.query(`SELECT workout_id, polyline FROM "workout_track" WHERE workout_id > ? ORDER BY workout_id LIMIT ${BATCH}`, [
        after,
      ])) as { workout_id: string; polyline: Buffer }[]
      for (const row of rows) {
        const polyline = JSON.parse(gunzipSync(row.polyline).toString('utf8')) as LatLon[][]
        await queryRunner.query(`UPDATE "workout_track" SET "heatmap" = ? WHERE workout_id = ?`, [heatmapLines(polyline), row.workout_id])
      }
      const last = rows.at(-1)
      if (!last) break
      after = last.workout_id
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout_track" DROP COLUMN "heatmap"`)
  }
}
