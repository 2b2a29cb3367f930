import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Equipment (issue 32): the reference tracker's 11 types with its ids, each user's items with their
 * totals (kept with the workouts' writes), the items of each workout, and each item's sports it is
 * the default for. Frozen.
 */
export class Equipment1795774148657 implements MigrationInterface {
  name = 'Equipment1795774148657'

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres'
    // The two tables with entities are created as TypeORM describes them on each engine (the schema
    // tests compare them); the link tables have no entity and one form.
    await queryRunner.query(
      postgres
        ? `CREATE TABLE "equipment_type" ("id" integer NOT NULL, "label" text NOT NULL, "is_active" boolean NOT NULL DEFAULT true, CONSTRAINT "UQ_c58209344c92d1684934f83c235" UNIQUE ("label"), CONSTRAINT "PK_ee23d8bc7edce7f6f0d2e90c573" PRIMARY KEY ("id"))`
        : `CREATE TABLE "equipment_type" ("id" integer PRIMARY KEY NOT NULL, "label" text NOT NULL UNIQUE, "is_active" boolean NOT NULL DEFAULT (1))`,
    )
    const types = ['Shoes', 'Bike', 'Bike Trainer', 'Kayak_Boat', 'Skis', 'Snowshoes', 'Board', 'Racket', 'Paddle', 'Misc', 'Skates']
    const rows = types.map((label, index) => `(${index + 1}, '${label}')`).join(', ')
    await queryRunner.query(`INSERT INTO "equipment_type" ("id", "label") VALUES ${rows}`)
    await queryRunner.query(
      postgres
        ? `CREATE TABLE "equipment" ("id" text NOT NULL, "user_id" integer NOT NULL, "label" text NOT NULL, "description" text, "equipment_type_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "visibility" text NOT NULL DEFAULT 'private', "total_distance" double precision NOT NULL DEFAULT '0', "total_duration" integer NOT NULL DEFAULT '0', "total_moving" integer NOT NULL DEFAULT '0', "total_workouts" integer NOT NULL DEFAULT '0', CONSTRAINT "uq_equipment_user_label" UNIQUE ("user_id", "label"), CONSTRAINT "PK_0722e1b9d6eb19f5874c1678740" PRIMARY KEY ("id"))`
        : `CREATE TABLE "equipment" ("id" text PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "label" text NOT NULL, "description" text, "equipment_type_id" integer NOT NULL, "created_at" datetime NOT NULL, "is_active" boolean NOT NULL DEFAULT (1), "visibility" text NOT NULL DEFAULT ('private'), "total_distance" real NOT NULL DEFAULT (0), "total_duration" integer NOT NULL DEFAULT (0), "total_moving" integer NOT NULL DEFAULT (0), "total_workouts" integer NOT NULL DEFAULT (0), CONSTRAINT "uq_equipment_user_label" UNIQUE ("user_id", "label"), CONSTRAINT "FK_1d4f3c9f12d9f5cb2f02fd0dfbf" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_3a73cb0e6695b05e28cedcc3d23" FOREIGN KEY ("equipment_type_id") REFERENCES "equipment_type" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    )
    if (postgres) {
      await queryRunner.query(
        `ALTER TABLE "equipment" ADD CONSTRAINT "FK_1d4f3c9f12d9f5cb2f02fd0dfbf" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      )
      await queryRunner.query(
        `ALTER TABLE "equipment" ADD CONSTRAINT "FK_3a73cb0e6695b05e28cedcc3d23" FOREIGN KEY ("equipment_type_id") REFERENCES "equipment_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      )
    }
    await queryRunner.query(
      `CREATE TABLE "workout_equipment" ("workout_id" text NOT NULL, "equipment_id" text NOT NULL, PRIMARY KEY ("workout_id", "equipment_id"),
        CONSTRAINT "fk_workout_equipment_workout" FOREIGN KEY ("workout_id") REFERENCES "workout" ("id") ON DELETE CASCADE,
        CONSTRAINT "fk_workout_equipment_equipment" FOREIGN KEY ("equipment_id") REFERENCES "equipment" ("id") ON DELETE CASCADE)`,
    )
    await queryRunner.query(`CREATE INDEX "idx_workout_equipment_equipment" ON "workout_equipment" ("equipment_id")`)
    await queryRunner.query(
      `CREATE TABLE "equipment_sport_default" ("equipment_id" text NOT NULL, "sport_id" integer NOT NULL, PRIMARY KEY ("equipment_id", "sport_id"),
        CONSTRAINT "fk_equipment_default_equipment" FOREIGN KEY ("equipment_id") REFERENCES "equipment" ("id") ON DELETE CASCADE,
        CONSTRAINT "fk_equipment_default_sport" FOREIGN KEY ("sport_id") REFERENCES "sport" ("id") ON DELETE CASCADE)`,
    )
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment_sport_default"`)
    await queryRunner.query(`DROP TABLE "workout_equipment"`)
    await queryRunner.query(`DROP TABLE "equipment"`)
    await queryRunner.query(`DROP TABLE "equipment_type"`)
  }
}
