import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Moderation of sharing (issue 31): when an administrator suspended an account's sharing, and
 * when one hid a comment; null (nothing suspended or hidden) on every existing row. Frozen.
 */
export class SharingModeration1795836870824 implements MigrationInterface {
  name = 'SharingModeration1795836870824'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entities on each engine (the schema tests compare them).
    const type = queryRunner.connection.options.type === 'postgres' ? 'TIMESTAMP WITH TIME ZONE' : 'datetime'
    const add = queryRunner.connection.options.type === 'postgres' ? 'ADD' : 'ADD COLUMN'
    await queryRunner.query(`ALTER TABLE "user" ${add} "sharing_suspended_at" ${type}`)
    await queryRunner.query(`ALTER TABLE "workout_comment" ${add} "suspended_at" ${type}`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout_comment" DROP COLUMN "suspended_at"`)
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "sharing_suspended_at"`)
  }
}
