import type { MigrationInterface, QueryRunner } from 'typeorm'

/** ASCII letters folded to lower case: SQLite's NOCASE, the rule usernames and e-mails follow on both engines. */
const FOLD = (column: string) => `translate(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`

/**
 * PostgreSQL's first migration (club servers, issue 30): the schema the 17 SQLite migrations up to
 * `ImportTaskAttempts1795766931137` end with, with PostgreSQL's types (`timestamptz`, `double
 * precision`, `bytea`), and their seeded sports and settings. Usernames and e-mails are unique
 * ignoring ASCII case, as SQLite's NOCASE makes them, by unique indexes on the folded text.
 * Migrations written after it run on both engines. Frozen.
 */
export class PostgresBaseline1795766931138 implements MigrationInterface {
  name = 'PostgresBaseline1795766931138'

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "user" ("id" SERIAL NOT NULL, "username" text NOT NULL, "email" text NOT NULL, "password_hash" text NOT NULL, "admin" boolean NOT NULL DEFAULT false, "is_active" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "first_name" text, "last_name" text, "birth_date" text, "location" text, "bio" text, "picture" text, "language" text NOT NULL DEFAULT 'en', "timezone" text NOT NULL DEFAULT 'Europe/Paris', "weekm" boolean NOT NULL DEFAULT false, "imperial_units" boolean NOT NULL DEFAULT false, "display_ascent" boolean NOT NULL DEFAULT true, "max_heart_rate" integer, "resting_heart_rate" integer, "ftp" integer, "email_to_confirm" text, "confirmation_token_hash" text, "confirmation_token_expires_at" TIMESTAMP WITH TIME ZONE, "email_token_hash" text, "email_token_expires_at" TIMESTAMP WITH TIME ZONE, "token_version" integer NOT NULL DEFAULT '0', "kept_session_hash" text, CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))`,
      `CREATE TABLE "access_token" ("id" text NOT NULL, "user_id" integer NOT NULL, "name" text NOT NULL, "token_hash" text NOT NULL, "scope" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f20f028607b2603deabd8182d12" PRIMARY KEY ("id"))`,
      `CREATE INDEX "idx_access_token_user" ON "access_token" ("user_id")`,
      `CREATE UNIQUE INDEX "idx_access_token_hash" ON "access_token" ("token_hash")`,
      `CREATE TABLE "app_config" ("id" integer NOT NULL, "max_users" integer NOT NULL, "max_single_file_size" integer NOT NULL, "max_zip_file_size" integer NOT NULL, "gpx_limit_import" integer NOT NULL, "admin_contact" text, CONSTRAINT "PK_ccdbb6f00e8113d8953476a507b" PRIMARY KEY ("id"))`,
      `CREATE TABLE "import_task" ("id" text NOT NULL, "user_id" integer NOT NULL, "status" text NOT NULL, "message" text, "files_total" integer NOT NULL, "files_done" integer NOT NULL, "current_file" text, "bytes_extracted" integer NOT NULL DEFAULT '0', "archive_path" text, "attempts" integer NOT NULL DEFAULT '0', "options" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2d84eab9e212f2b6acb22d05bc4" PRIMARY KEY ("id"))`,
      `CREATE INDEX "idx_import_task_user" ON "import_task" ("user_id")`,
      `CREATE TABLE "import_task_result" ("task_id" text NOT NULL, "seq" integer NOT NULL, "file" text NOT NULL, "status" text NOT NULL, "workout_id" text, "message" text, "code" text, "workout_ids" text, "warnings" text, CONSTRAINT "PK_16b2ddf88ad5e5649c5eecc01fd" PRIMARY KEY ("task_id", "seq"))`,
      `CREATE TABLE "sport" ("id" integer NOT NULL, "label" text NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "stopped_speed_threshold" double precision NOT NULL, CONSTRAINT "UQ_248808f92d9e7f2fcdfca8c67f4" UNIQUE ("label"), CONSTRAINT "PK_c67275331afac347120a1032825" PRIMARY KEY ("id"))`,
      `CREATE TABLE "workout" ("id" text NOT NULL, "user_id" integer NOT NULL, "sport_id" integer NOT NULL, "title" text, "notes" text, "workout_date" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "modified_at" TIMESTAMP WITH TIME ZONE, "duration" integer NOT NULL, "moving" integer NOT NULL, "pauses" integer NOT NULL, "distance" double precision NOT NULL, "ave_speed" double precision, "max_speed" double precision, "min_alt" double precision, "max_alt" double precision, "ascent" double precision, "descent" double precision, "bounds" text, "file_path" text, "file_format" text, "file_hash" text, "map_id" text, "weather_start" text, "weather_end" text, "has_heart_rate" boolean NOT NULL DEFAULT false, "has_cadence" boolean NOT NULL DEFAULT false, "has_power" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_ea37ec052825688082b19f0d939" PRIMARY KEY ("id"))`,
      `CREATE INDEX "idx_workout_user_file_hash" ON "workout" ("user_id", "file_hash")`,
      `CREATE INDEX "idx_workout_user_date_totals" ON "workout" ("user_id", "workout_date", "id", "sport_id", "distance", "moving", "ascent", "descent", "ave_speed", "duration")`,
      `CREATE TABLE "record" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "sport_id" integer NOT NULL, "workout_id" text NOT NULL, "record_type" text NOT NULL, "value" double precision NOT NULL, "workout_date" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "uq_record_user_sport_type" UNIQUE ("user_id", "sport_id", "record_type"), CONSTRAINT "PK_5cb1f4d1aff275cf9001f4343b9" PRIMARY KEY ("id"))`,
      `CREATE INDEX "idx_record_workout" ON "record" ("workout_id")`,
      `CREATE TABLE "user_sport_preference" ("user_id" integer NOT NULL, "sport_id" integer NOT NULL, "color" text, "is_active" boolean NOT NULL DEFAULT true, "stopped_speed_threshold" double precision NOT NULL, "speed_display" text CHECK ("speed_display" IN ('speed', 'pace')), CONSTRAINT "PK_15a662d14d8001bdf86b5e114f8" PRIMARY KEY ("user_id", "sport_id"))`,
      `CREATE TABLE "workout_segment" ("workout_id" text NOT NULL, "segment_index" integer NOT NULL, "duration" integer NOT NULL, "moving" integer NOT NULL, "pauses" integer NOT NULL, "distance" double precision NOT NULL, "ave_speed" double precision, "max_speed" double precision, "min_alt" double precision, "max_alt" double precision, "ascent" double precision, "descent" double precision, CONSTRAINT "PK_ce0a33a9526b8f38e9869bf7d58" PRIMARY KEY ("workout_id", "segment_index"))`,
      `CREATE TABLE "workout_track" ("workout_id" text NOT NULL, "chart" bytea NOT NULL, "polyline" bytea NOT NULL, "heatmap" text, CONSTRAINT "PK_88d1a6eaded25deec50177d8ea5" PRIMARY KEY ("workout_id"))`,
      `CREATE TABLE "workout_insight" ("workout_id" text NOT NULL, "version" integer NOT NULL, "data" bytea NOT NULL, CONSTRAINT "PK_2fa3db71960db719589c8a444be" PRIMARY KEY ("workout_id"))`,
      `CREATE TABLE "workout_best_effort" ("workout_id" text NOT NULL, "kind" text NOT NULL, "target" double precision NOT NULL, "value" double precision NOT NULL, CONSTRAINT "PK_9f168bb22e667e1a97f099325c0" PRIMARY KEY ("workout_id", "kind", "target"))`,
      `CREATE INDEX "idx_best_effort_kind_target" ON "workout_best_effort" ("kind", "target")`,
      `CREATE TABLE "watched_file" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "folder" text NOT NULL, "path" text NOT NULL, "size" integer NOT NULL, "modified_ms" double precision NOT NULL, "status" text NOT NULL, "workout_ids" text, "code" text, "task_id" text, "taken_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_27fd6ca4e18c0ba4f987dd0e6d4" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "uq_watched_file_user_path" ON "watched_file" ("user_id", "path")`,
      `CREATE TABLE "login_address" ("user_id" integer NOT NULL, "address" text NOT NULL, "last_login_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_40ca0bbc85c6c3aa618ce61947a" PRIMARY KEY ("user_id", "address"))`,
      `ALTER TABLE "access_token" ADD CONSTRAINT "FK_4bd9bc00776919370526766eb43" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "import_task" ADD CONSTRAINT "FK_32f31bb2d65f35d74d256a2ff48" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "import_task_result" ADD CONSTRAINT "FK_456372030e705a7965d587cd3bf" FOREIGN KEY ("task_id") REFERENCES "import_task"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout" ADD CONSTRAINT "FK_e92af579b7b9236feacf264b722" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout" ADD CONSTRAINT "FK_9b01c64ef3706e2aa5c5143fd64" FOREIGN KEY ("sport_id") REFERENCES "sport"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "record" ADD CONSTRAINT "FK_0487ef342f9b0ed711560362528" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "user_sport_preference" ADD CONSTRAINT "FK_d9f12b398611c4e310ac327ab9c" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "user_sport_preference" ADD CONSTRAINT "FK_c47e8736070d06bb79ba72795c2" FOREIGN KEY ("sport_id") REFERENCES "sport"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout_segment" ADD CONSTRAINT "FK_bedd410224ffd2a04a96b6f9e88" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout_track" ADD CONSTRAINT "FK_88d1a6eaded25deec50177d8ea5" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout_insight" ADD CONSTRAINT "FK_2fa3db71960db719589c8a444be" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "workout_best_effort" ADD CONSTRAINT "FK_a7a9bf80a8a25878aec8064e34a" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "watched_file" ADD CONSTRAINT "FK_d16d5295d3433734a37aeac1b2e" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "login_address" ADD CONSTRAINT "FK_3ce6a0d54a2eb76c5055091a0e1" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE UNIQUE INDEX "uq_user_username_nocase" ON "user" (${FOLD('"username"')})`,
      `CREATE UNIQUE INDEX "uq_user_email_nocase" ON "user" (${FOLD('"email"')})`,
      `INSERT INTO "sport" ("id", "label", "stopped_speed_threshold") VALUES (1, 'Cycling (Sport)', 1), (2, 'Cycling (Transport)', 1), (3, 'Hiking', 0.1), (4, 'Mountain Biking', 1), (5, 'Running', 1), (6, 'Walking', 0.1), (7, 'Mountain Biking (Electric)', 1), (8, 'Trail', 0.1), (9, 'Skiing (Alpine)', 1), (10, 'Skiing (Cross Country)', 0.1), (11, 'Rowing', 1), (12, 'Snowshoes', 0.1), (13, 'Swimming (Pool)', 0.1), (14, 'Swimming (Open Water)', 0.1), (15, 'Cycling (Indoor)', 1), (16, 'Other', 0.1)`,
      `INSERT INTO "app_config" ("id", "max_users", "max_single_file_size", "max_zip_file_size", "gpx_limit_import", "admin_contact") VALUES (1, 0, 20971520, 524288000, 5000, NULL)`,
    ]) {
      await queryRunner.query(statement)
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['login_address', 'watched_file', 'workout_best_effort', 'workout_insight', 'workout_track', 'workout_segment', 'user_sport_preference', 'record', 'workout', 'sport', 'import_task_result', 'import_task', 'app_config', 'access_token', 'user']) {
      await queryRunner.query(`DROP TABLE "${table}"`)
    }
  }
}
