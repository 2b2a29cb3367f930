import type { Sport, SportsResponse } from '../../../src/contracts'
import { DEFAULT_SPEED_DISPLAY } from '../../../src/domain/pace'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'
import { SportEntity, UserSportPreferenceEntity, type UserEntity } from '../../db/entities'
import { sportIdsWithWorkouts } from '../workouts/workouts.queries'

export function createSportsService(context: ServerContext) {
  const { db, write } = context

  async function present(viewer: UserEntity, sports: SportEntity[]): Promise<Sport[]> {
    const preferences = new Map(
      (await db.manager.findBy(UserSportPreferenceEntity, { userId: viewer.id })).map((p) => [p.sportId, p]),
    )
    const withWorkouts = viewer.admin ? await sportIdsWithWorkouts(db.manager) : null
    return sports.map((sport) => {
      const preference = preferences.get(sport.id)
      return {
        id: sport.id,
        label: sport.label,
        color: preference?.color ?? null,
        is_active: sport.isActive,
        is_active_for_user: sport.isActive && (preference?.isActive ?? true),
        stopped_speed_threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold,
        speed_display: preference?.speedDisplay ?? DEFAULT_SPEED_DISPLAY,
        ...(withWorkouts ? { has_workouts: withWorkouts.has(sport.id) } : {}),
      }
    })
  }

  return {
    /** Every sport, merged with the caller's preferences; administrators also learn which have workouts. */
    async list(viewer: UserEntity): Promise<SportsResponse> {
      const sports = await db.manager.find(SportEntity, { order: { id: 'ASC' } })
      return { status: 'success', data: { sports: await present(viewer, sports) } }
    },

    /** Enables or disables a sport for everyone; its workouts stay. */
    async setActive(admin: UserEntity, id: number, isActive: boolean): Promise<SportsResponse> {
      const sport = await write(async (manager) => {
        const found = await manager.findOneBy(SportEntity, { id })
        if (!found) throw new AppError('sport_not_found')
        found.isActive = isActive
        return manager.save(found)
      })
      return { status: 'success', data: { sports: await present(admin, [sport]) } }
    },
  }
}

export type SportsService = ReturnType<typeof createSportsService>
