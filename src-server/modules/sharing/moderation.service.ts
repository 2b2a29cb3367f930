import type { UserResponse } from '../../../src/contracts'
import { AppError } from '../../../src/errors'
import type { UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import type { MapImages } from '../../maps/map-images'
import { mapRenewal } from '../workouts/map-renewal'
import { userSeenBy } from './follows.service'
import { presentedLevels } from './workout-access'

/** Refuses to follow, accept a follower, comment or like for an account whose sharing an administrator suspended (read again inside the write). */
export async function refuseSuspended(repositories: Repositories, actor: UserEntity): Promise<void> {
  const current = await repositories.users.byId(actor.id)
  if (current?.sharingSuspendedAt != null) throw new AppError('sharing_suspended')
}

/** Refuses a moderation by an administrator who has lost their rights since authenticating. */
export async function refuseNonAdmin(repositories: Repositories, actor: UserEntity): Promise<void> {
  const current = await repositories.users.byId(actor.id)
  if (!current?.admin || !current.isActive) throw new AppError('forbidden')
}

/**
 * Administrators' moderation of an account's sharing: suspended, its workouts and comments are
 * hidden from everyone else and it cannot follow, accept a follower, comment or like; it keeps its own workouts.
 */
export function createModeration({ database, maps, now }: { database: Database; maps: MapImages; now: () => Date }) {
  return {
    async setSharingSuspended(admin: UserEntity, username: string, suspend: boolean): Promise<UserResponse> {
      const renewal = mapRenewal(maps)
      const write = database.write(async (repositories) => {
        await refuseNonAdmin(repositories, admin)
        const target = await repositories.users.byUsername(username)
        if (!target) throw new AppError('user_not_found')
        // An administrator would otherwise hide their own moderation from everyone.
        if (target.id === admin.id) throw new AppError('forbidden')
        if (suspend !== (target.sharingSuspendedAt != null)) {
          target.sharingSuspendedAt = suspend ? now() : null
          await repositories.users.update(target.id, { sharingSuspendedAt: target.sharingSuspendedAt })
          // Its map images' ids seen while they were open must stop working (the image is public by id).
          if (suspend)
            for (const workout of await repositories.workouts.mapsOfUser(target.id))
              if (presentedLevels(workout).map_visibility !== 'private') await repositories.workouts.setMapId(workout.id, await renewal.renew(workout.mapId))
        }
        return target
      })
      const user = await renewal.settle(write)
      return database.snapshot(async (repositories) => ({ status: 'success', data: { users: [await userSeenBy(repositories, admin, user)] } }))
    },
  }
}

export type Moderation = ReturnType<typeof createModeration>
