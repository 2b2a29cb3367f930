import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The dashboard's workout index also holds the duration: a profile's totals add it up, and
 * without it in the index SQLite read every workout row of the user (EXPLAIN QUERY PLAN: "USING
 * INDEX idx_workout_user_file_hash", now "USING COVERING INDEX"). Frozen.
 */
export class WorkoutTotalsDuration1795539794811 implements MigrationInterface {
  name = 'WorkoutTotalsDuration1795539794811'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_workout_user_date_totals"`)
    await queryRunner.query(
      `CREATE INDEX "idx_workout_user_date_totals" ON "workout" ("user_id", "workout_date", "id", "sport_id", "distance", "moving", "ascent", "descent", "ave_speed", "duration") `,
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_workout_user_date_totals"`)
    await queryRunner.query(
      `CREATE INDEX "idx_workout_user_date_totals" ON "workout" ("user_id", "workout_date", "id", "sport_id", "distance", "moving", "ascent", "descent", "ave_speed") `,
    )
  }
}
