import type { MigrationInterface, QueryRunner } from 'typeorm'

/** The tables whose `distance` becomes nullable. */
const TABLES = ['workout', 'workout_segment'] as const

/**
 * A workout (and its segments) may have no distance: a file that measured none (an indoor ride
 * without a speed sensor) is imported with `distance` NULL, unknown rather than 0. Existing rows
 * keep their distance. SQLite cannot drop a NOT NULL: each table is rebuilt from its own current
 * definition (the migrations run with foreign keys off, so the rows referring to it stay), and its
 * indexes are created again. Frozen.
 */
export class NullableDistance1795795581599 implements MigrationInterface {
  name = 'NullableDistance1795795581599'

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      if (queryRunner.connection.options.type === 'postgres') {
        await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "distance" DROP NOT NULL`)
        continue
      }
      await rebuild(queryRunner, table, '"distance" real NOT NULL', '"distance" real')
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      // A distance that was never measured goes back to the 0 the schema then allowed.
      await queryRunner.query(`UPDATE "${table}" SET "distance" = 0 WHERE "distance" IS NULL`)
      if (queryRunner.connection.options.type === 'postgres') {
        await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "distance" SET NOT NULL`)
        continue
      }
      await rebuild(queryRunner, table, '"distance" real', '"distance" real NOT NULL')
    }
  }
}

/** Rebuilds a SQLite table with one column definition replaced, keeping its rows and indexes. */
async function rebuild(queryRunner: QueryRunner, table: string, column: string, replacement: string): Promise<void> {
  const [definition] = (await queryRunner.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [table])) as { sql: string }[]
  // The definition followed by the next column or the end (so "distance" real does not match the start of "distance" real NOT NULL).
  const pattern = new RegExp(`${column}(?=\\s*[,)])`)
  if (!definition || !pattern.test(definition.sql)) throw new Error(`${table}: column definition ${column} not found`)
  const indexes = (await queryRunner.query(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`, [table])) as { sql: string }[]
  const temporary = `temporary_${table}`
  await queryRunner.query(definition.sql.replace(pattern, replacement).replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${temporary}"`))
  await queryRunner.query(`INSERT INTO "${temporary}" SELECT * FROM "${table}"`)
  await queryRunner.query(`DROP TABLE "${table}"`)
  await queryRunner.query(`ALTER TABLE "${temporary}" RENAME TO "${table}"`)
  for (const index of indexes) await queryRunner.query(index.sql)
}
