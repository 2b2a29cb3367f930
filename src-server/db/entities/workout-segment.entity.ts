import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { WorkoutEntity } from './workout.entity'

/** One segment of a workout's track, with its own figures (same units as the workout). */
@Entity('workout_segment')
export class WorkoutSegmentEntity {
  @PrimaryColumn({ type: 'text', name: 'workout_id' })
  workoutId!: string

  /** 0-based position in the workout. */
  @PrimaryColumn({ type: 'integer', name: 'segment_index' })
  segmentIndex!: number

  @Column({ type: 'integer' })
  duration!: number

  @Column({ type: 'integer' })
  moving!: number

  @Column({ type: 'integer' })
  pauses!: number

  /** km; null when the file measured no distance (unknown, not 0). */
  @Column({ type: 'real', nullable: true })
  distance!: number | null

  @Column({ type: 'real', name: 'ave_speed', nullable: true })
  aveSpeed!: number | null

  @Column({ type: 'real', name: 'max_speed', nullable: true })
  maxSpeed!: number | null

  @Column({ type: 'real', name: 'min_alt', nullable: true })
  minAlt!: number | null

  @Column({ type: 'real', name: 'max_alt', nullable: true })
  maxAlt!: number | null

  @Column({ type: 'real', nullable: true })
  ascent!: number | null

  @Column({ type: 'real', nullable: true })
  descent!: number | null

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}
