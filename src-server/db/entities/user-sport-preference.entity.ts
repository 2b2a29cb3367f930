import type { SpeedDisplay } from '../../../src/domain/pace'
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { SportEntity } from './sport.entity'
import { UserEntity } from './user.entity'

/** A user's own settings for one sport. */
@Entity('user_sport_preference')
export class UserSportPreferenceEntity {
  @PrimaryColumn({ type: 'integer', name: 'user_id' })
  userId!: number

  @PrimaryColumn({ type: 'integer', name: 'sport_id' })
  sportId!: number

  @Column({ type: 'text', nullable: true })
  color!: string | null

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean

  /** km/h */
  @Column({ type: 'real', name: 'stopped_speed_threshold' })
  stoppedSpeedThreshold!: number

  /** Speeds of this sport read as a speed or as a pace (time per km or mile); null: the sport's default. */
  @Column({ type: 'text', name: 'speed_display', nullable: true })
  speedDisplay!: SpeedDisplay | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity

  @ManyToOne(() => SportEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sport_id' })
  sport?: SportEntity
}
