import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Indexes for uncached dashboard reads (issue 19), checked with EXPLAIN QUERY PLAN: the workout
 * index by user and date also holds the id (pages in date order without a sort) and the figures
 * the totals add up (statistics and list sums from the index alone); records are found by
 * workout (a workout page's records were a scan of every user's records). Frozen.
 */
export class WorkoutDashboardIndexes1795521266583 implements MigrationInterface {
  name = 'WorkoutDashboardIndexes1795521266583'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_workout_user_date_totals" ON "workout" ("user_id", "workout_date", "id", "sport_id", "distance", "moving", "ascent", "descent", "ave_speed") `,
    )
    await queryRunner.query(`DROP INDEX "idx_workout_user_date"`)
    await queryRunner.query(`CREATE INDEX "idx_record_workout" ON "record" ("workout_id") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_record_workout"`)
    await queryRunner.query(`CREATE INDEX "idx_workout_user_date" ON "workout" ("user_id", "workout_date") `)
    await queryRunner.query(`DROP INDEX "idx_workout_user_date_totals"`)
  }
}
