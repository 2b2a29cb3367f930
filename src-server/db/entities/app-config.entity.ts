import { Column, Entity, PrimaryColumn } from 'typeorm'

/** The single row of administrator settings (id is always 1). */
@Entity('app_config')
export class AppConfigEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number

  /** 0 means unlimited. */
  @Column({ type: 'integer', name: 'max_users' })
  maxUsers!: number

  /** bytes */
  @Column({ type: 'integer', name: 'max_single_file_size' })
  maxSingleFileSize!: number

  /** bytes */
  @Column({ type: 'integer', name: 'max_zip_file_size' })
  maxZipFileSize!: number

  @Column({ type: 'integer', name: 'gpx_limit_import' })
  gpxLimitImport!: number

  @Column({ type: 'text', name: 'admin_contact', nullable: true })
  adminContact!: string | null
}
