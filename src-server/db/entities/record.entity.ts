import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm'
import { WorkoutEntity } from './workout.entity'

/** Record kinds: average speed, farthest distance, highest ascent, longest duration, max speed. */
export type RecordType = 'AS' | 'FD' | 'HA' | 'LD' | 'MS'

/** A user's best value of one kind for one sport. */
@Entity('record')
@Unique('uq_record_user_sport_type', ['userId', 'sportId', 'recordType'])
@Index('idx_record_workout', ['workoutId'])
export class RecordEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number

  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'integer', name: 'sport_id' })
  sportId!: number

  @Column({ type: 'text', name: 'workout_id' })
  workoutId!: string

  @Column({ type: 'text', name: 'record_type' })
  recordType!: RecordType

  /** km/h (AS, MS), km (FD), m (HA), seconds (LD). */
  @Column({ type: 'real' })
  value!: number

  @Column({ type: 'datetime', name: 'workout_date' })
  workoutDate!: Date

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}
