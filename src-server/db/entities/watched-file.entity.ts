import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm'
import { UserEntity } from './user.entity'

/**
 * A file found in a watched folder and what became of it: the list of automatic imports, and the
 * memory that keeps a file from being imported again after a restart (same size and time: skipped).
 */
@Entity('watched_file')
@Index('uq_watched_file_user_path', ['userId', 'path'], { unique: true })
export class WatchedFileEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number

  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  /** The watched folder the file was found in. */
  @Column({ type: 'text' })
  folder!: string

  /** The file's absolute path. */
  @Column({ type: 'text' })
  path!: string

  @Column({ type: 'integer' })
  size!: number

  /** Last modification time (epoch ms) when the file was taken. */
  @Column({ type: 'real', name: 'modified_ms' })
  modifiedMs!: number

  @Column({ type: 'text' })
  status!: 'in_progress' | 'imported' | 'duplicate' | 'error'

  /** The workouts it gave (several for a multi-activity file or an archive), space-separated. */
  @Column({ type: 'text', name: 'workout_ids', nullable: true })
  workoutIds!: string | null

  /** Catalogue code of a refusal. */
  @Column({ type: 'text', nullable: true })
  code!: string | null

  /** The background task of an archive. */
  @Column({ type: 'text', name: 'task_id', nullable: true })
  taskId!: string | null

  /** When the file was taken (imported, refused or started). */
  @Column({ type: 'datetime', name: 'taken_at' })
  takenAt!: Date

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}
