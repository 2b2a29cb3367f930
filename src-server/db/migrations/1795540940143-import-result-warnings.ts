import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Per-file results of archive imports carry the file's warnings (a FIT file's damaged end), as a
 * single upload's answer does (issue 12). Frozen.
 */
export class ImportResultWarnings1795540940143 implements MigrationInterface {
  name = 'ImportResultWarnings1795540940143'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task_result" ADD COLUMN "warnings" text`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task_result" DROP COLUMN "warnings"`)
  }
}
