import type { MigrationInterface, QueryRunner } from 'typeorm'

/**
 * A workout keeps its list fragment (`list_json`: the list's JSON of it, written by the server at
 * each write, see `list-fragments.ts`), and the database empties it whenever the workout's row or
 * segments change by any other statement, so a fragment is never older than what it shows. The
 * fragments of existing workouts are written by the server once it starts (`fillListFragments`).
 * Frozen.
 */
export class WorkoutListFragments1795870000000 implements MigrationInterface {
  name = 'WorkoutListFragments1795870000000'

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workout" ADD COLUMN "list_json" text`)
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`CREATE FUNCTION workout_list_json_stale() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.list_json := NULL; RETURN NEW; END $$`)
      // Any update that leaves the fragment as it was (the server writes one only where it is null).
      await queryRunner.query(`CREATE TRIGGER workout_list_json_stale BEFORE UPDATE ON "workout" FOR EACH ROW
        WHEN (NEW.list_json IS NOT NULL AND NEW.list_json IS NOT DISTINCT FROM OLD.list_json) EXECUTE FUNCTION workout_list_json_stale()`)
      // Once per statement: a file's thousands of segments go in one INSERT.
      await queryRunner.query(`CREATE FUNCTION workout_segment_list_json_stale() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE "workout" SET list_json = NULL WHERE list_json IS NOT NULL AND id IN (SELECT workout_id FROM changed); RETURN NULL; END $$`)
      for (const [name, event, rows] of [['added', 'INSERT', 'NEW'], ['removed', 'DELETE', 'OLD'], ['changed_to', 'UPDATE', 'NEW'], ['changed_from', 'UPDATE', 'OLD']] as const) {
        await queryRunner.query(`CREATE TRIGGER workout_segment_list_json_${name} AFTER ${event} ON "workout_segment" REFERENCING ${rows} TABLE AS changed
          FOR EACH STATEMENT EXECUTE FUNCTION workout_segment_list_json_stale()`)
      }
      return
    }
    await queryRunner.query(`CREATE TRIGGER workout_list_json_stale AFTER UPDATE ON "workout" FOR EACH ROW
      WHEN NEW.list_json IS NOT NULL AND NEW.list_json IS OLD.list_json
      BEGIN UPDATE "workout" SET list_json = NULL WHERE id = NEW.id; END`)
    for (const [name, event, row] of [['added', 'INSERT', 'NEW'], ['removed', 'DELETE', 'OLD'], ['changed_to', 'UPDATE', 'NEW'], ['changed_from', 'UPDATE', 'OLD']] as const) {
      await queryRunner.query(`CREATE TRIGGER workout_segment_list_json_${name} AFTER ${event} ON "workout_segment" FOR EACH ROW
        BEGIN UPDATE "workout" SET list_json = NULL WHERE id = ${row}.workout_id AND list_json IS NOT NULL; END`)
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['added', 'removed', 'changed_to', 'changed_from']) await queryRunner.query(`DROP TRIGGER workout_segment_list_json_${name}${queryRunner.connection.options.type === 'postgres' ? ' ON "workout_segment"' : ''}`)
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`DROP TRIGGER workout_list_json_stale ON "workout"`)
      await queryRunner.query(`DROP FUNCTION workout_segment_list_json_stale()`)
      await queryRunner.query(`DROP FUNCTION workout_list_json_stale()`)
    } else await queryRunner.query(`DROP TRIGGER workout_list_json_stale`)
    await queryRunner.query(`ALTER TABLE "workout" DROP COLUMN "list_json"`)
  }
}
