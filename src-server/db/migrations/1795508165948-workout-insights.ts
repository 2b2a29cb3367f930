import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Splits, laps, best efforts and zone histograms per workout (issue 17), and the user's zone
 * settings (max and resting heart rate, FTP). New tables and nullable columns only:
 * existing workouts get their rows from the background recompute at start-up, so this
 * migration is instant whatever the history's size.
 */
export class WorkoutInsights1795508165948 implements MigrationInterface {
  name = 'WorkoutInsights1795508165948'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "workout_insight" ("workout_id" text PRIMARY KEY NOT NULL, "version" integer NOT NULL, "data" blob NOT NULL, CONSTRAINT "FK_2fa3db71960db719589c8a444be" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
    await queryRunner.query(
      `CREATE TABLE "workout_best_effort" ("workout_id" text NOT NULL, "kind" text NOT NULL, "target" real NOT NULL, "value" real NOT NULL, CONSTRAINT "FK_a7a9bf80a8a25878aec8064e34a" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("workout_id", "kind", "target"))`,
    )
    await queryRunner.query(`CREATE INDEX "idx_best_effort_kind_target" ON "workout_best_effort" ("kind", "target") `)
    // Zone settings of the profile's preferences; columns added in place, no table rebuild.
    for (const column of ['max_heart_rate', 'resting_heart_rate', 'ftp']) {
      await queryRunner.query(`ALTER TABLE "user" ADD COLUMN "${column}" integer`)
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['ftp', 'resting_heart_rate', 'max_heart_rate']) await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "${column}"`)
    await queryRunner.query(`DROP TABLE "workout_best_effort"`)
    await queryRunner.query(`DROP TABLE "workout_insight"`)
  }
}
