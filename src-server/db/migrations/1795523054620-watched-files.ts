import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Files found in watched folders: the automatic imports list, kept so no file is imported twice (issue 15). Frozen. */
export class WatchedFiles1795523054620 implements MigrationInterface {
  name = 'WatchedFiles1795523054620'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "watched_file" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "folder" text NOT NULL, "path" text NOT NULL, "size" integer NOT NULL, "modified_ms" real NOT NULL, "status" text NOT NULL, "workout_ids" text, "code" text, "task_id" text, "taken_at" datetime NOT NULL, CONSTRAINT "FK_d16d5295d3433734a37aeac1b2e" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_watched_file_user_path" ON "watched_file" ("user_id", "path") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_watched_file_user_path"`)
    await queryRunner.query(`DROP TABLE "watched_file"`)
  }
}
