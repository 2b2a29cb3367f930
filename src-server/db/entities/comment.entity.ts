import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import type { Visibility } from '../../../src/domain/visibility'
import { UserEntity } from './user.entity'
import { WorkoutEntity } from './workout.entity'

/** A comment on a workout, seen by whom its `text_visibility` allows among those who may see the workout. */
@Entity('workout_comment')
export class WorkoutCommentEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_workout_comment_workout')
  @Column({ type: 'text', name: 'workout_id' })
  workoutId!: string

  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'text' })
  text!: string

  @Column({ type: 'text', name: 'text_visibility' })
  textVisibility!: Visibility

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  /** When the text was last edited; null until then. */
  @Column({ type: 'datetime', name: 'modification_date', nullable: true })
  modificationDate!: Date | null

  /** When an administrator hid the comment (seen then by its author and administrators only); null: shown. */
  @Column({ type: 'datetime', name: 'suspended_at', nullable: true })
  suspendedAt!: Date | null

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}

/** One user's like of a workout (at most one each). */
@Entity('workout_like')
export class WorkoutLikeEntity {
  @PrimaryColumn({ type: 'text', name: 'workout_id' })
  workoutId!: string

  @Index('idx_workout_like_user')
  @PrimaryColumn({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}

/** One user's like of a comment (at most one each). */
@Entity('comment_like')
export class CommentLikeEntity {
  @PrimaryColumn({ type: 'text', name: 'comment_id' })
  commentId!: string

  @Index('idx_comment_like_user')
  @PrimaryColumn({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @ManyToOne(() => WorkoutCommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id' })
  comment?: WorkoutCommentEntity

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}
