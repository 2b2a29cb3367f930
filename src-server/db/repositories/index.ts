import type { DataSource, EntityManager } from 'typeorm'
import { checkpointWriteAheadLog } from '../engine'
import type { ReadConnection, ReadSnapshot } from '../read-snapshots'
import { afterCommit as afterCommitOf, shareWork as shareWorkOf, type WriteQueue } from '../write-queue'
import { accessTokensRepository, type AccessTokensRepository } from './access-tokens.repository'
import { appConfigRepository, type AppConfigRepository } from './app-config.repository'
import { commentsRepository, type CommentsRepository } from './comments.repository'
import { equipmentRepository, type EquipmentRepository } from './equipment.repository'
import { followsRepository, type FollowsRepository } from './follows.repository'
import { importTasksRepository, type ImportTasksRepository } from './import-tasks.repository'
import { insightsRepository, type InsightsRepository } from './insights.repository'
import { loginAddressesRepository, type LoginAddressesRepository } from './login-addresses.repository'
import { notificationsRepository, type NotificationsRepository } from './notifications.repository'
import { privacyZonesRepository, type PrivacyZonesRepository } from './privacy-zones.repository'
import { recordsRepository, type RecordsRepository } from './records.repository'
import { sharingRepository, type SharingRepository } from './sharing.repository'
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
  readonly importTasks: ImportTasksRepository
  readonly insights: InsightsRepository
  readonly loginAddresses: LoginAddressesRepository
  readonly notifications: NotificationsRepository
  readonly privacyZones: PrivacyZonesRepository
  readonly records: RecordsRepository
  readonly sharing: SharingRepository
  readonly sports: SportsRepository
  readonly stats: StatsRepository
  readonly users: UsersRepository
  readonly watchedFiles: WatchedFilesRepository
  readonly workouts: WorkoutsRepository
}

const factories: { readonly [K in keyof Repositories]: (manager: EntityManager) => Repositories[K] } = {
  accessTokens: accessTokensRepository,
  appConfig: appConfigRepository,
  comments: commentsRepository,
  equipment: equipmentRepository,
  follows: followsRepository,
  importTasks: importTasksRepository,
  insights: insightsRepository,
  loginAddresses: loginAddressesRepository,
  notifications: notificationsRepository,
  privacyZones: privacyZonesRepository,
  records: recordsRepository,
  sharing: sharingRepository,
  sports: sportsRepository,
  stats: statsRepository,
  users: usersRepository,
  watchedFiles: watchedFilesRepository,
  workouts: workoutsRepository,
}

/**
 * The connection or transaction a bundle runs on, under a key this module keeps, so that services,
 * which get the bundle, never hold an entity manager (see {@link afterCommit}, {@link shareWork}).
 */
const handle = Symbol('entity manager')

interface Bundle {
  readonly [handle]: EntityManager
  readonly built: Partial<Record<keyof Repositories, unknown>>
}

function built<K extends keyof Repositories>(bundle: Bundle, key: K): Repositories[K] {
  const known = bundle.built[key] as Repositories[K] | undefined
  if (known) return known
  const repository = factories[key](bundle[handle])
  bundle.built[key] = repository
  return repository
}

/**
 * Each repository is built the first time a bundle's user reaches for it: a request uses two or
 * three of the seventeen, and building them all took ~40 µs of CPU for every read and write.
 */
const lazyRepositories = Object.create(
  null,
  Object.fromEntries(
    (Object.keys(factories) as (keyof Repositories)[]).map((key) => [key, { get(this: Bundle) { return built(this, key) } }]),
  ),
) as object

function handleOf(repositories: Repositories): EntityManager {
  const manager = (repositories as Partial<Bundle>)[handle]
  if (!manager) throw new Error('repositories not built by createDatabase')
  return manager
}

/** The repositories on `manager` (the caller's transaction, a snapshot, or a read connection). */
function repositoriesOf(manager: EntityManager): Repositories {
  const bundle: Bundle = Object.assign(Object.create(lazyRepositories) as object, { [handle]: manager, built: {} })
  // The prototype's getters are the interface's members.
  return bundle as unknown as Repositories
}

/**
 * Runs `callback` once the write whose repositories these are has committed, never if it rolls
 * back (see the write queue's `afterCommit`).
 */
export function afterCommit(repositories: Repositories, callback: () => void): void {
  afterCommitOf(handleOf(repositories), callback)
}

/**
 * Hands `item` to work the writes of a batch share (see the write queue's `shareWork`): `run`
 * gets the repositories of the batch's transaction and the items of every write of the batch.
 */
export function shareWork<T>(repositories: Repositories, key: string, item: T, run: (repositories: Repositories, items: T[]) => Promise<void>): Promise<void> {
  return shareWorkOf(handleOf(repositories), key, item, (manager, items) => run(repositoriesOf(manager), items))
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
  /** Empties SQLite's write-ahead log into the database (see `checkpointWriteAheadLog`); nothing on PostgreSQL. */
  checkpointWriteAheadLog(): Promise<void>
}

export function createDatabase(connections: { reader: DataSource; read: ReadConnection; readSnapshot: ReadSnapshot; write: WriteQueue }): Database {
  const { reader, read, readSnapshot, write } = connections
  return {
    reads: repositoriesOf(reader.manager),
    read: (work) => read((manager) => work(repositoriesOf(manager))),
    snapshot: (work) => readSnapshot((manager) => work(repositoriesOf(manager))),
    write: (work, options) => write((manager) => work(repositoriesOf(manager)), options),
    checkpointWriteAheadLog: () => checkpointWriteAheadLog(reader),
  }
}
