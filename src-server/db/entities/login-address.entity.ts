import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import { UserEntity } from './user.entity'

/**
 * An address a user has logged in from with the right password: strangers' guesses never lock
 * the owner out from there, also after a restart. A few per user (the most recent ones).
 */
@Entity('login_address')
export class LoginAddressEntity {
  @PrimaryColumn({ type: 'integer', name: 'user_id' })
  userId!: number

  @PrimaryColumn({ type: 'text' })
  address!: string

  @Column({ type: 'datetime', name: 'last_login_at' })
  lastLoginAt!: Date

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}
