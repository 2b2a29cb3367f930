import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Wear (issue 32): an item's optional limits (km, hours) and bikes' components, each counting its
 * bike's workouts between its fitting and its removal, with totals kept like the items'. Frozen.
 */
export class EquipmentWear1795795381058 implements MigrationInterface {
  name = 'EquipmentWear1795795381058'

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres'
    // The item's columns as TypeORM describes them on each engine (the schema tests compare them);
    // the component table has no entity and one form but its types.
    const real = postgres ? 'double precision' : 'real'
    const instant = postgres ? 'TIMESTAMP WITH TIME ZONE' : 'datetime'
    for (const column of ['wear_limit_distance', 'wear_limit_hours']) await queryRunner.query(`ALTER TABLE "equipment" ADD ${postgres ? '' : 'COLUMN '}"${column}" ${real}`)
    await queryRunner.query(
      `CREATE TABLE "equipment_component" ("id" text PRIMARY KEY NOT NULL, "equipment_id" text NOT NULL, "label" text NOT NULL,
        "fitted_at" ${instant} NOT NULL, "removed_at" ${instant}, "wear_limit_distance" ${real}, "wear_limit_hours" ${real},
        "total_distance" ${real} NOT NULL DEFAULT 0, "total_duration" integer NOT NULL DEFAULT 0, "total_moving" integer NOT NULL DEFAULT 0,
        "total_workouts" integer NOT NULL DEFAULT 0,
        CONSTRAINT "fk_equipment_component_equipment" FOREIGN KEY ("equipment_id") REFERENCES "equipment" ("id") ON DELETE CASCADE)`,
    )
    await queryRunner.query(`CREATE INDEX "idx_equipment_component_equipment" ON "equipment_component" ("equipment_id", "fitted_at")`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment_component"`)
    await queryRunner.query(`ALTER TABLE "equipment" DROP COLUMN "wear_limit_hours"`)
    await queryRunner.query(`ALTER TABLE "equipment" DROP COLUMN "wear_limit_distance"`)
  }
}
