import type { z } from 'zod'
import {
  MISC_EQUIPMENT_MAX,
  type ComponentsResponse,
  type createComponentBody,
  type createEquipmentBody,
  type EquipmentBackfilledResponse,
  type equipmentBackfillQuery,
  type EquipmentBackfillResponse,
  type EquipmentBackfillUndoneResponse,
  type EquipmentsResponse,
  type EquipmentStatsResponse,
  type EquipmentTypesResponse,
  type retireComponentBody,
  type updateComponentBody,
  type updateEquipmentBody,
  type WornResponse,
} from '../../../src/contracts'
import { MISC, pastLimit, TYPE_WITH_COMPONENTS, typeFitsSport } from '../../../src/domain/equipment'
import { AppError } from '../../../src/errors'
import type { EquipmentEntity, EquipmentTypeEntity, UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import type { WithoutType } from '../../db/repositories/equipment.repository'
import { toHttpDate } from '../../lib/http-date'
import { dayFilter } from '../workouts/workouts.service'
import { isShortId, shortId } from '../../lib/short-id'
import { createZoneClock } from '../../../src/domain/zoned-time'
import { checkWorkoutItems, hours, knownFields, newItem, presentComponent, presentItems, presentType, wearOf } from './equipment-rules'

/** An equipment type by id: unknown is "invalid", a disabled one refused unless the item has it already. */
async function usableType({ equipment }: Repositories, id: number, current?: number): Promise<EquipmentTypeEntity> {
  const type = await equipment.typeById(id)
  if (!type) throw new AppError('equipment_type_invalid')
  if (!type.isActive && type.id !== current) throw new AppError('equipment_type_inactive')
  return type
}

/**
 * Makes the item a default for these sports (and for no other): each must exist and fit its type;
 * a sport has one default per type, which this item replaces, except Misc (up to 5).
 */
async function setDefaults({ equipment, sports }: Repositories, item: EquipmentEntity, type: EquipmentTypeEntity, sportIds: readonly number[]): Promise<void> {
  const unique = [...new Set(sportIds)]
  for (const sportId of unique) {
    const sport = await sports.byId(sportId)
    if (!sport) throw new AppError('equipment_default_sport_not_found', { params: { id: sportId } })
    if (!typeFitsSport(type.label, sport.label)) throw new AppError('equipment_default_sport_invalid', { params: { sport: sport.label, type: type.label } })
  }
  if (type.label === MISC) {
    const counts = await equipment.defaultsCount(item.userId, item.id, type.id, unique)
    if (unique.some((sportId) => (counts.get(sportId) ?? 0) + 1 > MISC_EQUIPMENT_MAX)) throw new AppError('equipment_misc_limit')
  } else await equipment.dropOtherDefaults(item.userId, item.id, type.id, unique)
  await equipment.setDefaultSports(item.id, unique)
}

export function createEquipmentService({ database, now }: { database: Database; now: () => Date }) {
  const { reads } = database

  async function own(repositories: Repositories, user: UserEntity, id: string): Promise<EquipmentEntity> {
    const item = isShortId(id) ? await repositories.equipment.byId(user.id, id) : null
    if (!item) throw new AppError('equipment_not_found')
    return item
  }

  /** A bike of the caller's (components belong to bikes only). */
  async function ownBike(repositories: Repositories, user: UserEntity, id: string): Promise<EquipmentEntity> {
    const item = await own(repositories, user, id)
    const type = await repositories.equipment.typeById(item.equipmentTypeId)
    if (type?.label !== TYPE_WITH_COMPONENTS) throw new AppError('equipment_components_bike_only')
    return item
  }

  async function components(repositories: Repositories, itemId: string, status: 'success' | 'created' = 'success'): Promise<ComponentsResponse> {
    return { status, data: { components: (await repositories.equipment.componentsOf([itemId])).map(presentComponent) } }
  }

  async function answer(item: EquipmentEntity, status: 'success' | 'created' = 'success'): Promise<EquipmentsResponse> {
    return { status, data: { equipments: await presentItems(reads.equipment, [item]) } }
  }

  /** The workouts an item of the caller's is offered for (see `equipmentBackfillQuery`), days read in the caller's time zone. */
  async function backfillSpan(repositories: Repositories, user: UserEntity, item: EquipmentEntity, days: z.output<typeof equipmentBackfillQuery>): Promise<WithoutType> {
    const sportIds = (await repositories.equipment.defaultSportIds([item.id])).get(item.id) ?? []
    return { userId: user.id, typeId: item.equipmentTypeId, sportIds, ...dayFilter(user.timezone, days.from, days.to) }
  }

  return {
    /** The types; administrators also learn which are in use. */
    async listTypes(user: UserEntity): Promise<EquipmentTypesResponse> {
      const inUse = user.admin ? await reads.equipment.typeIdsInUse() : undefined
      return { status: 'success', data: { equipment_types: (await reads.equipment.types()).map((type) => presentType(type, inUse)) } }
    },

    async getType(user: UserEntity, id: number): Promise<EquipmentTypesResponse> {
      const type = await reads.equipment.typeById(id)
      if (!type) throw new AppError('equipment_type_not_found')
      const inUse = user.admin ? await reads.equipment.typeIdsInUse() : undefined
      return { status: 'success', data: { equipment_types: [presentType(type, inUse)] } }
    },

    /** Enables or disables a type for everyone; items of a disabled type stay. */
    async setTypeActive(admin: UserEntity, id: number, isActive: boolean): Promise<EquipmentTypesResponse> {
      const type = await database.write(async ({ equipment }) => {
        const found = await equipment.typeById(id)
        if (!found) throw new AppError('equipment_type_not_found')
        found.isActive = isActive
        return equipment.saveType(found)
      })
      return { status: 'success', data: { equipment_types: [presentType(type, await reads.equipment.typeIdsInUse())] } }
    },

    /** How many earlier workouts an item would be added to, and the first and last one's dates. */
    async backfillPreview(user: UserEntity, id: string, days: z.output<typeof equipmentBackfillQuery>): Promise<EquipmentBackfillResponse> {
      const found = await database.snapshot(async (repositories) => repositories.equipment.withoutType(await backfillSpan(repositories, user, await own(repositories, user, id), days)))
      return {
        status: 'success',
        data: { workouts_count: found.count, first_workout_date: found.first && toHttpDate(found.first), last_workout_date: found.last && toHttpDate(found.last) },
      }
    },

    /** Adds an active item to those workouts, its totals following in the same transaction. */
    async backfill(user: UserEntity, id: string, days: z.output<typeof equipmentBackfillQuery>): Promise<EquipmentBackfilledResponse> {
      const backfillId = shortId()
      const { item, count } = await database.write(async (repositories) => {
        const found = await own(repositories, user, id)
        if (!found.isActive) throw new AppError('equipment_id_inactive', { params: { id } })
        const span = await backfillSpan(repositories, user, found, days)
        const { count: added } = await repositories.equipment.withoutType(span)
        await repositories.equipment.addToWorkoutsWithoutType(found.id, span, backfillId)
        await repositories.equipment.refreshTotals([found.id])
        return { item: await own(repositories, user, id), count: added }
      })
      return { status: 'success', data: { workouts_count: count, backfill_id: backfillId, equipments: await presentItems(reads.equipment, [item]) } }
    },

    /**
     * Undoes an offer applied: takes the item off the workouts that offer added it to, except those
     * whose equipment was set by hand since (their link was written again, without the offer's mark),
     * and recomputes its totals. Undoing twice, or an unknown offer, removes nothing.
     */
    async undoBackfill(user: UserEntity, id: string, backfillId: string): Promise<EquipmentBackfillUndoneResponse> {
      const { item, count } = await database.write(async (repositories) => {
        const found = await own(repositories, user, id)
        const removed = await repositories.equipment.removeBackfill(found.id, backfillId)
        if (removed > 0) await repositories.equipment.refreshTotals([found.id])
        return { item: await own(repositories, user, id), count: removed }
      })
      return { status: 'success', data: { workouts_count: count, equipments: await presentItems(reads.equipment, [item]) } }
    },

    /** The caller's items, in creation order, optionally of one type. */
    async list(user: UserEntity, typeId?: number): Promise<EquipmentsResponse> {
      const items = await database.snapshot(({ equipment }) => equipment.ofUser(user.id, typeId))
      return { status: 'success', data: { equipments: await presentItems(reads.equipment, items) } }
    },

    async get(user: UserEntity, id: string): Promise<EquipmentsResponse> {
      return answer(await own(reads, user, id))
    },

    async create(user: UserEntity, body: z.output<typeof createEquipmentBody>): Promise<EquipmentsResponse> {
      const item = await database.write(async (repositories) => {
        const type = await usableType(repositories, body.equipment_type_id)
        if (await repositories.equipment.byLabel(user.id, body.label)) throw new AppError('equipment_label_taken')
        const created = newItem({
          userId: user.id,
          label: body.label,
          description: body.description ?? null,
          equipmentTypeId: type.id,
          createdAt: now(),
          visibility: body.visibility ?? 'private',
          wearLimitDistance: body.wear_limit_distance ?? null,
          wearLimitHours: body.wear_limit_hours ?? null,
        })
        await repositories.equipment.insert(created)
        if (body.default_for_sport_ids) await setDefaults(repositories, created, type, body.default_for_sport_ids)
        return created
      })
      return answer(item, 'created')
    },

    /**
     * Edits an item. A new type other than Misc takes it off its workouts (they were checked
     * against the old type) and its totals go back to zero; retiring it takes it off the
     * sports' defaults.
     */
    async update(user: UserEntity, id: string, body: z.output<typeof updateEquipmentBody>): Promise<EquipmentsResponse> {
      const fields = knownFields(body)
      const item = await database.write(async (repositories) => {
        const { equipment } = repositories
        const current = await own(repositories, user, id)
        if (fields.label !== undefined && fields.label !== current.label) {
          if (await equipment.byLabel(user.id, fields.label)) throw new AppError('equipment_label_taken')
          current.label = fields.label
        }
        if (fields.description !== undefined) current.description = fields.description
        if (fields.visibility !== undefined) current.visibility = fields.visibility
        if (fields.wear_limit_distance !== undefined) current.wearLimitDistance = fields.wear_limit_distance
        if (fields.wear_limit_hours !== undefined) current.wearLimitHours = fields.wear_limit_hours
        const type = await usableType(repositories, fields.equipment_type_id ?? current.equipmentTypeId, current.equipmentTypeId)
        const typeChanged = type.id !== current.equipmentTypeId
        current.equipmentTypeId = type.id
        if (fields.is_active !== undefined) current.isActive = fields.is_active
        await equipment.save(current)
        if (typeChanged && type.label !== MISC) {
          await equipment.unlinkAll(current.id)
          await equipment.refreshTotals([current.id])
        }
        // Defaults: those sent, else the ones still fitting a new type; none once retired.
        let sportIds = fields.default_for_sport_ids
        if (sportIds === undefined && typeChanged) {
          const kept = (await equipment.defaultSportIds([current.id])).get(current.id) ?? []
          const fitting = []
          for (const sportId of kept) {
            const sport = await repositories.sports.byId(sportId)
            if (sport && typeFitsSport(type.label, sport.label)) fitting.push(sportId)
          }
          sportIds = fitting
        }
        if (!current.isActive) sportIds = []
        if (sportIds !== undefined) await setDefaults(repositories, current, type, sportIds)
        return equipment.byId(user.id, current.id)
      })
      if (!item) throw new AppError('equipment_not_found')
      return answer(item)
    },

    /** Recomputes an item's totals from its workouts (they are kept with every workout write, so nothing should change). */
    async refresh(user: UserEntity, id: string): Promise<EquipmentsResponse> {
      const item = await database.write(async (repositories) => {
        const current = await own(repositories, user, id)
        await repositories.equipment.refreshTotals([current.id])
        return repositories.equipment.byId(user.id, current.id)
      })
      if (!item) throw new AppError('equipment_not_found')
      return answer(item)
    },

    /** The item's use per calendar month, in the owner's time zone (a workout on the 1st at 00:30 in Paris is in that month). */
    async stats(user: UserEntity, id: string): Promise<EquipmentStatsResponse> {
      return database.snapshot(async (repositories) => {
        const item = await own(repositories, user, id)
        const clock = createZoneClock(user.timezone)
        const months = new Map<string, { distance: number; moving: number; count: number }>()
        for (const workout of await repositories.equipment.workoutFiguresOf(item.id)) {
          const local = clock.local(workout.workoutDate.getTime())
          const month = `${local.year}-${String(local.month).padStart(2, '0')}`
          const sum = months.get(month) ?? { distance: 0, moving: 0, count: 0 }
          sum.distance += workout.distance ?? 0
          sum.moving += workout.moving
          sum.count += 1
          months.set(month, sum)
        }
        return {
          status: 'success',
          data: {
            months: [...months]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([month, sum]) => ({ month, total_distance: Number(sum.distance.toFixed(3)), total_duration_in_hours: hours(sum.moving), workouts_count: sum.count })),
          },
        }
      })
    },

    /**
     * A sport's default equipment, as its preferences set it: the items a new workout of the sport
     * gets, so they must pass the same checks (own, active, fitting the sport, one per type, 5 Misc).
     */
    async setSportDefaults(user: UserEntity, sportId: number, ids: readonly string[]): Promise<EquipmentsResponse> {
      await database.write(async (repositories) => {
        const sport = await repositories.sports.byId(sportId)
        if (!sport) throw new AppError('sport_not_found')
        const items = await checkWorkoutItems(repositories.equipment, user.id, sport, ids)
        await repositories.equipment.replaceSportDefaults(user.id, sport.id, items.map((item) => item.id))
      })
      return this.list(user)
    },

    /** The caller's active items and their fitted components that reached a wear limit. */
    async worn(user: UserEntity): Promise<WornResponse> {
      return database.snapshot(async ({ equipment }) => {
        const active = (await equipment.ofUser(user.id)).filter((item) => item.isActive)
        const fitted = (await equipment.componentsOf(active.map((item) => item.id))).filter((component) => component.removedAt === null)
        const worn = active.flatMap((item) =>
          [item, ...fitted.filter((component) => component.equipmentId === item.id)]
            .filter((source) => pastLimit(wearOf(source, source)))
            .map((source) => ({
              equipment_id: item.id,
              equipment_label: item.label,
              component_id: source === item ? null : source.id,
              component_label: source === item ? null : source.label,
              total_distance: Number(source.totalDistance.toFixed(3)),
              total_duration_in_hours: hours(source.totalMoving),
              wear_limit_distance: source.wearLimitDistance,
              wear_limit_hours: source.wearLimitHours,
            })),
        )
        return { status: 'success', data: { worn } }
      })
    },

    /** A bike's components; other items have none. */
    async listComponents(user: UserEntity, id: string): Promise<ComponentsResponse> {
      return database.snapshot(async (repositories) => components(repositories, (await own(repositories, user, id)).id))
    },

    /** Fits a component on a bike; it counts the bike's workouts from its fitting date. */
    async createComponent(user: UserEntity, id: string, body: z.output<typeof createComponentBody>): Promise<ComponentsResponse> {
      return database.write(async (repositories) => {
        const bike = await ownBike(repositories, user, id)
        await repositories.equipment.insertComponent(shortId(), bike.id, body.fitted_at ?? now(), {
          label: body.label,
          wearLimitDistance: body.wear_limit_distance ?? null,
          wearLimitHours: body.wear_limit_hours ?? null,
        })
        return components(repositories, bike.id, 'created')
      })
    },

    async updateComponent(user: UserEntity, id: string, componentId: string, body: z.output<typeof updateComponentBody>): Promise<ComponentsResponse> {
      return database.write(async (repositories) => {
        const bike = await ownBike(repositories, user, id)
        const component = await repositories.equipment.componentById(bike.id, componentId)
        if (!component) throw new AppError('equipment_component_not_found')
        if (Object.values(body).every((value) => value === undefined)) throw new AppError('equipment_no_valid_parameters')
        await repositories.equipment.updateComponent(component.id, {
          label: body.label ?? component.label,
          wearLimitDistance: body.wear_limit_distance === undefined ? component.wearLimitDistance : body.wear_limit_distance,
          wearLimitHours: body.wear_limit_hours === undefined ? component.wearLimitHours : body.wear_limit_hours,
        })
        return components(repositories, bike.id)
      })
    },

    /**
     * Removes a component at a date (it keeps the totals of its time on the bike); with `replace`,
     * a new one with its label and limits is fitted from that date and starts at zero.
     */
    async retireComponent(user: UserEntity, id: string, componentId: string, body: z.output<typeof retireComponentBody>): Promise<ComponentsResponse> {
      return database.write(async (repositories) => {
        const bike = await ownBike(repositories, user, id)
        const component = await repositories.equipment.componentById(bike.id, componentId)
        if (!component) throw new AppError('equipment_component_not_found')
        if (component.removedAt !== null) throw new AppError('equipment_component_retired')
        const date = body.date ?? now()
        if (date.getTime() < component.fittedAt.getTime()) throw new AppError('equipment_component_date_before_fitting')
        await repositories.equipment.removeComponent(bike.id, component.id, date)
        if (body.replace) await repositories.equipment.insertComponent(shortId(), bike.id, date, component)
        return components(repositories, bike.id, body.replace ? 'created' : 'success')
      })
    },

    /** Deletes an item; while workouts use it, only when forced (its links go with it, the workouts stay). */
    async remove(user: UserEntity, id: string, force: boolean): Promise<void> {
      await database.write(async (repositories) => {
        const current = await own(repositories, user, id)
        const { totalWorkouts } = await repositories.equipment.computedTotals(current.id)
        if (totalWorkouts > 0 && !force) throw new AppError('equipment_has_workouts', { params: { id: current.id, count: totalWorkouts } })
        await repositories.equipment.remove(current.id)
      })
    },
  }
}

export type EquipmentService = ReturnType<typeof createEquipmentService>
