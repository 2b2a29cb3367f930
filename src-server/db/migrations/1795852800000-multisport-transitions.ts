import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Workouts tell whether they are a multisport file's transition (T1, T2), which holds no record;
 * existing workouts are not (their file's leg sport was not kept), until re-imported. Frozen.
 */
export class MultisportTransitions1795852800000 implements MigrationInterface {
  name = 'MultisportTransitions1795852800000'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entity on each engine (the schema tests compare them).
    const off = queryRunner.connection.options.type === 'postgres' ? 'false' : '(0)'
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "transition" boolean NOT NULL DEFAULT ${off}`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout" DROP COLUMN "transition"`)
  }
}
