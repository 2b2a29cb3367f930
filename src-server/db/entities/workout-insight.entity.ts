import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm'
import { WorkoutEntity } from './workout.entity'

/**
 * A workout's splits, laps, best efforts and zone histograms (`StoredInsights` of the domain),
 * computed once from the analysed series at import and kept as gzip-compressed JSON, so the
 * workout page never re-reads the original file. Apart from `workout_track` so that the
 * start-up recompute can tell at a glance which workouts still lack them.
 */
@Entity('workout_insight')
export class WorkoutInsightEntity {
  @PrimaryColumn({ type: 'text', name: 'workout_id' })
  workoutId!: string

  /** `INSIGHTS_VERSION` the row was computed with. */
  @Column({ type: 'integer' })
  version!: number

  /** Gzipped JSON of `StoredInsights`. */
  @Column({ type: 'blob' })
  data!: Buffer

  @OneToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}

/** What a best effort measures: the time over a distance, or the mean power over a duration. */
export type BestEffortKind = 'distance' | 'power'

/**
 * One best effort of a workout, one row each so personal bests across workouts are one indexed
 * query (the workout's user, sport and date come from the `workout` row).
 */
@Entity('workout_best_effort')
@Index('idx_best_effort_kind_target', ['kind', 'target'])
export class WorkoutBestEffortEntity {
  @PrimaryColumn({ type: 'text', name: 'workout_id' })
  workoutId!: string

  @PrimaryColumn({ type: 'text' })
  kind!: BestEffortKind

  /** Metres (distance) or seconds (power). */
  @PrimaryColumn({ type: 'real' })
  target!: number

  /** Moving milliseconds (distance) or watts (power). */
  @Column({ type: 'real' })
  value!: number

  @ManyToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}
