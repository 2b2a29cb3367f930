import type { z } from 'zod'
import type { createPrivacyZoneBody, PrivacyZoneItem, PrivacyZoneResponse, PrivacyZonesResponse } from '../../../src/contracts'
import { PRIVACY_ZONES_MAX, zoneNearBounds } from '../../../src/domain/privacy-zones'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { PrivacyZoneEntity, type UserEntity } from '../../db/entities'
import { toHttpDate } from '../../lib/http-date'
import { shortId } from '../../lib/short-id'
import { mapRenewal } from '../workouts/map-renewal'
import { presentedLevels, trackTouchesZones } from './workout-access'

function present(zone: PrivacyZoneEntity): PrivacyZoneItem {
  return { id: zone.id, latitude: zone.latitude, longitude: zone.longitude, radius: zone.radius, created_at: toHttpDate(zone.createdAt) }
}

/**
 * Each user's privacy zones. They are read when a track is shown to someone else (see
 * `workout-access.ts`), so a new zone hides past workouts at once and a deleted one shows them again.
 */
export function createPrivacyZones(context: Pick<ServerContext, 'database' | 'maps' | 'now'>) {
  const { database, now } = context
  return {
    async list(user: UserEntity): Promise<PrivacyZonesResponse> {
      const zones = await database.reads.privacyZones.ofUser(user.id)
      return { status: 'success', data: { privacy_zones: zones.map(present) } }
    },

    async create(user: UserEntity, body: z.output<typeof createPrivacyZoneBody>): Promise<PrivacyZoneResponse> {
      const zone = Object.assign(new PrivacyZoneEntity(), { id: shortId(), userId: user.id, ...body, createdAt: now() })
      const renewal = mapRenewal(context.maps)
      await renewal.settle(
        database.write(async ({ privacyZones: zones, workouts }) => {
          if ((await zones.countOfUser(user.id)) >= PRIVACY_ZONES_MAX) throw new AppError('privacy_zones_limit')
          await zones.add(zone)
          // A map image is drawn whole: one the zone now hides gets a new id, so an id seen before stops working.
          for (const workout of await workouts.mapsOfUser(user.id)) {
            if (presentedLevels(workout).map_visibility === 'private' || !zoneNearBounds(zone, workout.bounds ? (JSON.parse(workout.bounds) as number[]) : [])) continue
            const track = await workouts.trackOf(workout.id)
            if (track && trackTouchesZones(track, [zone])) await workouts.setMapId(workout.id, await renewal.renew(workout.mapId))
          }
        }),
      )
      return { status: 'created', data: { privacy_zone: present(zone) } }
    },

    async remove(user: UserEntity, id: string): Promise<void> {
      const removed = await database.write(({ privacyZones }) => privacyZones.remove(user.id, id))
      if (!removed) throw new AppError('privacy_zone_not_found')
    },
  }
}

export type PrivacyZones = ReturnType<typeof createPrivacyZones>
