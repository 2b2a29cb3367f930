import { Column, Entity, PrimaryColumn } from 'typeorm'

/** A sport; ids are fixed by the seed so they match the reference tracker's. */
@Entity('sport')
export class SportEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number

  @Column({ type: 'text', unique: true })
  label!: string

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean

  /** km/h */
  @Column({ type: 'real', name: 'stopped_speed_threshold' })
  stoppedSpeedThreshold!: number
}
