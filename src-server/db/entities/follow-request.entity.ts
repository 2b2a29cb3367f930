import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { UserEntity } from './user.entity'

/**
 * One user's request to follow another, as the reference tracker keeps it: pending while
 * `updated_at` is null, then approved or rejected. Unfollowing deletes the row.
 */
@Entity('follow_request')
export class FollowRequestEntity {
  @PrimaryColumn({ type: 'integer', name: 'follower_id' })
  followerId!: number

  @Index('idx_follow_request_followed')
  @PrimaryColumn({ type: 'integer', name: 'followed_id' })
  followedId!: number

  @Column({ type: 'boolean', name: 'is_approved', default: false })
  isApproved!: boolean

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  /** When the request was accepted or rejected; null while it waits. */
  @Column({ type: 'datetime', name: 'updated_at', nullable: true })
  updatedAt!: Date | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'follower_id' })
  follower?: UserEntity

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'followed_id' })
  followed?: UserEntity
}
