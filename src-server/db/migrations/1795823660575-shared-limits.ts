import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * State the instances of a club server share through their PostgreSQL database: failed-login and
 * request counters (a lockout pulled through one instance holds on all) and settings such as the
 * first account's setup code. A SQLite server keeps them in its process (it owns its database
 * alone); the tables exist there too, empty, so both engines have one schema. Frozen.
 */
export class SharedLimits1795823660575 implements MigrationInterface {
  name = 'SharedLimits1795823660575'

  async up(queryRunner: QueryRunner): Promise<void> {
    const instant = queryRunner.connection.options.type === 'postgres' ? 'timestamp with time zone' : 'datetime'
    await queryRunner.query(`CREATE TABLE "attempt_counter" ("key" text PRIMARY KEY NOT NULL, "count" integer NOT NULL, "reset_at" ${instant} NOT NULL)`)
    await queryRunner.query(`CREATE TABLE "shared_setting" ("name" text PRIMARY KEY NOT NULL, "value" text NOT NULL)`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "shared_setting"`)
    await queryRunner.query(`DROP TABLE "attempt_counter"`)
  }
}
