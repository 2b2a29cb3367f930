import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { UserEntity } from './user.entity'

/**
 * A background import (an archive or an account export) and its progress. Kept in the database
 * so its report survives a restart and an interrupted import can resume; removed with its owner
 * (which is also how a running import learns that its owner is gone).
 */
@Entity('import_task')
export class ImportTaskEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_import_task_user')
  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'text' })
  status!: 'in_progress' | 'done' | 'failed'

  /** Catalogue message of a task that failed as a whole. */
  @Column({ type: 'text', nullable: true })
  message!: string | null

  @Column({ type: 'integer', name: 'files_total' })
  filesTotal!: number

  @Column({ type: 'integer', name: 'files_done' })
  filesDone!: number

  @Column({ type: 'text', name: 'current_file', nullable: true })
  currentFile!: string | null

  /** Bytes extracted so far, so a resumed import keeps within the archive size limit. */
  @Column({ type: 'integer', name: 'bytes_extracted', default: 0 })
  bytesExtracted!: number

  /** The kept archive while the task runs (for resuming), null once it is finished. */
  @Column({ type: 'text', name: 'archive_path', nullable: true })
  archivePath!: string | null

  /**
   * Starts that resumed the task after the server stopped without ending it (a crash): a task
   * found running with one already is not resumed again (it may be what crashed the server).
   */
  @Column({ type: 'integer', default: 0 })
  attempts!: number

  /** The server instance running the task (club servers: several share one database), null before any claimed it. */
  @Column({ type: 'text', name: 'lease_owner', nullable: true })
  leaseOwner!: string | null

  /** Until when that instance holds the task; it renews this while it runs, and another instance takes over a task past it. */
  @Column({ type: 'datetime', name: 'lease_until', nullable: true })
  leaseUntil!: Date | null

  /** JSON of the user's choices and the limits in force when the archive arrived. */
  @Column({ type: 'text' })
  options!: string

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'datetime', name: 'finished_at', nullable: true })
  finishedAt!: Date | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}

/** What became of one file (or one table row) of an import. */
@Entity('import_task_result')
export class ImportTaskResultEntity {
  @PrimaryColumn({ type: 'text', name: 'task_id' })
  taskId!: string

  /** Order of the results in the report. */
  @PrimaryColumn({ type: 'integer' })
  seq!: number

  @Column({ type: 'text' })
  file!: string

  @Column({ type: 'text' })
  status!: 'imported' | 'duplicate' | 'updated' | 'error'

  @Column({ type: 'text', name: 'workout_id', nullable: true })
  workoutId!: string | null

  @Column({ type: 'text', nullable: true })
  message!: string | null

  /** The catalogue key of an error (null in reports written before codes were stored). */
  @Column({ type: 'text', nullable: true })
  code!: string | null

  /** Every workout of the file, space-separated (null: only `workout_id`, as before). */
  @Column({ type: 'text', name: 'workout_ids', nullable: true })
  workoutIds!: string | null

  /** JSON of the file's warnings (`UploadWarning[]`), or null when it had none. */
  @Column({ type: 'text', nullable: true })
  warnings!: string | null

  @ManyToOne(() => ImportTaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'task_id' })
  task?: ImportTaskEntity
}
