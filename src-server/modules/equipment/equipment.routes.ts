import type Router from '@koa/router'
import { endpoints, sportIdParam } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import { bind, type Authenticate } from '../../http/bind'
import type { EquipmentService } from './equipment.service'

/** A type id of a URL, or the type's 404. */
function typeId(param: string): number {
  const id = sportIdParam.safeParse(param)
  if (!id.success) throw new AppError('equipment_type_not_found')
  return id.data
}

export function equipmentRoutes(router: Router, authenticate: Authenticate, equipment: EquipmentService): void {
  bind(router, authenticate, endpoints.listEquipmentTypes, ({ user }) => equipment.listTypes(user))
  bind(router, authenticate, endpoints.getEquipmentType, ({ user, params }) => equipment.getType(user, typeId(params.id)))
  bind(router, authenticate, endpoints.updateEquipmentType, ({ user, params, body }) => equipment.setTypeActive(user, typeId(params.id), body.is_active))
  bind(router, authenticate, endpoints.listEquipments, ({ user, query }) => equipment.list(user, query.equipment_type_id))
  bind(router, authenticate, endpoints.getEquipment, ({ user, params }) => equipment.get(user, params.id))
  bind(router, authenticate, endpoints.createEquipment, async ({ user, body, ctx }) => {
    ctx.status = 201
    return equipment.create(user, body)
  })
  bind(router, authenticate, endpoints.updateEquipment, ({ user, params, body }) => equipment.update(user, params.id, body))
  bind(router, authenticate, endpoints.refreshEquipment, ({ user, params }) => equipment.refresh(user, params.id))
  bind(router, authenticate, endpoints.setSportEquipmentDefaults, ({ user, params, body }) => {
    const sportId = sportIdParam.safeParse(params.sportId)
    if (!sportId.success) throw new AppError('sport_not_found')
    return equipment.setSportDefaults(user, sportId.data, body.equipment_ids)
  })
  bind(router, authenticate, endpoints.getEquipmentBackfill, ({ user, params, query }) => equipment.backfillPreview(user, params.id, query))
  bind(router, authenticate, endpoints.applyEquipmentBackfill, ({ user, params, body }) => equipment.backfill(user, params.id, body))
  bind(router, authenticate, endpoints.undoEquipmentBackfill, ({ user, params }) => equipment.undoBackfill(user, params.id, params.backfillId))
  bind(router, authenticate, endpoints.listWornEquipment, ({ user }) => equipment.worn(user))
  bind(router, authenticate, endpoints.getEquipmentStats, ({ user, params }) => equipment.stats(user, params.id))
  bind(router, authenticate, endpoints.listComponents, ({ user, params }) => equipment.listComponents(user, params.id))
  bind(router, authenticate, endpoints.createComponent, async ({ user, params, body, ctx }) => {
    ctx.status = 201
    return equipment.createComponent(user, params.id, body)
  })
  bind(router, authenticate, endpoints.updateComponent, ({ user, params, body }) => equipment.updateComponent(user, params.id, params.componentId, body))
  bind(router, authenticate, endpoints.retireComponent, async ({ user, params, body, ctx }) => {
    if (body.replace) ctx.status = 201
    return equipment.retireComponent(user, params.id, params.componentId, body)
  })
  bind(router, authenticate, endpoints.deleteEquipment, async ({ user, params, query }) => {
    await equipment.remove(user, params.id, query.force !== undefined)
    return undefined
  })
}
