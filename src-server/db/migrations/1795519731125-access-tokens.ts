import type { MigrationInterface, QueryRunner } from 'typeorm'

/** Personal access tokens (issue 16): named, hashed, scoped secrets for scripts and other apps. Frozen. */
export class AccessTokens1795519731125 implements MigrationInterface {
  name = 'AccessTokens1795519731125'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "access_token" ("id" text PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "name" text NOT NULL, "token_hash" text NOT NULL, "scope" text NOT NULL, "created_at" datetime NOT NULL, "expires_at" datetime, "last_used_at" datetime, "revoked_at" datetime, CONSTRAINT "FK_4bd9bc00776919370526766eb43" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    )
    await queryRunner.query(`CREATE INDEX "idx_access_token_user" ON "access_token" ("user_id") `)
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_access_token_hash" ON "access_token" ("token_hash") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_access_token_hash"`)
    await queryRunner.query(`DROP INDEX "idx_access_token_user"`)
    await queryRunner.query(`DROP TABLE "access_token"`)
  }
}
