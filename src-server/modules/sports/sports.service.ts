import type { Sport, SportsResponse } from '../../../src/contracts'
import { speedDisplayOf } from '../../../src/domain/pace'
import { AppError } from '../../../src/errors'
import type { SportEntity, UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'

export function createSportsService({ database }: { database: Database }) {
  const { reads } = database

  async function present(viewer: UserEntity, sports: SportEntity[]): Promise<Sport[]> {
    const preferences = new Map((await reads.users.sportPreferences(viewer.id)).map((p) => [p.sportId, p]))
    const withWorkouts = viewer.admin ? await reads.workouts.sportIdsWithWorkouts() : null
    return sports.map((sport) => {
      const preference = preferences.get(sport.id)
      return {
        id: sport.id,
        label: sport.label,
        color: preference?.color ?? null,
        is_active: sport.isActive,
        is_active_for_user: sport.isActive && (preference?.isActive ?? true),
        stopped_speed_threshold: preference?.stoppedSpeedThreshold ?? sport.stoppedSpeedThreshold,
        speed_display: speedDisplayOf(sport.id, preference?.speedDisplay),
        ...(withWorkouts ? { has_workouts: withWorkouts.has(sport.id) } : {}),
      }
    })
  }

  return {
    /** Every sport, merged with the caller's preferences; administrators also learn which have workouts. */
    async list(viewer: UserEntity): Promise<SportsResponse> {
      const sports = await reads.sports.all()
      return { status: 'success', data: { sports: await present(viewer, sports) } }
    },

    /** Enables or disables a sport for everyone; its workouts stay. */
    async setActive(admin: UserEntity, id: number, isActive: boolean): Promise<SportsResponse> {
      const sport = await database.write(async ({ sports }) => {
        const found = await sports.byId(id)
        if (!found) throw new AppError('sport_not_found')
        found.isActive = isActive
        return sports.save(found)
      })
      return { status: 'success', data: { sports: await present(admin, [sport]) } }
    },
  }
}

export type SportsService = ReturnType<typeof createSportsService>
