import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The first schema: every entity of the spec, the 12 sports with the reference tracker's ids and
 * thresholds, and the configuration row with defaults that suit importing a whole history.
 * Frozen: later changes go into new migrations.
 */
export class InitialSchema1763596800000 implements MigrationInterface {
  name = 'InitialSchema1763596800000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "app_config" ("id" integer PRIMARY KEY NOT NULL, "max_users" integer NOT NULL, "max_single_file_size" integer NOT NULL, "max_zip_file_size" integer NOT NULL, "gpx_limit_import" integer NOT NULL, "admin_contact" text)`,
    )
    await queryRunner.query(
      `CREATE TABLE "sport" ("id" integer PRIMARY KEY NOT NULL, "label" text NOT NULL, "is_active" boolean NOT NULL DEFAULT (1), "stopped_speed_threshold" real NOT NULL, CONSTRAINT "UQ_248808f92d9e7f2fcdfca8c67f4" UNIQUE ("label"))`,
    )
    await queryRunner.query(
      `CREATE TABLE "user" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" text COLLATE NOCASE NOT NULL, "email" text COLLATE NOCASE NOT NULL, "password_hash" text NOT NULL, "admin" boolean NOT NULL DEFAULT (0), "is_active" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL, "first_name" text, "last_name" text, "birth_date" text, "location" text, "bio" text, "picture" text, "language" text NOT NULL DEFAULT ('en'), "timezone" text NOT NULL DEFAULT ('Europe/Paris'), "weekm" boolean NOT NULL DEFAULT (0), "imperial_units" boolean NOT NULL DEFAULT (0), "display_ascent" boolean NOT NULL DEFAULT (1), "email_to_confirm" text, "confirmation_token_hash" text, "confirmation_token_expires_at" datetime, "email_token_hash" text, "email_token_expires_at" datetime, "token_version" integer NOT NULL DEFAULT (0), CONSTRAINT "UQ_78a916df40e02a9deb1c4b75edb" UNIQUE ("username"), CONSTRAINT "UQ_e12875dfb3b1d92d7d7c5377e22" UNIQUE ("email"))`,
    )
    await queryRunner.query(
      `CREATE TABLE "user_sport_preference" ("user_id" integer NOT NULL, "sport_id" integer NOT NULL, "color" text, "is_active" boolean NOT NULL DEFAULT (1), "stopped_speed_threshold" real NOT NULL, CONSTRAINT "FK_d9f12b398611c4e310ac327ab9c" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_c47e8736070d06bb79ba72795c2" FOREIGN KEY ("sport_id") REFERENCES "sport" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "sport_id"))`,
    )
    await queryRunner.query(
      `CREATE TABLE "workout" ("id" text PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "sport_id" integer NOT NULL, "title" text, "notes" text, "workout_date" datetime NOT NULL, "created_at" datetime NOT NULL, "modified_at" datetime, "duration" integer NOT NULL, "moving" integer NOT NULL, "pauses" integer NOT NULL, "distance" real NOT NULL, "ave_speed" real, "max_speed" real, "min_alt" real, "max_alt" real, "ascent" real, "descent" real, "bounds" text, "file_path" text, "file_hash" text, "map_id" text, "weather_start" text, "weather_end" text, CONSTRAINT "FK_e92af579b7b9236feacf264b722" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_9b01c64ef3706e2aa5c5143fd64" FOREIGN KEY ("sport_id") REFERENCES "sport" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    )
    await queryRunner.query(`CREATE INDEX "idx_workout_user_date" ON "workout" ("user_id", "workout_date") `)
    await queryRunner.query(
      `CREATE TABLE "workout_segment" ("workout_id" text NOT NULL, "segment_index" integer NOT NULL, "duration" integer NOT NULL, "moving" integer NOT NULL, "pauses" integer NOT NULL, "distance" real NOT NULL, "ave_speed" real, "max_speed" real, "min_alt" real, "max_alt" real, "ascent" real, "descent" real, CONSTRAINT "FK_bedd410224ffd2a04a96b6f9e88" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("workout_id", "segment_index"))`,
    )
    await queryRunner.query(
      `CREATE TABLE "record" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "sport_id" integer NOT NULL, "workout_id" text NOT NULL, "record_type" text NOT NULL, "value" real NOT NULL, "workout_date" datetime NOT NULL, CONSTRAINT "uq_record_user_sport_type" UNIQUE ("user_id", "sport_id", "record_type"), CONSTRAINT "FK_0487ef342f9b0ed711560362528" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )

    // Sports with the reference tracker's ids and default stopped-speed thresholds (km/h).
    const sports: [number, string, number][] = [
      [1, 'Cycling (Sport)', 1],
      [2, 'Cycling (Transport)', 1],
      [3, 'Hiking', 0.1],
      [4, 'Mountain Biking', 1],
      [5, 'Running', 1],
      [6, 'Walking', 0.1],
      [7, 'Mountain Biking (Electric)', 1],
      [8, 'Trail', 0.1],
      [9, 'Skiing (Alpine)', 1],
      [10, 'Skiing (Cross Country)', 0.1],
      [11, 'Rowing', 1],
      [12, 'Snowshoes', 0.1],
    ]
    for (const [id, label, threshold] of sports) {
      await queryRunner.query(
        `INSERT INTO "sport" ("id", "label", "is_active", "stopped_speed_threshold") VALUES (?, ?, 1, ?)`,
        [id, label, threshold],
      )
    }

    // 20 MiB per file, 500 MiB per archive, 5,000 files per archive, unlimited users.
    await queryRunner.query(
      `INSERT INTO "app_config" ("id", "max_users", "max_single_file_size", "max_zip_file_size", "gpx_limit_import", "admin_contact") VALUES (1, 0, ?, ?, 5000, NULL)`,
      [20 * 1024 * 1024, 500 * 1024 * 1024],
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['record', 'workout_segment', 'workout', 'user_sport_preference', 'user', 'sport', 'app_config']) {
      await queryRunner.query(`DROP TABLE "${table}"`)
    }
  }
}
