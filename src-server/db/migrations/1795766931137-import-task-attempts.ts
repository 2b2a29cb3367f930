import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Import tasks count the starts that resumed them after a crash, so a task that takes the server
 * down is resumed once, not at every start (issue 28). Frozen.
 */
export class ImportTaskAttempts1795766931137 implements MigrationInterface {
  name = 'ImportTaskAttempts1795766931137'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task" ADD COLUMN "attempts" integer NOT NULL DEFAULT 0`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task" DROP COLUMN "attempts"`)
  }
}
