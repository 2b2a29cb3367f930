import { In, IsNull, Not, type EntityManager } from 'typeorm'
import { INSIGHTS_VERSION, type StoredInsights } from '../../../src/domain/insights'
import type { Visibility } from '../../../src/domain/visibility'
import { unpackInsights } from '../../compute/packed-insights'
import { WorkoutEntity, WorkoutSegmentEntity, WorkoutTrackEntity } from '../entities'
import { dialectOf, type Dialect } from '../dialect'
import { insertOf, insertRows, insertRowsShared } from '../insert-rows'
import { inKeyOrder, packedRows, type PackedColumn, type PackedRow, type PackedRows } from '../packed-rows'
import { likesColumns } from './comments.repository'
import { packedRecords, type RecordRow } from './records.repository'

/** A filter on a user's workouts; absent fields do not filter. Instants are UTC milliseconds. */
export interface WorkoutListFilter {
  sportId?: number
  /** Inclusive. */
  from?: number
  /** Exclusive. */
  to?: number
  distanceFrom?: number
  distanceTo?: number
  /** Moving time, seconds. */
  movingFrom?: number
  movingTo?: number
  aveSpeedFrom?: number
  aveSpeedTo?: number
  maxSpeedFrom?: number
  maxSpeedTo?: number
  /** Part of the title, matched literally (not as a pattern). */
  title?: string
  /** Workouts with this piece of equipment; `none`: those without any. */
  equipmentId?: string
  /** Only workouts of these visibility levels (none: no workout), as another user may open them. */
  visibilities?: readonly Visibility[] | undefined
}

export interface WorkoutListOrder {
  by: 'workout_date' | 'distance' | 'duration' | 'ave_speed'
  direction: 'asc' | 'desc'
}

export interface WorkoutListSums {
  total: number
  distance: number | null
  duration: number | null
  ascent: number | null
  descent: number | null
}

export interface WorkoutLinks {
  previousId: string | null
  nextId: string | null
}

/** The figures of one workout that day totals need. */
export interface WorkoutDayFigures {
  date: Date
  distance: number | null
  moving: number | null
  ascent: number | null
  descent: number | null
  aveSpeed: number | null
}

/** A workout row as the presenters read it: the entity's columns, without its relations. */
export type WorkoutRow = Omit<WorkoutEntity, 'user' | 'sport' | 'listJson'>

/** A segment row as the presenters read it. */
export type WorkoutSegmentRow = Omit<WorkoutSegmentEntity, 'workout'>

/** A leg of a multisport file, as its workout's page lists them (see `legsOf`). */
export type WorkoutLegRow = Pick<
  WorkoutEntity,
  'id' | 'sportId' | 'title' | 'workoutDate' | 'distance' | 'moving' | 'transition' | 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'
>

/** One workout with what its page shows (see `page`). */
export interface WorkoutPage {
  workout: WorkoutRow & WorkoutLinks
  /** By segment index. */
  segments: WorkoutSegmentRow[]
  /** By type. */
  records: RecordRow[]
  /** Those others may see, and whether the viewer likes it (see `likesColumns`). */
  likes: { count: number; liked: boolean }
  /** Whether any item of equipment is linked to it. */
  hasEquipment: boolean
  /** Whether it is a leg of a multisport file: other workouts of its owner share its file's bytes. */
  isLeg: boolean
  /** Its sport's label ('' if none). */
  sportLabel: string
  /** Its insights of the current version, for its owner only (null for anyone else, or when it has none). */
  insights: StoredInsights | null
}

/** A page of workouts with what their answers need, and the count and sums of all the filtered ones. */
export interface WorkoutListAnswer {
  /** In the page's order, each with its previous and next workout. */
  workouts: (WorkoutRow & WorkoutLinks)[]
  /** The page's segments, by workout then segment index. */
  segments: WorkoutSegmentRow[]
  /** The page's records, by workout then type. */
  records: RecordRow[]
  /** Sums are null when no workout matches. */
  sums: WorkoutListSums
}

/** A page of workouts as their list fragments (see `listFragments`), with what is spliced into them. */
export interface WorkoutFragmentsAnswer {
  /** In the page's order: each one's stored fragment (null until written) and its previous and next workout. */
  workouts: ({ id: string; fragment: string | null } & WorkoutLinks)[]
  /** The page's records, by workout then type. */
  records: RecordRow[]
  sums: WorkoutListSums
}

/**
 * Workouts whose list fragment a write's transaction has made stale, by the transaction, to be
 * written again before it commits (`takeStaleFragments`). A write that misses this still never
 * serves a stale fragment: the database's triggers empty it (migration WorkoutListFragments).
 */
const staleFragments = new WeakMap<EntityManager, Set<string>>()

const ORDER_COLUMNS = { workout_date: 'workout_date', distance: 'distance', duration: 'moving', ave_speed: 'ave_speed' } as const

/** The workout row as raw SQL gives it: columns named as the entity's fields, dates as the engine stores them, flags 0/1 or booleans. */
type StoredWorkoutRow = Omit<WorkoutRow, 'workoutDate' | 'createdAt' | 'modifiedAt' | 'hasHeartRate' | 'hasCadence' | 'hasPower' | 'transition'> & {
  workoutDate: unknown
  createdAt: unknown
  modifiedAt: unknown
  hasHeartRate: unknown
  hasCadence: unknown
  hasPower: unknown
  transition: unknown
}

/** The workout just before or after `w` in the date order of all its owner's workouts (ties by id). */
const neighbour = (comparison: '<' | '>', order: 'ASC' | 'DESC') =>
  `(SELECT n.id FROM workout n WHERE n.user_id = w.user_id AND (n.workout_date, n.id) ${comparison} (w.workout_date, w.id)
     ORDER BY n.workout_date ${order}, n.id ${order} LIMIT 1)`

/** A workout's row (`w`) as the presenter reads it. */
const ROW_COLUMNS: readonly PackedColumn<keyof StoredWorkoutRow>[] = [
  ['id', 'w.id', 'text'],
  ['userId', 'w.user_id', 'integer'],
  ['sportId', 'w.sport_id', 'integer'],
  ['title', 'w.title', 'text'],
  ['notes', 'w.notes', 'text'],
  ['workoutDate', 'w.workout_date', 'text'],
  ['createdAt', 'w.created_at', 'text'],
  ['modifiedAt', 'w.modified_at', 'text'],
  ['duration', 'w.duration', 'integer'],
  ['moving', 'w.moving', 'integer'],
  ['pauses', 'w.pauses', 'integer'],
  ['distance', 'w.distance', 'real'],
  ['aveSpeed', 'w.ave_speed', 'real'],
  ['maxSpeed', 'w.max_speed', 'real'],
  ['minAlt', 'w.min_alt', 'real'],
  ['maxAlt', 'w.max_alt', 'real'],
  ['ascent', 'w.ascent', 'real'],
  ['descent', 'w.descent', 'real'],
  ['bounds', 'w.bounds', 'text'],
  ['filePath', 'w.file_path', 'text'],
  ['fileFormat', 'w.file_format', 'text'],
  ['fileHash', 'w.file_hash', 'text'],
  ['mapId', 'w.map_id', 'text'],
  ['weatherStart', 'w.weather_start', 'text'],
  ['weatherEnd', 'w.weather_end', 'text'],
  ['calories', 'w.calories', 'integer'],
  ['hasHeartRate', 'w.has_heart_rate', 'integer'],
  ['hasCadence', 'w.has_cadence', 'integer'],
  ['hasPower', 'w.has_power', 'integer'],
  ['transition', 'w.transition', 'integer'],
  ['workoutVisibility', 'w.workout_visibility', 'text'],
  ['analysisVisibility', 'w.analysis_visibility', 'text'],
  ['mapVisibility', 'w.map_visibility', 'text'],
]
const LINK_COLUMNS: readonly PackedColumn<keyof WorkoutLinks>[] = [
  ['previousId', neighbour('<', 'DESC'), 'text'],
  ['nextId', neighbour('>', 'ASC'), 'text'],
]
/** A list page's workout rows (`w`), each with its previous and next workout. */
const PAGE_COLUMNS: readonly PackedColumn<keyof (StoredWorkoutRow & WorkoutLinks)>[] = [...ROW_COLUMNS, ...LINK_COLUMNS]
/**
 * A page in date order of all the user's workouts, or of those within a span of dates (the
 * calendar's month), holds each one's neighbours but at its two ends: only the first and last rows
 * look theirs up (4 index seeks instead of 2 per row).
 */
const atPageEnds = <F extends string>(columns: readonly PackedColumn<F>[]): PackedColumn<F>[] =>
  columns.map(([name, sql, type]): PackedColumn<F> =>
    name === 'previousId' || name === 'nextId' ? [name, `CASE WHEN page.position IN (1, (SELECT count(*) FROM page)) THEN ${sql} END`, type] : [name, sql, type],
  )
/** The rows of a list page: every column (`rows`) or only the id and neighbours beside the stored fragment (`fragments`), in date order or not. */
const LIST_ROWS = {
  rows: { any: packedRows(PAGE_COLUMNS), dated: packedRows(atPageEnds(PAGE_COLUMNS)) },
  fragments: {
    any: packedRows<keyof (StoredWorkoutRow & WorkoutLinks)>([['id', 'w.id', 'text'], ...LINK_COLUMNS]),
    dated: packedRows<keyof (StoredWorkoutRow & WorkoutLinks)>(atPageEnds([['id', 'w.id', 'text'], ...LINK_COLUMNS])),
  },
}
/** The rows a fragment is written from. */
const FRAGMENT_SOURCE_ROWS = packedRows(ROW_COLUMNS)

/** What a workout's page shows beside the list's fields (see `page`). */
interface WorkoutPageExtras {
  likes: number
  liked: number
  equipment: number
  sportLabel: string | null
  legs: number
}

const workoutLikes = likesColumns('workout_like', 'workout_id', 'w.id')

/** A workout's page row (`w`): a list row, its likes, how many items it has and its sport's label; parameters: true, the viewer's id. */
const WORKOUT_PAGE_ROW = packedRows<keyof (StoredWorkoutRow & WorkoutLinks & WorkoutPageExtras)>([
  ...PAGE_COLUMNS,
  ['likes', workoutLikes.count, 'integer'],
  ['liked', workoutLikes.liked, 'integer'],
  ['equipment', '(SELECT COUNT(*) FROM workout_equipment WHERE workout_id = w.id)', 'integer'],
  ['sportLabel', '(SELECT label FROM sport WHERE id = w.sport_id)', 'text'],
  ['legs', '(SELECT COUNT(*) FROM workout l WHERE l.user_id = w.user_id AND l.file_hash = w.file_hash)', 'integer'],
])

const SEGMENT_ROWS = packedRows<keyof WorkoutSegmentRow>([
  ['workoutId', 'workout_id', 'text'],
  ['segmentIndex', 'segment_index', 'integer'],
  ['duration', 'duration', 'integer'],
  ['moving', 'moving', 'integer'],
  ['pauses', 'pauses', 'integer'],
  ['distance', 'distance', 'real'],
  ['aveSpeed', 'ave_speed', 'real'],
  ['maxSpeed', 'max_speed', 'real'],
  ['minAlt', 'min_alt', 'real'],
  ['maxAlt', 'max_alt', 'real'],
  ['ascent', 'ascent', 'real'],
  ['descent', 'descent', 'real'],
])

const LIST_SUMS = packedRows<keyof WorkoutListSums>([
  ['total', 'COUNT(*)', 'integer'],
  ['distance', 'SUM(distance)', 'real'],
  ['duration', 'SUM(moving)', 'integer'],
  ['ascent', 'SUM(ascent)', 'real'],
  ['descent', 'SUM(descent)', 'real'],
])

/** Dates and flags as TypeORM's entity hydration gives them (flags are 0/1 on SQLite, booleans on PostgreSQL). */
function workoutRowOf(row: StoredWorkoutRow, dialect: Dialect): WorkoutRow {
  return {
    ...row,
    workoutDate: dialect.dateOf(row.workoutDate),
    createdAt: dialect.dateOf(row.createdAt),
    modifiedAt: row.modifiedAt === null ? null : dialect.dateOf(row.modifiedAt),
    hasHeartRate: Boolean(row.hasHeartRate),
    hasCadence: Boolean(row.hasCadence),
    hasPower: Boolean(row.hasPower),
    transition: Boolean(row.transition),
  }
}

/**
 * A workout of the same outing; parameters: user, sport, from, until (dates), distance (km, to half
 * a metre; an unknown distance, null, matches an unknown one).
 */
const SAME_OUTING = 'user_id = ? AND sport_id = ? AND workout_date BETWEEN ? AND ? AND abs(coalesce(distance, -1.0) - coalesce(?, -1.0)) < 0.0005'

/** The columns `bestBy` may rank workouts by. */
type BestColumn = 'distance' | 'ave_speed' | 'max_speed' | 'moving' | 'ascent'

/** The workout aggregate: a workout with its segments (records, tracks and insights have their own repositories). */
export function workoutsRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  const query = <T>(sql: string, params: unknown[] = []) => manager.query<T>(dialect.sql(sql), params)
  const date = (instant: Date | number) => dialect.dateParameter(instant)

  /**
   * The conditions of a filter; `dateSpan`: they keep a span of dates of all the user's workouts
   * (no filter but the dates), so the filtered workouts follow each other in the date order of all.
   */
  function whereOf(userId: number, filter: WorkoutListFilter): { where: string; params: unknown[]; dateSpan: boolean } {
    const conditions = ['user_id = ?']
    const params: unknown[] = [userId]
    let dateSpan = true
    const add = (condition: string, value: unknown, onDates = false) => {
      if (value === undefined) return
      conditions.push(condition)
      params.push(value)
      dateSpan &&= onDates
    }
    add('sport_id = ?', filter.sportId)
    add('workout_date >= ?', filter.from === undefined ? undefined : date(filter.from), true)
    add('workout_date < ?', filter.to === undefined ? undefined : date(filter.to), true)
    add('distance >= ?', filter.distanceFrom)
    add('distance <= ?', filter.distanceTo)
    add('moving >= ?', filter.movingFrom)
    add('moving <= ?', filter.movingTo)
    add('ave_speed >= ?', filter.aveSpeedFrom)
    add('ave_speed <= ?', filter.aveSpeedTo)
    add('max_speed >= ?', filter.maxSpeedFrom)
    add('max_speed <= ?', filter.maxSpeedTo)
    add(dialect.containsIgnoringCase('title'), filter.title ? dialect.containsParameter(filter.title) : undefined)
    if (filter.equipmentId === 'none') {
      conditions.push('id NOT IN (SELECT workout_id FROM workout_equipment)')
      dateSpan = false
    } else add('id IN (SELECT workout_id FROM workout_equipment WHERE equipment_id = ?)', filter.equipmentId)
    if (filter.visibilities) {
      conditions.push(filter.visibilities.length === 0 ? '1 = 0' : `workout_visibility IN (${filter.visibilities.map(() => '?').join(', ')})`)
      params.push(...filter.visibilities)
      dateSpan = false
    }
    return { where: conditions.join(' AND '), params, dateSpan }
  }

  /**
   * What an imported file's first activity duplicates, in one statement: a workout of the user from
   * the same file bytes (`sameBytes`), else one of the same outing (see `sameOutingId`, at
   * exactly its start), else null. Two indexed lookups, each stopping at its first row.
   */
  async function duplicateOfFile(file: { userId: number; fileHash: string; sportId: number; start: Date; distanceKm: number | null }): Promise<{ id: string; sameBytes: boolean } | null> {
    const start = date(file.start)
    const rows = await query<{ id: string; sameBytes: number }[]>(
      `SELECT id, 1 AS "sameBytes" FROM (SELECT id FROM workout WHERE user_id = ? AND file_hash = ? LIMIT 1) AS same_bytes
       UNION ALL
       SELECT id, 0 AS "sameBytes" FROM (SELECT id FROM workout WHERE ${SAME_OUTING} LIMIT 1) AS same_outing`,
      [file.userId, file.fileHash, file.userId, file.sportId, start, start, file.distanceKm],
    )
    const found = rows.find((row) => row.sameBytes === 1) ?? rows[0]
    return found ? { id: found.id, sameBytes: found.sameBytes === 1 } : null
  }

  /** Notes that a write changed what the list shows of these workouts (see `takeStaleFragments`). */
  function stale(...ids: string[]): void {
    let set = staleFragments.get(manager)
    if (!set) staleFragments.set(manager, (set = new Set()))
    for (const id of ids) set.add(id)
  }

  /**
   * A list page's statement, run: `rows` reads the page's workouts (part 0) and their segments
   * (part 1), `fragments` their stored list fragments instead; both the page's records (part 2)
   * and the count and sums of all the filtered workouts (part 3), which it returns. One statement,
   * so one snapshot without a transaction, and one trip through the driver instead of six (BEGIN,
   * sums, page, segments, records, COMMIT). Its parts give packed rows (`packedRows`): with a
   * column per field, every row would carry every part's columns, which cost more than the trips
   * saved. The page's ids are chosen from the index first; only their rows are then read. `take`
   * gets each row of parts 0 to 2 in the page's order; a page in date order then gets its inner
   * neighbours from the page itself.
   */
  async function listRows(
    kind: 'rows' | 'fragments',
    userId: number,
    filter: WorkoutListFilter,
    order: WorkoutListOrder,
    page: { limit: number; offset: number },
    take: (part: unknown, row: PackedRow, values: readonly unknown[], pageRows: PackedRows<keyof (StoredWorkoutRow & WorkoutLinks)>) => void,
  ): Promise<{ sums: WorkoutListSums; datedDirection: 'ASC' | 'DESC' | null }> {
    const { where, params, dateSpan } = whereOf(userId, filter)
    const direction = order.direction === 'asc' ? 'ASC' : 'DESC'
    const inDateOrder = dateSpan && order.by === 'workout_date'
    const pageRows = LIST_ROWS[kind][inDateOrder ? 'dated' : 'any']
    // In date order the date is not repeated as a tie-break: SQLite would sort the ties in a temporary b-tree instead of reading the index in order.
    const keys = [ORDER_COLUMNS[order.by], ...(order.by === 'workout_date' ? [] : ['workout_date']), 'id']
    // Only the chosen key may be NULL (distance, moving time, speed): the date and id never are.
    const orderBy = keys.map((key, index) => `${key} ${direction}${index === 0 && order.by !== 'workout_date' ? dialect.nullsLowest(direction) : ''}`).join(', ')
    // The page stays the outer loop (`Dialect.joinInOrder`): SQLite would otherwise scan every segment and record, seeking each in the page.
    const join = dialect.joinInOrder
    // Every part has the columns of the widest (a workout's or a segment's seven reals, the sums' three).
    const width = Math.max(pageRows.reals, kind === 'rows' ? SEGMENT_ROWS.reals : LIST_SUMS.reals)
    // The fragment is a column of its own beside the packed text (PostgreSQL types the other parts' NULL as text).
    const [fragment, noFragment] = kind === 'fragments' ? [', w.list_json AS fragment', ', NULL'] : ['', '']
    // LIMIT and OFFSET are written in, not bound: SQLite plans with their values, so binding them
    // made it parse and plan the whole statement again at every call (perf: ~5% of the server's CPU
    // under the 20 clients). A page has a few sizes and numbers, so a few kept statements.
    if (!Number.isSafeInteger(page.limit) || !Number.isSafeInteger(page.offset)) throw new RangeError(`page ${page.limit} at ${page.offset}`)
    // Each row's keys: its part, its workout's position in the page, and its rank within that
    // workout (segments by index, records by type); JavaScript sorts the rows by them.
    const rows = await query<PackedRow[]>(
      `WITH page(page_id, position) AS MATERIALIZED (
         SELECT id, row_number() OVER (ORDER BY ${orderBy}) FROM (SELECT ${keys.join(', ')} FROM workout WHERE ${where} ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}) AS chosen)
       SELECT ${pageRows.select(width, dialect, ['0', 'page.position', '0'])}${fragment} FROM page ${join} workout w ON w.id = page.page_id
       ${kind === 'rows' ? `UNION ALL SELECT ${SEGMENT_ROWS.select(width, dialect, ['1', 'page.position', 'segment_index'])} FROM page ${join} workout_segment ON workout_id = page.page_id` : ''}
       UNION ALL SELECT ${packedRecords.select(width, dialect, ['2', 'page.position', 'row_number() OVER (ORDER BY record_type)'])}${noFragment} FROM page ${join} record ON workout_id = page.page_id
       UNION ALL SELECT ${LIST_SUMS.select(width, dialect, ['3', '0', '0'])}${noFragment} FROM workout WHERE ${where}`,
      [...params, ...params],
    )
    let sums: WorkoutListSums = { total: 0, distance: null, duration: null, ascent: null, descent: null }
    for (const { row, values } of inKeyOrder(rows, 3)) {
      const part = values.at(-3)
      if (part === 3) sums = LIST_SUMS.unpack(row, values) as WorkoutListSums
      else take(part, row, values, pageRows)
    }
    return { sums, datedDirection: inDateOrder ? direction : null }
  }

  /**
   * A page in date order: each workout's neighbours inside the page are the rows beside it (the
   * statement looked up only those of the two ends).
   */
  function linkWithinPage(workouts: (WorkoutLinks & { id: string })[], direction: 'ASC' | 'DESC' | null): void {
    if (direction === null) return
    // Newest first, the row after is the earlier workout; oldest first, the row before.
    const earlier = direction === 'DESC' ? 1 : -1
    workouts.forEach((workout, index) => {
      workout.previousId = workouts[index + earlier]?.id ?? workout.previousId
      workout.nextId = workouts[index - earlier]?.id ?? workout.nextId
    })
  }

  return {
    /** How many workouts the server holds. */
    count: (): Promise<number> => manager.count(WorkoutEntity),
    /** Every workout of a user, oldest first (ties by id). */
    allOfUser: (userId: number): Promise<WorkoutEntity[]> => manager.find(WorkoutEntity, { where: { userId }, order: { workoutDate: 'ASC', id: 'ASC' } }),
    /** The segments of every workout of a user, by segment index. */
    segmentsOfUser: (userId: number): Promise<WorkoutSegmentEntity[]> =>
      manager
        .createQueryBuilder(WorkoutSegmentEntity, 'segment')
        .innerJoin(WorkoutEntity, 'workout', 'workout.id = segment.workout_id')
        .where('workout.user_id = :userId', { userId })
        .orderBy('segment.segment_index', 'ASC')
        .getMany(),
    /** The workout of this id, whoever owns it, or null. */
    byId: (id: string): Promise<WorkoutEntity | null> => manager.findOneBy(WorkoutEntity, { id }),
    /** The workout of this id if `userId` owns it, or null. */
    ofUser: (id: string, userId: number): Promise<WorkoutEntity | null> => manager.findOneBy(WorkoutEntity, { id, userId }),
    /** Inserts a workout row, every column set (not read back). */
    insert: (workout: WorkoutEntity): Promise<void> => insertRows(manager, WorkoutEntity, [workout]).then(() => stale(workout.id)),
    /** Inserts a workout's segment rows (in as few statements as SQLite allows: a file may hold 8,000 segments). */
    insertSegments: (segments: readonly WorkoutSegmentEntity[]): Promise<void> =>
      insertRows(manager, WorkoutSegmentEntity, segments).then(() => stale(...segments.map((segment) => segment.workoutId))),
    /** Inserts a new workout's segments and track with statements shared by every upload (see `insertRowsShared`). */
    async insertAnalysisShared(segments: readonly WorkoutSegmentEntity[], track: WorkoutTrackEntity): Promise<void> {
      await insertRowsShared(manager, WorkoutSegmentEntity, segments)
      stale(...segments.map((segment) => segment.workoutId))
      await insertRowsShared(manager, WorkoutTrackEntity, [track])
    },
    /** Those of these workouts that `userId` owns. */
    manyOfUser: (userId: number, ids: readonly string[]): Promise<WorkoutEntity[]> =>
      ids.length === 0 ? Promise.resolve([]) : manager.findBy(WorkoutEntity, { id: In([...ids]), userId }),
    /** The stored track data (chart series, map line) of a workout made from a file, or null. */
    trackOf: (workoutId: string): Promise<WorkoutTrackEntity | null> => manager.findOneBy(WorkoutTrackEntity, { workoutId }),
    saveTrack: async (track: WorkoutTrackEntity): Promise<void> => {
      await manager.save(track)
    },
    async deleteSegments(workoutId: string): Promise<void> {
      await manager.delete(WorkoutSegmentEntity, { workoutId })
      stale(workoutId)
    },
    async save(workout: WorkoutEntity): Promise<WorkoutEntity> {
      const saved = await manager.save(workout)
      stale(workout.id)
      return saved
    },
    /** Inserts a workout row from the columns given, the others taking their defaults (a user import's workouts typed in by hand). */
    async insertWithDefaults(row: Partial<WorkoutRow>): Promise<void> {
      await manager.insert(WorkoutEntity, row)
      if (row.id !== undefined) stale(row.id)
    },
    /** Writes only these columns of a workout. */
    async update(id: string, changes: Partial<Omit<WorkoutRow, 'id'>>): Promise<void> {
      await manager.update(WorkoutEntity, id, changes)
      stale(id)
    },
    async remove(id: string): Promise<void> {
      await manager.delete(WorkoutEntity, { id })
    },
    /** When a workout started, or null when it is gone. */
    async startOf(id: string): Promise<Date | null> {
      const found = await manager.findOne(WorkoutEntity, { where: { id }, select: { id: true, workoutDate: true } })
      return found?.workoutDate ?? null
    },
    /** The workout exists and is (still) of this sport. */
    existsOfSport: (id: string, sportId: number): Promise<boolean> => manager.existsBy(WorkoutEntity, { id, sportId }),
    /** A user's workouts that have a map image, with what decides who sees it. */
    mapsOfUser: (userId: number): Promise<Pick<WorkoutEntity, 'id' | 'mapId' | 'bounds' | 'workoutVisibility' | 'analysisVisibility' | 'mapVisibility'>[]> =>
      manager.find(WorkoutEntity, {
        where: { userId, mapId: Not(IsNull()) },
        select: { id: true, mapId: true, bounds: true, workoutVisibility: true, analysisVisibility: true, mapVisibility: true },
      }),
    setMapId: async (id: string, mapId: string | null): Promise<void> => {
      await manager.update(WorkoutEntity, { id }, { mapId })
      stale(id)
    },
    /** The stored files of a user's workouts (original and map), to remove once the user is gone. */
    filesOfUser: (userId: number): Promise<Pick<WorkoutEntity, 'filePath' | 'mapId'>[]> =>
      manager.find(WorkoutEntity, { where: { userId }, select: { filePath: true, mapId: true } }),

    /** Ids of the sports that have at least one workout (anyone's). */
    async sportIdsWithWorkouts(): Promise<Set<number>> {
      const rows = await query<{ sport_id: number }[]>(`SELECT DISTINCT sport_id FROM workout`)
      return new Set(rows.map((row) => row.sport_id))
    },

    /** The workout with the highest positive value of a column among a user's workouts of one sport (ties: earliest, then smallest id). */
    async bestBy(userId: number, sportId: number, column: BestColumn): Promise<{ id: string; workoutDate: Date; value: number } | null> {
      const [best] = await query<{ id: string; workout_date: unknown; value: number }[]>(
        `SELECT id, workout_date, ${column} AS value FROM workout
          WHERE user_id = ? AND sport_id = ? AND ${column} > 0 AND NOT transition
          ORDER BY ${column} DESC, workout_date ASC, id ASC LIMIT 1`,
        [userId, sportId],
      )
      return best ? { id: best.id, workoutDate: dialect.dateOf(best.workout_date), value: Number(best.value) } : null
    },

    /** The day figures of every workout of a user. */
    async dayFigures(userId: number): Promise<WorkoutDayFigures[]> {
      const rows = await query<{ workout_date: unknown; distance: number | null; moving: number | null; ascent: number | null; descent: number | null; ave_speed: number | null }[]>(
        `SELECT workout_date, distance, moving, ascent, descent, ave_speed FROM workout WHERE user_id = ?`,
        [userId],
      )
      return rows.map((row) => ({
        date: dialect.dateOf(row.workout_date),
        distance: row.distance,
        moving: row.moving,
        ascent: row.ascent,
        descent: row.descent,
        aveSpeed: row.ave_speed,
      }))
    },

    /** Heatmap lines (`workout_track.heatmap`) of a user's filtered workouts that have positions. */
    async heatmapLines(userId: number, filter: WorkoutListFilter): Promise<string[]> {
      const { where, params } = whereOf(userId, filter)
      const rows = await query<{ heatmap: string }[]>(
        `SELECT t.heatmap FROM workout JOIN workout_track t ON t.workout_id = workout.id WHERE ${where} AND t.heatmap != ''`,
        params,
      )
      return rows.map((row) => row.heatmap)
    },

    /**
     * A user's workouts dated within [first, last], plus the one just before and the one just after,
     * in date order (ties by id).
     */
    async aroundSpan(userId: number, first: number, last: number): Promise<{ id: string; workoutDate: Date }[]> {
      const from = date(first)
      const until = date(last)
      const span = await query<{ id: string; workout_date: unknown }[]>(
        `SELECT * FROM (SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date < ? ORDER BY workout_date DESC, id DESC LIMIT 1) AS before_span
         UNION ALL SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date BETWEEN ? AND ?
         UNION ALL SELECT * FROM (SELECT id, workout_date FROM workout WHERE user_id = ? AND workout_date > ? ORDER BY workout_date, id LIMIT 1) AS after_span`,
        [userId, from, userId, from, until, userId, until],
      )
      return span
        .map((row) => ({ id: row.id, workoutDate: dialect.dateOf(row.workout_date) }))
        .sort((a, b) => a.workoutDate.getTime() - b.workoutDate.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    },

    /** The workouts just before and just after one, in the date order of all its owner's workouts. */
    async neighbours(workout: { id: string; userId: number; workoutDate: Date }): Promise<WorkoutLinks> {
      const at = date(workout.workoutDate)
      // Both in one statement (one round trip on PostgreSQL), each an index seek.
      const [row] = await query<{ previous_id: string | null; next_id: string | null }[]>(
        `SELECT (SELECT id FROM workout WHERE user_id = ? AND (workout_date < ? OR (workout_date = ? AND id < ?))
                  ORDER BY workout_date DESC, id DESC LIMIT 1) AS previous_id,
                (SELECT id FROM workout WHERE user_id = ? AND (workout_date > ? OR (workout_date = ? AND id > ?))
                  ORDER BY workout_date ASC, id ASC LIMIT 1) AS next_id`,
        [workout.userId, at, at, workout.id, workout.userId, at, at, workout.id],
      )
      return { previousId: row?.previous_id ?? null, nextId: row?.next_id ?? null }
    },

    /**
     * One page of the filtered workouts, sorted (ties fall back to the date, then the id), with each
     * one's previous and next workout in the date order of all the user's workouts (whatever the
     * filters; two index seeks per row), the page's segments and records, and the count and sums of
     * all the filtered workouts: one statement (see `listRows`).
     */
    async listAnswer(userId: number, filter: WorkoutListFilter, order: WorkoutListOrder, page: { limit: number; offset: number }): Promise<WorkoutListAnswer> {
      const answer: Omit<WorkoutListAnswer, 'sums'> = { workouts: [], segments: [], records: [] }
      const { sums, datedDirection } = await listRows('rows', userId, filter, order, page, (part, row, values, pageRows) => {
        if (part === 0) {
          const stored = pageRows.unpack(row, values) as StoredWorkoutRow & WorkoutLinks
          answer.workouts.push({ ...workoutRowOf(stored, dialect), previousId: stored.previousId, nextId: stored.nextId })
        } else if (part === 1) answer.segments.push(SEGMENT_ROWS.unpack(row, values) as WorkoutSegmentRow)
        else answer.records.push(packedRecords.unpack(row, dialect, values))
      })
      linkWithinPage(answer.workouts, datedDirection)
      return { ...answer, sums }
    },

    /**
     * The page `listAnswer` gives as each workout's stored list fragment (null until written: see
     * `takeStaleFragments`) instead of its columns and segments, with its neighbours, the page's
     * records and the sums: the same single statement without most of the values it hands over.
     */
    async listFragments(userId: number, filter: WorkoutListFilter, order: WorkoutListOrder, page: { limit: number; offset: number }): Promise<WorkoutFragmentsAnswer> {
      const answer: Omit<WorkoutFragmentsAnswer, 'sums'> = { workouts: [], records: [] }
      const { sums, datedDirection } = await listRows('fragments', userId, filter, order, page, (part, row, values, pageRows) => {
        if (part === 0) {
          const { id, previousId, nextId } = pageRows.unpack(row, values) as { id: string } & WorkoutLinks
          answer.workouts.push({ id, fragment: row.fragment as string | null, previousId, nextId })
        } else answer.records.push(packedRecords.unpack(row, dialect, values))
      })
      linkWithinPage(answer.workouts, datedDirection)
      return { ...answer, sums }
    },

    /** The workouts this transaction's writes made the list fragments of stale, once (the set is emptied). */
    takeStaleFragments(): string[] {
      const stale = staleFragments.get(manager)
      staleFragments.delete(manager)
      return stale ? [...stale] : []
    },

    /** Those of these workouts whose fragment is not written (null), with their segments. */
    async withoutFragment(ids: readonly string[]): Promise<{ workouts: WorkoutRow[]; segments: WorkoutSegmentRow[] }> {
      const found: { workouts: WorkoutRow[]; segments: WorkoutSegmentRow[] } = { workouts: [], segments: [] }
      if (ids.length === 0) return found
      const width = Math.max(FRAGMENT_SOURCE_ROWS.reals, SEGMENT_ROWS.reals)
      const rows = await query<PackedRow[]>(
        `WITH page(page_id, position) AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY id) FROM workout WHERE id IN (${dialect.placeholders(ids)}) AND list_json IS NULL)
         SELECT ${FRAGMENT_SOURCE_ROWS.select(width, dialect, ['0', 'page.position', '0'])} FROM page ${dialect.joinInOrder} workout w ON w.id = page.page_id
         UNION ALL SELECT ${SEGMENT_ROWS.select(width, dialect, ['1', 'page.position', 'segment_index'])} FROM page ${dialect.joinInOrder} workout_segment ON workout_id = page.page_id`,
        [...ids],
      )
      for (const { row, values } of inKeyOrder(rows, 3)) {
        if (values.at(-3) === 0) found.workouts.push(workoutRowOf(FRAGMENT_SOURCE_ROWS.unpack(row, values) as StoredWorkoutRow, dialect))
        else found.segments.push(SEGMENT_ROWS.unpack(row, values) as WorkoutSegmentRow)
      }
      return found
    },

    /** Writes workouts' list fragments, each only if still not written (a later write's own is kept). */
    async writeFragments(fragments: ReadonlyMap<string, string>): Promise<void> {
      const entries = [...fragments]
      for (let start = 0; start < entries.length; start += 500) {
        const chunk = entries.slice(start, start + 500)
        await query(
          `UPDATE workout SET list_json = CASE id ${chunk.map(() => 'WHEN ? THEN ?').join(' ')} END
            WHERE id IN (${dialect.placeholders(chunk)}) AND list_json IS NULL`,
          [...chunk.flat(), ...chunk.map(([id]) => id)],
        )
      }
    },

    /**
     * Up to `limit` workouts after `afterId` (in id order) whose fragment is not written, or was
     * written by another version of the presenter (does not start with `version`).
     */
    async staleFragmentIds(version: string, afterId: string, limit: number): Promise<string[]> {
      if (!Number.isSafeInteger(limit)) throw new RangeError(`limit ${limit}`)
      const rows = await query<{ id: string }[]>(
        `SELECT id FROM workout WHERE id > ? AND (list_json IS NULL OR substr(list_json, 1, ${version.length}) <> ?) ORDER BY id LIMIT ${limit}`,
        [afterId, version],
      )
      return rows.map((row) => row.id)
    },

    /** Empties the fragments of these workouts that are still stale (see `staleFragmentIds`), to be written again before the write commits. */
    async renewFragments(version: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return
      await query(`UPDATE workout SET list_json = NULL WHERE id IN (${dialect.placeholders(ids)}) AND substr(list_json, 1, ${version.length}) <> ?`, [...ids, version])
      stale(...ids)
    },

    /**
     * A workout of any user with what its page shows, as `viewerId` (null: a visitor) sees its likes,
     * or null when none has this id: one statement, as a list page's (see `listAnswer`), instead of
     * eight (the workout, its neighbours, segments, records, likes, sport, equipment and insights).
     */
    async page(id: string, viewerId: number | null): Promise<WorkoutPage | null> {
      const width = Math.max(WORKOUT_PAGE_ROW.reals, SEGMENT_ROWS.reals)
      // The insights' document rides on the workout's row, for its owner only (no one else is shown them).
      const rows = await query<(PackedRow & { part: 0 | 1 | 2; insights: Uint8Array | null })[]>(
        `SELECT 0 AS part, NULL AS rank, ${WORKOUT_PAGE_ROW.select(width, dialect)},
                CASE WHEN w.user_id = ? AND w.file_path IS NOT NULL THEN (SELECT data FROM workout_insight WHERE workout_id = w.id AND version = ?) END AS insights
           FROM workout w WHERE w.id = ?
         UNION ALL SELECT 1, segment_index, ${SEGMENT_ROWS.select(width, dialect)}, NULL FROM workout_segment WHERE workout_id = ?
         UNION ALL SELECT 2, row_number() OVER (ORDER BY record_type), ${packedRecords.select(width, dialect)}, NULL FROM record WHERE workout_id = ?
         ORDER BY part, rank`,
        [true, viewerId ?? 0, viewerId ?? 0, INSIGHTS_VERSION, id, id, id],
      )
      let page: WorkoutPage | null = null
      for (const row of rows) {
        if (row.part === 0) {
          const { likes, liked, equipment, sportLabel, legs, previousId, nextId, ...stored } = WORKOUT_PAGE_ROW.unpack(row) as StoredWorkoutRow & WorkoutLinks & WorkoutPageExtras
          page = {
            workout: { ...workoutRowOf(stored, dialect), previousId, nextId },
            segments: [],
            records: [],
            likes: { count: likes, liked: viewerId !== null && liked > 0 },
            hasEquipment: equipment > 0,
            isLeg: legs > 1,
            sportLabel: sportLabel ?? '',
            insights: row.insights === null ? null : unpackInsights(row.insights),
          }
        } else if (row.part === 1) page?.segments.push(SEGMENT_ROWS.unpack(row) as WorkoutSegmentRow)
        else page?.records.push(packedRecords.unpack(row, dialect))
      }
      return page
    },

    /** The segments of some workouts, by segment index (each row packed into one text). */
    async segmentsOf(workoutIds: readonly string[]): Promise<WorkoutSegmentRow[]> {
      if (workoutIds.length === 0) return []
      const rows = await query<PackedRow[]>(
        `SELECT ${SEGMENT_ROWS.select(undefined, dialect)} FROM workout_segment WHERE workout_id IN (${dialect.placeholders(workoutIds)}) ORDER BY segment_index`,
        [...workoutIds],
      )
      return rows.map((row) => SEGMENT_ROWS.unpack(row) as WorkoutSegmentRow)
    },

    /** The legs of one multisport file (its owner's workouts stored from these bytes), in order. */
    async legsOf(userId: number, fileHash: string): Promise<WorkoutLegRow[]> {
      const rows = await query<(Omit<WorkoutLegRow, 'workoutDate' | 'transition'> & { workoutDate: unknown; transition: unknown })[]>(
        `SELECT id, sport_id AS "sportId", title, workout_date AS "workoutDate", distance, moving, transition,
                workout_visibility AS "workoutVisibility", analysis_visibility AS "analysisVisibility", map_visibility AS "mapVisibility"
           FROM workout WHERE user_id = ? AND file_hash = ? ORDER BY workout_date, id`,
        [userId, fileHash],
      )
      return rows.map((row) => ({ ...row, distance: row.distance === null ? null : Number(row.distance), workoutDate: dialect.dateOf(row.workoutDate), transition: Boolean(row.transition) }))
    },

    /** A user's workout stored from exactly these file bytes, if any. */
    async idWithFileHash(userId: number, fileHash: string): Promise<string | null> {
      const [same] = await query<{ id: string }[]>(`SELECT id FROM workout WHERE user_id = ? AND file_hash = ? LIMIT 1`, [userId, fileHash])
      return same?.id ?? null
    },

    /**
     * Inserts the workout of an imported file's first activity unless it duplicates one (see
     * `duplicateOfFile`), in one statement when it does not (the insert checks both lookups
     * itself): null once inserted, else what it duplicates. Inside a transaction only.
     */
    async insertUnlessDuplicate(workout: WorkoutEntity, file: { fileHash: string; start: Date }): Promise<{ id: string; sameBytes: boolean } | null> {
      const runner = manager.queryRunner
      if (!runner) throw new Error('insertUnlessDuplicate outside a transaction')
      const { into, tuple, valuesOf } = insertOf(manager, WorkoutEntity, workout)
      const start = date(file.start)
      const outing = [workout.userId, workout.sportId, start, start, workout.distance]
      const inserted = await runner.query(
        dialect.sql(`${into} SELECT ${tuple.slice(1, -1)} WHERE NOT EXISTS (SELECT 1 FROM workout WHERE user_id = ? AND file_hash = ?)
          AND NOT EXISTS (SELECT 1 FROM workout WHERE ${SAME_OUTING})`),
        [...valuesOf(workout), workout.userId, file.fileHash, ...outing],
        true,
      )
      if (inserted.affected === 1) {
        stale(workout.id)
        return null
      }
      const duplicate = await duplicateOfFile({ userId: workout.userId, sportId: workout.sportId, distanceKm: workout.distance, ...file })
      if (!duplicate) throw new Error('a workout not inserted as a duplicate duplicates none')
      return duplicate
    },

    /**
     * A user's workout of the same sport and distance (to half a metre) dated within [from, until],
     * and of the same duration when one is given: the same outing, imported again.
     */
    async sameOutingId(outing: { userId: number; sportId: number; from: Date; until: Date; distanceKm: number | null; durationS?: number }): Promise<string | null> {
      const duration = outing.durationS === undefined ? '' : 'AND duration = ?'
      const [same] = await query<{ id: string }[]>(`SELECT id FROM workout WHERE ${SAME_OUTING} ${duration} LIMIT 1`, [
        outing.userId,
        outing.sportId,
        date(outing.from),
        date(outing.until),
        outing.distanceKm,
        ...(outing.durationS === undefined ? [] : [outing.durationS]),
      ])
      return same?.id ?? null
    },
  }
}

export type WorkoutsRepository = ReturnType<typeof workoutsRepository>
