import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Sharing (issue 31): each workout's visibility — the workout, its analysis, its map — and each
 * user's defaults for new workouts and for heart rate, with the reference tracker's values.
 * Every existing workout and account starts private, so nothing becomes visible by upgrading. Frozen.
 */
export class WorkoutVisibility1795771599177 implements MigrationInterface {
  name = 'WorkoutVisibility1795771599177'

  async up(queryRunner: QueryRunner): Promise<void> {
    const level = `text NOT NULL DEFAULT 'private' CHECK`
    const values = `IN ('private', 'followers_only', 'public'))`
    for (const column of ['workout_visibility', 'analysis_visibility', 'map_visibility'])
      await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "${column}" ${level} ("${column}" ${values}`)
    for (const column of ['workouts_visibility', 'analysis_visibility', 'map_visibility', 'hr_visibility'])
      await queryRunner.query(`ALTER TABLE "user" ADD COLUMN "${column}" ${level} ("${column}" ${values}`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['workouts_visibility', 'analysis_visibility', 'map_visibility', 'hr_visibility'])
      await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "${column}"`)
    for (const column of ['workout_visibility', 'analysis_visibility', 'map_visibility'])
      await queryRunner.query(`ALTER TABLE "workout" DROP COLUMN "${column}"`)
  }
}
