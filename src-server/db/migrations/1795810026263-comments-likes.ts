import type { MigrationInterface, QueryRunner } from 'typeorm'

const TABLES = [
  {
    name: 'workout_comment',
    columns: '"id" text NOT NULL, "workout_id" text NOT NULL, "user_id" integer NOT NULL, "text" text NOT NULL, "text_visibility" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "modification_date" TIMESTAMP WITH TIME ZONE',
    sqliteColumns: '"id" text PRIMARY KEY NOT NULL, "workout_id" text NOT NULL, "user_id" integer NOT NULL, "text" text NOT NULL, "text_visibility" text NOT NULL, "created_at" datetime NOT NULL, "modification_date" datetime',
    primaryKey: ['PK_e62b7c4119869e039300992f225', '"id"'],
    foreignKeys: [
      ['FK_0183f45df38488e7b77439aa8e1', 'workout_id', 'workout'],
      ['FK_cfce04bc0dfb181884d0605221f', 'user_id', 'user'],
    ],
    index: ['idx_workout_comment_workout', 'workout_id'],
  },
  {
    name: 'workout_like',
    columns: '"workout_id" text NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL',
    sqliteColumns: '"workout_id" text NOT NULL, "user_id" integer NOT NULL, "created_at" datetime NOT NULL',
    primaryKey: ['PK_922a6bd70499ffb1b514613236f', '"workout_id", "user_id"'],
    foreignKeys: [
      ['FK_30bb9d72ee3c9e220eaa20c73f8', 'workout_id', 'workout'],
      ['FK_b480b34b7f8f1bccf89845dd4c6', 'user_id', 'user'],
    ],
    index: ['idx_workout_like_user', 'user_id'],
  },
  {
    name: 'comment_like',
    columns: '"comment_id" text NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL',
    sqliteColumns: '"comment_id" text NOT NULL, "user_id" integer NOT NULL, "created_at" datetime NOT NULL',
    primaryKey: ['PK_b81e662a725f9440050ac6e4e28', '"comment_id", "user_id"'],
    foreignKeys: [
      ['FK_4a0c128374ff87d4641cab920f0', 'comment_id', 'workout_comment'],
      ['FK_fd7207639a77fa0f1fea8943b78', 'user_id', 'user'],
    ],
    index: ['idx_comment_like_user', 'user_id'],
  },
] as const

/**
 * Comments and likes (issue 31): a workout's comments, and likes of workouts and of comments.
 * New tables only: existing workouts and accounts are untouched. Frozen.
 */
export class CommentsLikes1795810026263 implements MigrationInterface {
  name = 'CommentsLikes1795810026263'

  async up(queryRunner: QueryRunner): Promise<void> {
    // As TypeORM describes the entities on each engine (the schema tests compare them).
    const postgres = queryRunner.connection.options.type === 'postgres'
    for (const table of TABLES) {
      const [pkName, pkColumns] = table.primaryKey
      if (postgres) {
        await queryRunner.query(`CREATE TABLE "${table.name}" (${table.columns}, CONSTRAINT "${pkName}" PRIMARY KEY (${pkColumns}))`)
        for (const [name, column, target] of table.foreignKeys)
          await queryRunner.query(`ALTER TABLE "${table.name}" ADD CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`)
      } else {
        const foreignKeys = table.foreignKeys.map(([name, column, target]) => `CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}" ("id") ON DELETE CASCADE ON UPDATE NO ACTION`)
        const primaryKey = table.name === 'workout_comment' ? [] : [`PRIMARY KEY (${pkColumns})`]
        await queryRunner.query(`CREATE TABLE "${table.name}" (${[table.sqliteColumns, ...foreignKeys, ...primaryKey].join(', ')})`)
      }
      await queryRunner.query(`CREATE INDEX "${table.index[0]}" ON "${table.name}" ("${table.index[1]}") `)
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) {
      await queryRunner.query(`DROP INDEX "${table.index[0]}"`)
      await queryRunner.query(`DROP TABLE "${table.name}"`)
    }
  }
}
