import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Follows (issue 31): follow requests, pending until answered, and each user's choice to approve
 * them by hand (the reference's default, true, for existing accounts too). Frozen.
 */
export class Follows1795783947017 implements MigrationInterface {
  name = 'Follows1795783947017'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entity on each engine (the schema tests compare them).
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`ALTER TABLE "user" ADD "manually_approves_followers" boolean NOT NULL DEFAULT true`)
      await queryRunner.query(
        `CREATE TABLE "follow_request" ("follower_id" integer NOT NULL, "followed_id" integer NOT NULL, "is_approved" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0419af9a48fcc2354c0490383e2" PRIMARY KEY ("follower_id", "followed_id"))`,
      )
      for (const [name, column] of [
        ['FK_20235ec29d53b663abc82cb397c', 'follower_id'],
        ['FK_3066eb970d377f2a3cf1d946566', 'followed_id'],
      ] as const)
        await queryRunner.query(
          `ALTER TABLE "follow_request" ADD CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
        )
    } else {
      await queryRunner.query(`ALTER TABLE "user" ADD COLUMN "manually_approves_followers" boolean NOT NULL DEFAULT (1)`)
      await queryRunner.query(
        `CREATE TABLE "follow_request" ("follower_id" integer NOT NULL, "followed_id" integer NOT NULL, "is_approved" boolean NOT NULL DEFAULT (0), "created_at" datetime NOT NULL, "updated_at" datetime, CONSTRAINT "FK_20235ec29d53b663abc82cb397c" FOREIGN KEY ("follower_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_3066eb970d377f2a3cf1d946566" FOREIGN KEY ("followed_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("follower_id", "followed_id"))`,
      )
    }
    await queryRunner.query(`CREATE INDEX "idx_follow_request_followed" ON "follow_request" ("followed_id") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_follow_request_followed"`)
    await queryRunner.query(`DROP TABLE "follow_request"`)
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "manually_approves_followers"`)
  }
}
