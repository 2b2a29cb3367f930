import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { WorkoutEntity } from './workout.entity'

/** A link that shows one workout to visitors without an account, until it expires or is deleted. Only its SHA-256 is kept. */
@Entity('share_link')
export class ShareLinkEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_share_link_workout')
  @Column({ type: 'text', name: 'workout_id' })
  workoutId!: string

  @Index('idx_share_link_hash', { unique: true })
  @Column({ type: 'text', name: 'token_hash' })
  tokenHash!: string

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'datetime', name: 'expires_at', nullable: true })
  expiresAt!: Date | null

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}
