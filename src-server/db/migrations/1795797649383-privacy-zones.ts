import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Privacy zones (issue 31): circles where a user's tracks are hidden from everyone else. A new
 * table only: existing workouts and accounts are untouched. Frozen.
 */
export class PrivacyZones1795797649383 implements MigrationInterface {
  name = 'PrivacyZones1795797649383'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entity on each engine (the schema tests compare them).
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE TABLE "privacy_zone" ("id" text NOT NULL, "user_id" integer NOT NULL, "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "radius" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_2a625b3e549731ebecc307c0a88" PRIMARY KEY ("id"))`,
      )
      await queryRunner.query(
        `ALTER TABLE "privacy_zone" ADD CONSTRAINT "FK_9fb5763655f0ad3898e159652cf" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      )
    } else {
      await queryRunner.query(
        `CREATE TABLE "privacy_zone" ("id" text PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "latitude" real NOT NULL, "longitude" real NOT NULL, "radius" integer NOT NULL, "created_at" datetime NOT NULL, CONSTRAINT "FK_9fb5763655f0ad3898e159652cf" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      )
    }
    await queryRunner.query(`CREATE INDEX "idx_privacy_zone_user" ON "privacy_zone" ("user_id") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_privacy_zone_user"`)
    await queryRunner.query(`DROP TABLE "privacy_zone"`)
  }
}
