import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * An import task names the server instance running it and until when (its lease, renewed while it
 * runs), so on a club server's PostgreSQL another instance resumes it only once that instance is
 * gone. Existing tasks have none: the next start claims them as before. Frozen.
 */
export class ImportTaskLease1795810934523 implements MigrationInterface {
  name = 'ImportTaskLease1795810934523'

  async up(queryRunner: QueryRunner): Promise<void> {
    const instant = queryRunner.connection.options.type === 'postgres' ? 'timestamp with time zone' : 'datetime'
    await queryRunner.query(`ALTER TABLE "import_task" ADD COLUMN "lease_owner" text`)
    await queryRunner.query(`ALTER TABLE "import_task" ADD COLUMN "lease_until" ${instant}`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_task" DROP COLUMN "lease_until"`)
    await queryRunner.query(`ALTER TABLE "import_task" DROP COLUMN "lease_owner"`)
  }
}
