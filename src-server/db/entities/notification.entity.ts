import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import type { NotificationType } from '../../../src/contracts/notifications'
import { WorkoutCommentEntity } from './comment.entity'
import { UserEntity } from './user.entity'
import { WorkoutEntity } from './workout.entity'

/**
 * Something another user did that concerns `toUserId` (a follow, a comment, a like, a mention),
 * removed with what it tells of (by cascade, or by the undo that withdraws it).
 */
@Entity('notification')
export class NotificationEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_notification_to_user')
  @Column({ type: 'integer', name: 'to_user_id' })
  toUserId!: number

  @Column({ type: 'integer', name: 'from_user_id' })
  fromUserId!: number

  @Column({ type: 'text' })
  type!: NotificationType

  @Column({ type: 'text', name: 'workout_id', nullable: true })
  workoutId!: string | null

  @Column({ type: 'text', name: 'comment_id', nullable: true })
  commentId!: string | null

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'boolean', name: 'marked_as_read', default: false })
  markedAsRead!: boolean

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'to_user_id' })
  toUser?: UserEntity

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'from_user_id' })
  fromUser?: UserEntity

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity

  @ManyToOne(() => WorkoutCommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id' })
  comment?: WorkoutCommentEntity
}
