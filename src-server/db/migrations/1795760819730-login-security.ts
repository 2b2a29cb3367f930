import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Addresses each user logged in from, kept across restarts for the failed-login limits, and the
 * one session a password change keeps (issue 28). Frozen.
 */
export class LoginSecurity1795760819730 implements MigrationInterface {
  name = 'LoginSecurity1795760819730'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_address" ("user_id" integer NOT NULL, "address" text NOT NULL, "last_login_at" datetime NOT NULL, CONSTRAINT "FK_3ce6a0d54a2eb76c5055091a0e1" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "address"))`,
    )
    await queryRunner.query(`ALTER TABLE "user" ADD COLUMN "kept_session_hash" text`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "kept_session_hash"`)
    await queryRunner.query(`DROP TABLE "login_address"`)
  }
}
