import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm'
import { WorkoutEntity } from './workout.entity'

/**
 * The derived track data of a workout with a file, computed once at import: the downsampled
 * chart series and the simplified map line, packed (`stored-chart.ts`) or gzip-compressed JSON. Kept apart from the
 * workout row so lists never load them.
 */
@Entity('workout_track')
export class WorkoutTrackEntity {
  @PrimaryColumn({ type: 'text', name: 'workout_id' })
  workoutId!: string

  /** The chart points (`ChartPoint` of the domain) as `packChart` writes them, or (earlier imports) gzipped JSON (`stored-chart.ts`). */
  @Column({ type: 'blob' })
  chart!: Buffer

  /** Gzipped JSON array of `[lat, lon][]`, one line per segment. */
  @Column({ type: 'blob' })
  polyline!: Buffer

  /** The heatmap's coarse line (`heatmapLines` of the domain: encoded lines, one per text line). */
  @Column({ type: 'text', nullable: true })
  heatmap!: string | null

  @OneToOne(() => WorkoutEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workout_id' })
  workout?: WorkoutEntity
}
