import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * Sports that real activity files need (pool and open-water swims, indoor rides, and "Other" for
 * what a file names but no sport fits). The 12 existing sports keep their ids and labels; a new
 * sport starts active and can be disabled by an administrator like any other. Frozen.
 */
export class SportsForRealFiles1795507595185 implements MigrationInterface {
  name = 'SportsForRealFiles1795507595185'

  private readonly sports: readonly [number, string, number][] = [
    [13, 'Swimming (Pool)', 0.1],
    [14, 'Swimming (Open Water)', 0.1],
    [15, 'Cycling (Indoor)', 1],
    [16, 'Other', 0.1],
  ]

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [id, label, threshold] of this.sports) {
      await queryRunner.query(`INSERT INTO "sport" ("id", "label", "is_active", "stopped_speed_threshold") VALUES (?, ?, 1, ?)`, [
        id,
        label,
        threshold,
      ])
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "sport" WHERE "id" IN (13, 14, 15, 16)`)
  }
}
