import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * A sport's speed/pace choice may be unset (null): the sport's default then applies, pace for foot
 * sports and swims (issue 33). The column held 'speed' for everyone who never chose, so 'speed'
 * becomes unset; a 'pace' was a choice and stays. Frozen.
 */
export class SportSpeedDisplayDefault1795759949113 implements MigrationInterface {
  name = 'SportSpeedDisplayDefault1795759949113'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_sport_preference" ADD COLUMN "speed_display_choice" text CHECK ("speed_display_choice" IN ('speed', 'pace'))`,
    )
    await queryRunner.query(`UPDATE "user_sport_preference" SET "speed_display_choice" = 'pace' WHERE "speed_display" = 'pace'`)
    await queryRunner.query(`ALTER TABLE "user_sport_preference" DROP COLUMN "speed_display"`)
    await queryRunner.query(`ALTER TABLE "user_sport_preference" RENAME COLUMN "speed_display_choice" TO "speed_display"`)
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_sport_preference" ADD COLUMN "speed_display_all" text NOT NULL DEFAULT 'speed' CHECK ("speed_display_all" IN ('speed', 'pace'))`,
    )
    await queryRunner.query(`UPDATE "user_sport_preference" SET "speed_display_all" = 'pace' WHERE "speed_display" = 'pace'`)
    await queryRunner.query(`ALTER TABLE "user_sport_preference" DROP COLUMN "speed_display"`)
    await queryRunner.query(`ALTER TABLE "user_sport_preference" RENAME COLUMN "speed_display_all" TO "speed_display"`)
  }
}
