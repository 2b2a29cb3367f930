import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Import tasks and their per-file results in the database (issue 14 M5, issue 15): reports survive
 * a restart, are bounded per user and expire, and an interrupted import can resume. Frozen.
 */
export class ImportTasks1795509119269 implements MigrationInterface {
  name = 'ImportTasks1795509119269'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "import_task" ("id" text PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "status" text NOT NULL, "message" text, "files_total" integer NOT NULL, "files_done" integer NOT NULL, "current_file" text, "bytes_extracted" integer NOT NULL DEFAULT (0), "archive_path" text, "options" text NOT NULL, "created_at" datetime NOT NULL, "finished_at" datetime, CONSTRAINT "FK_32f31bb2d65f35d74d256a2ff48" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
    await queryRunner.query(`CREATE INDEX "idx_import_task_user" ON "import_task" ("user_id") `)
    await queryRunner.query(
      `CREATE TABLE "import_task_result" ("task_id" text NOT NULL, "seq" integer NOT NULL, "file" text NOT NULL, "status" text NOT NULL, "workout_id" text, "message" text, CONSTRAINT "FK_456372030e705a7965d587cd3bf" FOREIGN KEY ("task_id") REFERENCES "import_task" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("task_id", "seq"))`,
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "import_task_result"`)
    await queryRunner.query(`DROP INDEX "idx_import_task_user"`)
    await queryRunner.query(`DROP TABLE "import_task"`)
  }
}
