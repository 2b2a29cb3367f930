import { In, type EntityManager } from 'typeorm'
import { EquipmentEntity, EquipmentTypeEntity } from '../entities'
import { dialectOf } from '../dialect'
import { placeholders } from '../placeholders'

/** An item's totals as its workouts give them. */
export interface EquipmentTotals {
  totalDistance: number
  totalDuration: number
  totalMoving: number
  totalWorkouts: number
}

/**
 * The totals of an item, summed from its workouts (the one definition of the totals); `window`
 * narrows them to some workout dates, which is how a component counts its bike's workouts.
 */
const TOTALS_OF_ITEM = (item: string, window = '') => `
  SELECT COALESCE(SUM(w.distance), 0) AS "totalDistance", COALESCE(SUM(w.duration), 0) AS "totalDuration",
         COALESCE(SUM(w.moving), 0) AS "totalMoving", COUNT(w.id) AS "totalWorkouts"
  FROM workout_equipment we JOIN workout w ON w.id = we.workout_id WHERE we.equipment_id = ${item}${window}`

/** A component's totals: its bike's workouts from its fitting (included) to its removal (excluded). */
const TOTALS_OF_COMPONENT = TOTALS_OF_ITEM(
  'equipment_component.equipment_id',
  ` AND w.workout_date >= equipment_component.fitted_at
    AND (equipment_component.removed_at IS NULL OR w.workout_date < equipment_component.removed_at)`,
)

/** A bike's component as stored (dates as `Date`). */
export interface ComponentRow extends EquipmentTotals {
  id: string
  equipmentId: string
  label: string
  fittedAt: Date
  removedAt: Date | null
  wearLimitDistance: number | null
  wearLimitHours: number | null
}

/** The fields of a component its owner sets. */
export type ComponentFields = Pick<ComponentRow, 'label' | 'wearLimitDistance' | 'wearLimitHours'>

/** Equipment types, users' items, the items of workouts and the sports items are defaults for. */
/**
 * A user's workouts of some sports that have no item of one type, dated within `from` (included) and
 * `to` (excluded), UTC milliseconds, either open: where an item added later fits.
 */
export interface WithoutType {
  userId: number
  typeId: number
  sportIds: readonly number[]
  from?: number | undefined
  to?: number | undefined
}

export function equipmentRepository(manager: EntityManager) {
  const dialect = dialectOf(manager)
  const query = <T>(sql: string, parameters: unknown[] = []) => manager.query<T>(dialect.sql(sql), parameters)

  function withoutTypeWhere(span: WithoutType): { where: string; parameters: unknown[] } {
    if (span.sportIds.length === 0) return { where: '1 = 0', parameters: [] }
    const conditions = [
      'w.user_id = ?',
      `w.sport_id IN (${placeholders(span.sportIds)})`,
      'NOT EXISTS (SELECT 1 FROM workout_equipment we JOIN equipment e ON e.id = we.equipment_id WHERE we.workout_id = w.id AND e.equipment_type_id = ?)',
    ]
    const parameters: unknown[] = [span.userId, ...span.sportIds, span.typeId]
    if (span.from !== undefined) {
      conditions.push('w.workout_date >= ?')
      parameters.push(dialect.dateParameter(span.from))
    }
    if (span.to !== undefined) {
      conditions.push('w.workout_date < ?')
      parameters.push(dialect.dateParameter(span.to))
    }
    return { where: conditions.join(' AND '), parameters }
  }

  /** Items by ids, in the order of `ids`. */
  async function inOrder(ids: readonly string[]): Promise<EquipmentEntity[]> {
    if (ids.length === 0) return []
    const byId = new Map((await manager.findBy(EquipmentEntity, { id: In([...ids]) })).map((item) => [item.id, item]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  const COMPONENT_COLUMNS = `id, equipment_id AS "equipmentId", label, fitted_at AS "fittedAt", removed_at AS "removedAt",
    wear_limit_distance AS "wearLimitDistance", wear_limit_hours AS "wearLimitHours", total_distance AS "totalDistance",
    total_duration AS "totalDuration", total_moving AS "totalMoving", total_workouts AS "totalWorkouts"`
  const optionalNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  const componentOf = (row: Record<string, unknown>): ComponentRow => ({
    id: String(row.id),
    equipmentId: String(row.equipmentId),
    label: String(row.label),
    fittedAt: dialect.dateOf(row.fittedAt),
    removedAt: row.removedAt === null ? null : dialect.dateOf(row.removedAt),
    wearLimitDistance: optionalNumber(row.wearLimitDistance),
    wearLimitHours: optionalNumber(row.wearLimitHours),
    totalDistance: Number(row.totalDistance),
    totalDuration: Number(row.totalDuration),
    totalMoving: Number(row.totalMoving),
    totalWorkouts: Number(row.totalWorkouts),
  })

  /**
   * Sets the stored totals of these items and of their components to their recomputation, in
   * the caller's transaction (every workout write that changes an item's totals comes here).
   */
  async function refreshTotals(itemIds: readonly string[]): Promise<void> {
    const ids = [...new Set(itemIds)]
    if (ids.length === 0) return
    await query(
      `UPDATE equipment SET (total_distance, total_duration, total_moving, total_workouts) = (${TOTALS_OF_ITEM('equipment.id')})
       WHERE id IN (${placeholders(ids)})`,
      ids,
    )
    await query(
      `UPDATE equipment_component SET (total_distance, total_duration, total_moving, total_workouts) = (${TOTALS_OF_COMPONENT})
       WHERE equipment_id IN (${placeholders(ids)})`,
      ids,
    )
  }

  return {
    types: (): Promise<EquipmentTypeEntity[]> => manager.find(EquipmentTypeEntity, { order: { id: 'ASC' } }),
    typeById: (id: number): Promise<EquipmentTypeEntity | null> => manager.findOneBy(EquipmentTypeEntity, { id }),
    saveType: (type: EquipmentTypeEntity): Promise<EquipmentTypeEntity> => manager.save(type),
    /** Ids of the types someone has an item of. */
    async typeIdsInUse(): Promise<Set<number>> {
      const rows = await query<{ id: number }[]>(`SELECT DISTINCT equipment_type_id AS id FROM equipment`)
      return new Set(rows.map((row) => row.id))
    },

    /** A user's items in creation order, optionally of one type. */
    async ofUser(userId: number, typeId?: number): Promise<EquipmentEntity[]> {
      const typed = typeId === undefined ? '' : ' AND equipment_type_id = ?'
      const rows = await query<{ id: string }[]>(`SELECT id FROM equipment WHERE user_id = ?${typed} ORDER BY ${dialect.insertionOrder('equipment')}`, typeId === undefined ? [userId] : [userId, typeId])
      return inOrder(rows.map((row) => row.id))
    },
    byId: (userId: number, id: string): Promise<EquipmentEntity | null> => manager.findOneBy(EquipmentEntity, { id, userId }),
    byLabel: (userId: number, label: string): Promise<EquipmentEntity | null> => manager.findOneBy(EquipmentEntity, { userId, label }),
    /** The user's items among `ids` (others' and unknown ids are left out). */
    byIds: (userId: number, ids: readonly string[]): Promise<EquipmentEntity[]> =>
      ids.length === 0 ? Promise.resolve([]) : manager.findBy(EquipmentEntity, { userId, id: In([...ids]) }),
    insert: async (item: EquipmentEntity): Promise<void> => {
      await manager.insert(EquipmentEntity, item)
    },
    save: (item: EquipmentEntity): Promise<EquipmentEntity> => manager.save(item),
    remove: async (id: string): Promise<void> => {
      await manager.delete(EquipmentEntity, { id })
    },

    /** The sports each item is a default for. */
    async defaultSportIds(itemIds: readonly string[]): Promise<Map<string, number[]>> {
      const bySport = new Map<string, number[]>(itemIds.map((id) => [id, []]))
      if (itemIds.length === 0) return bySport
      const rows = await query<{ equipment_id: string; sport_id: number }[]>(
        `SELECT equipment_id, sport_id FROM equipment_sport_default WHERE equipment_id IN (${placeholders(itemIds)}) ORDER BY sport_id`,
        [...itemIds],
      )
      for (const row of rows) bySport.get(row.equipment_id)?.push(row.sport_id)
      return bySport
    },
    async setDefaultSports(itemId: string, sportIds: readonly number[]): Promise<void> {
      await query(`DELETE FROM equipment_sport_default WHERE equipment_id = ?`, [itemId])
      for (const sportId of sportIds) await query(`INSERT INTO equipment_sport_default (equipment_id, sport_id) VALUES (?, ?)`, [itemId, sportId])
    },
    /** Makes these items the sport's defaults in place of the user's others. */
    async replaceSportDefaults(userId: number, sportId: number, itemIds: readonly string[]): Promise<void> {
      await query(`DELETE FROM equipment_sport_default WHERE sport_id = ? AND equipment_id IN (SELECT id FROM equipment WHERE user_id = ?)`, [sportId, userId])
      for (const itemId of itemIds) await query(`INSERT INTO equipment_sport_default (equipment_id, sport_id) VALUES (?, ?)`, [itemId, sportId])
    },
    /** The user's other items of a type that are defaults for some of `sportIds` (a sport has one default per type). */
    async dropOtherDefaults(userId: number, itemId: string, typeId: number, sportIds: readonly number[]): Promise<void> {
      if (sportIds.length === 0) return
      await query(
        `DELETE FROM equipment_sport_default WHERE sport_id IN (${placeholders(sportIds)}) AND equipment_id IN
           (SELECT id FROM equipment WHERE user_id = ? AND equipment_type_id = ? AND id <> ?)`,
        [...sportIds, userId, typeId, itemId],
      )
    },
    /** Per sport, how many of the user's other items of a type are its defaults. */
    async defaultsCount(userId: number, itemId: string, typeId: number, sportIds: readonly number[]): Promise<Map<number, number>> {
      if (sportIds.length === 0) return new Map()
      const rows = await query<{ sport_id: number; count: number }[]>(
        `SELECT d.sport_id, COUNT(*) AS count FROM equipment_sport_default d JOIN equipment e ON e.id = d.equipment_id
         WHERE e.user_id = ? AND e.equipment_type_id = ? AND e.id <> ? AND d.sport_id IN (${placeholders(sportIds)}) GROUP BY d.sport_id`,
        [userId, typeId, itemId, ...sportIds],
      )
      return new Map(rows.map((row) => [row.sport_id, Number(row.count)]))
    },
    /** The user's active items that are defaults for a sport, in creation order. */
    async activeDefaultsFor(userId: number, sportId: number): Promise<EquipmentEntity[]> {
      const rows = await query<{ id: string }[]>(
        `SELECT e.id FROM equipment e JOIN equipment_sport_default d ON d.equipment_id = e.id
         WHERE e.user_id = ? AND d.sport_id = ? AND e.is_active ORDER BY ${dialect.insertionOrder('e')}`,
        [userId, sportId],
      )
      return inOrder(rows.map((row) => row.id))
    },

    /** The items of some workouts, each workout's in creation order of the items. */
    async ofWorkouts(workoutIds: readonly string[]): Promise<Map<string, EquipmentEntity[]>> {
      const byWorkout = new Map<string, EquipmentEntity[]>()
      if (workoutIds.length === 0) return byWorkout
      const rows = await query<{ workout_id: string; equipment_id: string }[]>(
        `SELECT we.workout_id, we.equipment_id FROM workout_equipment we JOIN equipment e ON e.id = we.equipment_id
         WHERE we.workout_id IN (${placeholders(workoutIds)}) ORDER BY ${dialect.insertionOrder('e')}`,
        [...workoutIds],
      )
      const items = new Map((await inOrder([...new Set(rows.map((row) => row.equipment_id))])).map((item) => [item.id, item]))
      for (const row of rows) {
        const item = items.get(row.equipment_id)
        if (!item) continue
        const list = byWorkout.get(row.workout_id)
        if (list) list.push(item)
        else byWorkout.set(row.workout_id, [item])
      }
      return byWorkout
    },
    /** Ids of the items of a workout. */
    async idsOfWorkout(workoutId: string): Promise<string[]> {
      const rows = await query<{ equipment_id: string }[]>(`SELECT equipment_id FROM workout_equipment WHERE workout_id = ?`, [workoutId])
      return rows.map((row) => row.equipment_id)
    },
    /** Gives each workout these items (in place of any it had). */
    async setItemsOfWorkouts(workoutIds: readonly string[], itemIds: readonly string[]): Promise<void> {
      if (workoutIds.length === 0) return
      await query(`DELETE FROM workout_equipment WHERE workout_id IN (${placeholders(workoutIds)})`, [...workoutIds])
      for (const workoutId of workoutIds) {
        for (const itemId of itemIds) await query(`INSERT INTO workout_equipment (workout_id, equipment_id) VALUES (?, ?)`, [workoutId, itemId])
      }
    },
    /** The workouts an item would be added to (see {@link WithoutType}): how many, and the dates of the first and last. */
    async withoutType(span: WithoutType): Promise<{ count: number; first: Date | null; last: Date | null }> {
      const { where, parameters } = withoutTypeWhere(span)
      const [row] = await query<{ count: unknown; first: unknown; last: unknown }[]>(
        `SELECT COUNT(*) AS count, MIN(w.workout_date) AS first, MAX(w.workout_date) AS last FROM workout w WHERE ${where}`,
        parameters,
      )
      const count = Number(row?.count ?? 0)
      return { count, first: count > 0 ? dialect.dateOf(row?.first) : null, last: count > 0 ? dialect.dateOf(row?.last) : null }
    },
    /** Adds an item to the workouts of {@link WithoutType}, in one statement, its links marked as made by the offer `backfillId`. */
    async addToWorkoutsWithoutType(itemId: string, span: WithoutType, backfillId: string): Promise<void> {
      const { where, parameters } = withoutTypeWhere(span)
      await query(`INSERT INTO workout_equipment (workout_id, equipment_id, backfill_id) SELECT w.id, ?, ? FROM workout w WHERE ${where}`, [itemId, backfillId, ...parameters])
    },
    /** Removes the links of an item that the offer `backfillId` made and that are still its own (not set again by hand); how many. */
    async removeBackfill(itemId: string, backfillId: string): Promise<number> {
      const deleted = await manager.createQueryBuilder().delete().from('workout_equipment').where('equipment_id = :itemId AND backfill_id = :backfillId', { itemId, backfillId }).execute()
      return deleted.affected ?? 0
    },
    /** Removes an item from all its workouts. */
    async unlinkAll(itemId: string): Promise<void> {
      await query(`DELETE FROM workout_equipment WHERE equipment_id = ?`, [itemId])
    },

    /** The components of these items, oldest fitting first. */
    async componentsOf(itemIds: readonly string[]): Promise<ComponentRow[]> {
      if (itemIds.length === 0) return []
      const rows = await query<Record<string, unknown>[]>(
        `SELECT ${COMPONENT_COLUMNS} FROM equipment_component WHERE equipment_id IN (${placeholders(itemIds)}) ORDER BY fitted_at, id`,
        [...itemIds],
      )
      return rows.map(componentOf)
    },
    async componentById(itemId: string, id: string): Promise<ComponentRow | null> {
      const [row] = await query<Record<string, unknown>[]>(`SELECT ${COMPONENT_COLUMNS} FROM equipment_component WHERE equipment_id = ? AND id = ?`, [itemId, id])
      return row ? componentOf(row) : null
    },
    /** A component fitted at `fittedAt`, its totals computed at once. */
    async insertComponent(id: string, itemId: string, fittedAt: Date, fields: ComponentFields): Promise<void> {
      await query(
        `INSERT INTO equipment_component (id, equipment_id, label, fitted_at, wear_limit_distance, wear_limit_hours) VALUES (?, ?, ?, ?, ?, ?)`,
        [id, itemId, fields.label, dialect.dateParameter(fittedAt), fields.wearLimitDistance, fields.wearLimitHours],
      )
      await refreshTotals([itemId])
    },
    async updateComponent(id: string, fields: ComponentFields): Promise<void> {
      await query(`UPDATE equipment_component SET label = ?, wear_limit_distance = ?, wear_limit_hours = ? WHERE id = ?`, [
        fields.label,
        fields.wearLimitDistance,
        fields.wearLimitHours,
        id,
      ])
    },
    /** Ends a component's count at `removedAt` (its totals follow). */
    async removeComponent(itemId: string, id: string, removedAt: Date): Promise<void> {
      await query(`UPDATE equipment_component SET removed_at = ? WHERE id = ?`, [dialect.dateParameter(removedAt), id])
      await refreshTotals([itemId])
    },

    /** The date, distance (km, null when unmeasured) and moving time (s) of each of an item's workouts. */
    async workoutFiguresOf(itemId: string): Promise<{ workoutDate: Date; distance: number | null; moving: number }[]> {
      const rows = await query<{ workoutDate: unknown; distance: number | null; moving: number }[]>(
        `SELECT w.workout_date AS "workoutDate", w.distance AS distance, w.moving AS moving
         FROM workout_equipment we JOIN workout w ON w.id = we.workout_id WHERE we.equipment_id = ? ORDER BY w.workout_date`,
        [itemId],
      )
      return rows.map((row) => ({ workoutDate: dialect.dateOf(row.workoutDate), distance: row.distance === null ? null : Number(row.distance), moving: Number(row.moving) }))
    },
    /** The totals of an item as a recomputation from its workouts gives them. */
    async computedTotals(itemId: string): Promise<EquipmentTotals> {
      const [row] = await query<EquipmentTotals[]>(TOTALS_OF_ITEM('?'), [itemId])
      return {
        totalDistance: Number(row?.totalDistance ?? 0),
        totalDuration: Number(row?.totalDuration ?? 0),
        totalMoving: Number(row?.totalMoving ?? 0),
        totalWorkouts: Number(row?.totalWorkouts ?? 0),
      }
    },
    refreshTotals,
  }
}

export type EquipmentRepository = ReturnType<typeof equipmentRepository>
