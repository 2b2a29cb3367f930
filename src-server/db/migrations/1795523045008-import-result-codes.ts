import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Per-file results of archive imports carry their catalogue code (the UI translates by it) and every
 * workout a multi-activity file gave, not only the first (issue 15). Frozen.
 */
export class ImportResultCodes1795523045008 implements MigrationInterface {
  name = 'ImportResultCodes1795523045008'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task_result" ADD COLUMN "code" text`)
    await queryRunner.query(`ALTER TABLE "import_task_result" ADD COLUMN "workout_ids" text`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task_result" DROP COLUMN "workout_ids"`)
    await queryRunner.query(`ALTER TABLE "import_task_result" DROP COLUMN "code"`)
  }
}
