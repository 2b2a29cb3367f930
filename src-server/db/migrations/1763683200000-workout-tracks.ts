import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Workouts from FIT/TCX files and stored derived data: the file format and sensors of a
 * workout, an index for duplicate detection, and the table of chart series and map lines.
 * Columns are added in place (no table rebuild) so existing rows and their children stay.
 */
export class WorkoutTracks1763683200000 implements MigrationInterface {
  name = 'WorkoutTracks1763683200000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "file_format" text`)
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "has_heart_rate" boolean NOT NULL DEFAULT (0)`)
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "has_cadence" boolean NOT NULL DEFAULT (0)`)
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "has_power" boolean NOT NULL DEFAULT (0)`)
    await queryRunner.query(`CREATE INDEX "idx_workout_user_file_hash" ON "workout" ("user_id", "file_hash") `)
    await queryRunner.query(
      `CREATE TABLE "workout_track" ("workout_id" text PRIMARY KEY NOT NULL, "chart" text NOT NULL, "polyline" text NOT NULL, CONSTRAINT "FK_88d1a6eaded25deec50177d8ea5" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workout_track"`)
    await queryRunner.query(`DROP INDEX "idx_workout_user_file_hash"`)
    for (const column of ['has_power', 'has_cadence', 'has_heart_rate', 'file_format']) {
      await queryRunner.query(`ALTER TABLE "workout" DROP COLUMN "${column}"`)
    }
  }
}
