import type { MigrationInterface, QueryRunner } from 'typeorm'

const FOREIGN_KEYS = [
  ['FK_9f4a43c2a59839b677d7c42f8e3', 'to_user_id', 'user'],
  ['FK_4ad7d54b0b04b9b321ac13176c0', 'from_user_id', 'user'],
  ['FK_93727ae0946227314c6ea66b529', 'workout_id', 'workout'],
  ['FK_8c115126cd4fdf58819e97a9716', 'comment_id', 'workout_comment'],
] as const

/**
 * Notifications (issue 31): one table, rows removed with the user, workout or comment they tell
 * of; and each user's choice to get them by e-mail (off, as the reference). Existing rows untouched. Frozen.
 */
export class Notifications1795823691755 implements MigrationInterface {
  name = 'Notifications1795823691755'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entities on each engine (the schema tests compare them).
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`ALTER TABLE "user" ADD "notification_emails" boolean NOT NULL DEFAULT false`)
      await queryRunner.query(
        `CREATE TABLE "notification" ("id" text NOT NULL, "to_user_id" integer NOT NULL, "from_user_id" integer NOT NULL, "type" text NOT NULL, "workout_id" text, "comment_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "marked_as_read" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_705b6c7cdf9b2c2ff7ac7872cb7" PRIMARY KEY ("id"))`,
      )
      for (const [name, column, target] of FOREIGN_KEYS)
        await queryRunner.query(`ALTER TABLE "notification" ADD CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`)
    } else {
      await queryRunner.query(`ALTER TABLE "user" ADD COLUMN "notification_emails" boolean NOT NULL DEFAULT (0)`)
      const foreignKeys = FOREIGN_KEYS.map(([name, column, target]) => `, CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}" ("id") ON DELETE CASCADE ON UPDATE NO ACTION`).join('')
      await queryRunner.query(
        `CREATE TABLE "notification" ("id" text PRIMARY KEY NOT NULL, "to_user_id" integer NOT NULL, "from_user_id" integer NOT NULL, "type" text NOT NULL, "workout_id" text, "comment_id" text, "created_at" datetime NOT NULL, "marked_as_read" boolean NOT NULL DEFAULT (0)${foreignKeys})`,
      )
    }
    await queryRunner.query(`CREATE INDEX "idx_notification_to_user" ON "notification" ("to_user_id") `)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_notification_to_user"`)
    await queryRunner.query(`DROP TABLE "notification"`)
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "notification_emails"`)
  }
}
