import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Share links (issue 31): revocable, expiring links to one workout for visitors without an
 * account. Only each link's SHA-256 is kept; revoking deletes the row. Frozen.
 */
export class ShareLinks1795777100000 implements MigrationInterface {
  name = 'ShareLinks1795777100000'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entity on each engine (the schema tests compare them).
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE TABLE "share_link" ("id" text NOT NULL, "workout_id" text NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c20801720fbd00896c634d4aa94" PRIMARY KEY ("id"))`,
      )
      await queryRunner.query(
        `ALTER TABLE "share_link" ADD CONSTRAINT "FK_3a0f25233c0b33276750806018c" FOREIGN KEY ("workout_id") REFERENCES "workout"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      )
    } else {
      await queryRunner.query(
        `CREATE TABLE "share_link" ("id" text PRIMARY KEY NOT NULL, "workout_id" text NOT NULL, "token_hash" text NOT NULL, "created_at" datetime NOT NULL, "expires_at" datetime, CONSTRAINT "FK_3a0f25233c0b33276750806018c" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      )
    }
    await queryRunner.query(`CREATE INDEX "idx_share_link_workout" ON "share_link" ("workout_id") `)
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_share_link_hash" ON "share_link" ("token_hash") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_share_link_hash"`)
    await queryRunner.query(`DROP INDEX "idx_share_link_workout"`)
    await queryRunner.query(`DROP TABLE "share_link"`)
  }
}
