import type { DataSource, EntityManager } from 'typeorm'
import type { ReadConnection, ReadSnapshot } from '../read-snapshots'
import type { WriteQueue } from '../write-queue'
import { accessTokensRepository, type AccessTokensRepository } from './access-tokens.repository'
import { appConfigRepository, type AppConfigRepository } from './app-config.repository'
import { commentsRepository, type CommentsRepository } from './comments.repository'
import { equipmentRepository, type EquipmentRepository } from './equipment.repository'
import { followsRepository, type FollowsRepository } from './follows.repository'
import { insightsRepository, type InsightsRepository } from './insights.repository'
import { loginAddressesRepository, type LoginAddressesRepository } from './login-addresses.repository'
import { notificationsRepository, type NotificationsRepository } from './notifications.repository'
import { privacyZonesRepository, type PrivacyZonesRepository } from './privacy-zones.repository'
import { recordsRepository, type RecordsRepository } from './records.repository'
import { sportsRepository, type SportsRepository } from './sports.repository'
import { statsRepository, type StatsRepository } from './stats.repository'
import { usersRepository, type UsersRepository } from './users.repository'
import { watchedFilesRepository, type WatchedFilesRepository } from './watched-files.repository'
import { workoutsRepository, type WorkoutsRepository } from './workouts.repository'

/** Every repository, on one connection or transaction. */
export interface Repositories {
  readonly accessTokens: AccessTokensRepository
  readonly appConfig: AppConfigRepository
  readonly comments: CommentsRepository
  readonly equipment: EquipmentRepository
  readonly follows: FollowsRepository
  readonly insights: InsightsRepository
  readonly loginAddresses: LoginAddressesRepository
  readonly notifications: NotificationsRepository
  readonly privacyZones: PrivacyZonesRepository
  readonly records: RecordsRepository
  readonly sports: SportsRepository
  readonly stats: StatsRepository
  readonly users: UsersRepository
  readonly watchedFiles: WatchedFilesRepository
  readonly workouts: WorkoutsRepository
  /**
   * The connection or transaction they run on, for what still takes one (`afterCommit`, the
   * modules not yet on repositories: see the README's architecture section). Never queried by services.
   */
  readonly handle: EntityManager
}

/** The repositories on `manager` (the caller's transaction, a snapshot, or a read connection). */
export function repositoriesOf(manager: EntityManager): Repositories {
  return {
    accessTokens: accessTokensRepository(manager),
    appConfig: appConfigRepository(manager),
    comments: commentsRepository(manager),
    equipment: equipmentRepository(manager),
    follows: followsRepository(manager),
    insights: insightsRepository(manager),
    loginAddresses: loginAddressesRepository(manager),
    notifications: notificationsRepository(manager),
    privacyZones: privacyZonesRepository(manager),
    records: recordsRepository(manager),
    sports: sportsRepository(manager),
    stats: statsRepository(manager),
    users: usersRepository(manager),
    watchedFiles: watchedFilesRepository(manager),
    workouts: workoutsRepository(manager),
    handle: manager,
  }
}

/**
 * How services reach the database: through the repositories, on the connections of
 * `read-snapshots.ts` and the write queue (never around them).
 */
export interface Database {
  /** Single reads on the shared read-only connection (committed rows only). */
  readonly reads: Repositories
  /** Reads on a pooled read-only connection of their own, no transaction (see `ReadConnection`). */
  read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>
  /** Reads that must agree with each other, on one snapshot (see `ReadSnapshot`). */
  snapshot<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>
  /** A write through the write queue: the repositories run inside its transaction. */
  write<T>(work: (repositories: Repositories) => Promise<T>, options?: Parameters<WriteQueue>[1]): Promise<T>
}

export function createDatabase(connections: { reader: DataSource; read: ReadConnection; readSnapshot: ReadSnapshot; write: WriteQueue }): Database {
  const { reader, read, readSnapshot, write } = connections
  return {
    reads: repositoriesOf(reader.manager),
    read: (work) => read((manager) => work(repositoriesOf(manager))),
    snapshot: (work) => readSnapshot((manager) => work(repositoriesOf(manager))),
    write: (work, options) => write((manager) => work(repositoriesOf(manager)), options),
  }
}
