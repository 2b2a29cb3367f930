import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * A workout's link to an item tells which offer for earlier workouts made it (`backfill_id`), so
 * that offer can be undone without touching links set by hand (those, and every link written
 * before, have none). Frozen.
 */
export class EquipmentBackfillLinks1795862400000 implements MigrationInterface {
  name = 'EquipmentBackfillLinks1795862400000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout_equipment" ADD COLUMN "backfill_id" text`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout_equipment" DROP COLUMN "backfill_id"`)
  }
}
