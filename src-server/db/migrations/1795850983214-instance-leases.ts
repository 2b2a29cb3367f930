import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * The instances of a club server on PostgreSQL, each with its lease (renewed while it runs): an
 * instance whose lease ran out is dead, and another sweeps the files its journal names as in
 * flight (`db/instance-leases.ts`). A SQLite server is the only one on its folder: the table
 * exists there too, empty, so both engines have one schema. Frozen.
 */
export class InstanceLeases1795850983214 implements MigrationInterface {
  name = 'InstanceLeases1795850983214'

  async up(queryRunner: QueryRunner): Promise<void> {
    const instant = queryRunner.connection.options.type === 'postgres' ? 'timestamp with time zone' : 'datetime'
    await queryRunner.query(`CREATE TABLE "server_instance" ("id" text PRIMARY KEY NOT NULL, "lease_until" ${instant} NOT NULL)`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "server_instance"`)
  }
}
