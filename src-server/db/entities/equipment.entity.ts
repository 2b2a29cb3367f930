import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm'
import type { Visibility } from '../../../src/domain/visibility'
import { UserEntity } from './user.entity'

/** A kind of equipment (shoes, bike…); ids fixed by the seed as the reference tracker's. */
@Entity('equipment_type')
export class EquipmentTypeEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number

  @Column({ type: 'text', unique: true })
  label!: string

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean
}

/** Who may see an item inside a workout (the reference's levels; access rules belong to sharing). */
type EquipmentVisibility = Visibility

/** A user's piece of equipment with the totals of its workouts (kept by the workouts' writes). */
@Entity('equipment')
@Unique('uq_equipment_user_label', ['userId', 'label'])
export class EquipmentEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'text' })
  label!: string

  @Column({ type: 'text', nullable: true })
  description!: string | null

  @Column({ type: 'integer', name: 'equipment_type_id' })
  equipmentTypeId!: number

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean

  @Column({ type: 'text', default: 'private' })
  visibility!: EquipmentVisibility

  /** km */
  @Column({ type: 'real', name: 'total_distance', default: 0 })
  totalDistance!: number

  /** s */
  @Column({ type: 'integer', name: 'total_duration', default: 0 })
  totalDuration!: number

  /** s */
  @Column({ type: 'integer', name: 'total_moving', default: 0 })
  totalMoving!: number

  @Column({ type: 'integer', name: 'total_workouts', default: 0 })
  totalWorkouts!: number

  /** km; null: no limit. */
  @Column({ type: 'real', name: 'wear_limit_distance', nullable: true })
  wearLimitDistance!: number | null

  /** hours of moving time; null: no limit. */
  @Column({ type: 'real', name: 'wear_limit_hours', nullable: true })
  wearLimitHours!: number | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity

  @ManyToOne(() => EquipmentTypeEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'equipment_type_id' })
  equipmentType?: EquipmentTypeEntity
}
