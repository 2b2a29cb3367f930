import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { UserEntity } from './user.entity'

/** A circle (centre and radius in metres) where a user's tracks are hidden from everyone else. */
@Entity('privacy_zone')
export class PrivacyZoneEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_privacy_zone_user')
  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'real' })
  latitude!: number

  @Column({ type: 'real' })
  longitude!: number

  @Column({ type: 'integer' })
  radius!: number

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}
