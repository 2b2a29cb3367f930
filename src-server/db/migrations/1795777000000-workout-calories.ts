import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Workouts keep the calories their file states (FIT session, TCX laps), as the reference
 * tracker's API gives them; existing workouts have none until re-imported. Frozen.
 */
export class WorkoutCalories1795777000000 implements MigrationInterface {
  name = 'WorkoutCalories1795777000000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "calories" integer`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout" DROP COLUMN "calories"`)
  }
}
