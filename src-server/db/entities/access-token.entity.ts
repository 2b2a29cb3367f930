import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm'
import type { TokenScope } from '../../../src/contracts'
import { UserEntity } from './user.entity'

/**
 * A personal access token: a named secret a user gives a script or another app. Only its SHA-256
 * is kept. A revoked token stays (without being listed) so it is refused with its own message.
 */
@Entity('access_token')
export class AccessTokenEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string

  @Index('idx_access_token_user')
  @Column({ type: 'integer', name: 'user_id' })
  userId!: number

  @Column({ type: 'text' })
  name!: string

  @Index('idx_access_token_hash', { unique: true })
  @Column({ type: 'text', name: 'token_hash' })
  tokenHash!: string

  @Column({ type: 'text' })
  scope!: TokenScope

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'datetime', name: 'expires_at', nullable: true })
  expiresAt!: Date | null

  @Column({ type: 'datetime', name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null

  @Column({ type: 'datetime', name: 'revoked_at', nullable: true })
  revokedAt!: Date | null

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity
}
