import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * A user's choice per sport of speed or pace (issue 17); existing preferences keep speed, the
 * specification's default. Frozen.
 */
export class SportSpeedDisplay1795528211867 implements MigrationInterface {
  name = 'SportSpeedDisplay1795528211867'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_sport_preference" ADD COLUMN "speed_display" text NOT NULL DEFAULT 'speed' CHECK ("speed_display" IN ('speed', 'pace'))`,
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_sport_preference" DROP COLUMN "speed_display"`)
  }
}
