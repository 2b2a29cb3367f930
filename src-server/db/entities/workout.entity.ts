import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import type { Visibility } from '../../../src/domain/visibility'
import { SportEntity } from './sport.entity'
import { UserEntity } from './user.entity'

/**
 * A workout with its stored figures (computed once at import, recomputable from the original
 * file). Durations are whole seconds, distances km, speeds km/h, altitudes metres.
 */
@Entity('workout')
// Covering the dashboard's reads (pages in date order, totals by period and sport, date range,
// profile totals), so they read this index alone, never the rows (see the migrations
// WorkoutDashboardIndexes and WorkoutTotalsDuration).
@Index('idx_workout_user_date_totals', ['userId', 'workoutDate', 'id', 'sportId', 'distance', 'moving', 'ascent', 'descent', 'aveSpeed', 'duration'])
@Index('idx_workout_user_file_hash', ['userId', 'fileHash'])
export class WorkoutEntity {
  /** Short id (22 characters), as the reference tracker's. */
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'integer', name: 'sport_id' })
  sportId!: number

  @Column({ type: 'text', nullable: true })
  title!: string | null

  @Column({ type: 'text', nullable: true })
  notes!: string | null

  /** Start time, UTC. */
  @Column({ type: 'datetime', name: 'workout_date' })
  workoutDate!: Date

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'datetime', name: 'modified_at', nullable: true })
  modifiedAt!: Date | null

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

  /** JSON `[minLat, minLon, maxLat, maxLon]`, or null without a track. */
  @Column({ type: 'text', nullable: true })
  bounds!: string | null

  /** Original file, relative to the data folder's `uploads/`; null for workouts without a file. */
  @Column({ type: 'text', name: 'file_path', nullable: true })
  filePath!: string | null

  /** Format of the original file, null without a file. */
  @Column({ type: 'text', name: 'file_format', nullable: true })
  fileFormat!: 'gpx' | 'tcx' | 'fit' | null

  /** SHA-256 of the original file, for duplicate detection. */
  @Column({ type: 'text', name: 'file_hash', nullable: true })
  fileHash!: string | null

  /** Id of the static map image in the data folder's `maps/`. */
  @Column({ type: 'text', name: 'map_id', nullable: true })
  mapId!: string | null

  /** JSON weather object at the start, or null. */
  @Column({ type: 'text', name: 'weather_start', nullable: true })
  weatherStart!: string | null

  /** JSON weather object at the end, or null. */
  @Column({ type: 'text', name: 'weather_end', nullable: true })
  weatherEnd!: string | null

  /** The energy the imported file states, kcal; null when it states none (GPX, KML, typed in by hand). */
  @Column({ type: 'integer', nullable: true })
  calories!: number | null

  @Column({ type: 'boolean', name: 'has_heart_rate', default: false })
  hasHeartRate!: boolean

  @Column({ type: 'boolean', name: 'has_cadence', default: false })
  hasCadence!: boolean

  @Column({ type: 'boolean', name: 'has_power', default: false })
  hasPower!: boolean

  /** A multisport file's transition leg (T1, T2): named as such and holding no record. */
  @Column({ type: 'boolean', default: false })
  transition!: boolean

  /** Who may see the workout, its analysis and its map (each capped by the one before; see `src/domain/visibility`). */
  @Column({ type: 'text', name: 'workout_visibility', default: 'private' })
  workoutVisibility!: Visibility

  @Column({ type: 'text', name: 'analysis_visibility', default: 'private' })
  analysisVisibility!: Visibility

  @Column({ type: 'text', name: 'map_visibility', default: 'private' })
  mapVisibility!: Visibility

  /**
   * The workout as the list of its owner's workouts shows it, written once per change (see
   * `list-fragments.ts`); null until written. Never read with the entity.
   */
  @Column({ type: 'text', name: 'list_json', nullable: true, select: false })
  listJson?: string | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity

  @ManyToOne(() => SportEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'sport_id' })
  sport?: SportEntity
}
