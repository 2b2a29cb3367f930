import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm'
import type { Visibility } from '../../../src/domain/visibility'

/** An account. Usernames and e-mails are unique regardless of case (NOCASE collation). */
@Entity('user')
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number

  @Column({ type: 'text', unique: true, collation: 'NOCASE' })
  username!: string

  @Column({ type: 'text', unique: true, collation: 'NOCASE' })
  email!: string

  /** bcrypt hash */
  @Column({ type: 'text', name: 'password_hash' })
  passwordHash!: string

  @Column({ type: 'boolean', default: false })
  admin!: boolean

  @Column({ type: 'boolean', name: 'is_active', default: false })
  isActive!: boolean

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date

  @Column({ type: 'text', name: 'first_name', nullable: true })
  firstName!: string | null

  @Column({ type: 'text', name: 'last_name', nullable: true })
  lastName!: string | null

  /** `YYYY-MM-DD` */
  @Column({ type: 'text', name: 'birth_date', nullable: true })
  birthDate!: string | null

  @Column({ type: 'text', nullable: true })
  location!: string | null

  @Column({ type: 'text', nullable: true })
  bio!: string | null

  /** File name inside the data folder's `pictures/`. */
  @Column({ type: 'text', nullable: true })
  picture!: string | null

  @Column({ type: 'text', default: 'en' })
  language!: string

  @Column({ type: 'text', default: 'Europe/Paris' })
  timezone!: string

  @Column({ type: 'boolean', default: false })
  weekm!: boolean

  @Column({ type: 'boolean', name: 'imperial_units', default: false })
  imperialUnits!: boolean

  @Column({ type: 'boolean', name: 'display_ascent', default: true })
  displayAscent!: boolean

  /** Maximum heart rate, bpm, for heart-rate zones; null = not set. */
  @Column({ type: 'integer', name: 'max_heart_rate', nullable: true })
  maxHeartRate!: number | null

  /** Resting heart rate, bpm (optional: zones then use the heart-rate reserve). */
  @Column({ type: 'integer', name: 'resting_heart_rate', nullable: true })
  restingHeartRate!: number | null

  /** Functional threshold power, watts, for power zones; null = not set. */
  @Column({ type: 'integer', nullable: true })
  ftp!: number | null

  @Column({ type: 'text', name: 'email_to_confirm', nullable: true })
  emailToConfirm!: string | null

  /** SHA-256 of the pending account-confirmation token. */
  @Column({ type: 'text', name: 'confirmation_token_hash', nullable: true })
  confirmationTokenHash!: string | null

  @Column({ type: 'datetime', name: 'confirmation_token_expires_at', nullable: true })
  confirmationTokenExpiresAt!: Date | null

  /** SHA-256 of the pending e-mail-change token. */
  @Column({ type: 'text', name: 'email_token_hash', nullable: true })
  emailTokenHash!: string | null

  @Column({ type: 'datetime', name: 'email_token_expires_at', nullable: true })
  emailTokenExpiresAt!: Date | null

  /** Defaults of new workouts' visibility, and who sees the heart rate of any workout (issue 31). */
  @Column({ type: 'text', name: 'workouts_visibility', default: 'private' })
  workoutsVisibility!: Visibility

  @Column({ type: 'text', name: 'analysis_visibility', default: 'private' })
  analysisVisibility!: Visibility

  @Column({ type: 'text', name: 'map_visibility', default: 'private' })
  mapVisibility!: Visibility

  @Column({ type: 'text', name: 'hr_visibility', default: 'private' })
  hrVisibility!: Visibility

  /** Follow requests wait for the user's answer; false approves them at once (the reference's default: true). */
  @Column({ type: 'boolean', name: 'manually_approves_followers', default: true })
  manuallyApprovesFollowers!: boolean

  /** Notifications also come by e-mail (when the server sends e-mail); off by default, as the reference. */
  @Column({ type: 'boolean', name: 'notification_emails', default: false })
  notificationEmails!: boolean

  /** When an administrator suspended this account's sharing (its workouts and comments hidden from others, no follows, comments or likes); null: not suspended. */
  @Column({ type: 'datetime', name: 'sharing_suspended_at', nullable: true })
  sharingSuspendedAt!: Date | null

  /** Bumped on every password change: tokens carrying an older version are refused. */
  @Column({ type: 'integer', name: 'token_version', default: 0 })
  tokenVersion!: number

  /**
   * SHA-256 of the one session token that outlives the latest password change: the session that
   * made it (a reset link keeps none). Clients that ignore the new token stay logged in there.
   */
  @Column({ type: 'text', name: 'kept_session_hash', nullable: true })
  keptSessionHash!: string | null
}
