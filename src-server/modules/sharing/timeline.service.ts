import type { z } from 'zod'
import type { TimelineResponse, timelineQuery, Workout } from '../../../src/contracts'
import { workoutAccess } from '../../../src/domain/visibility'
import type { UserEntity } from '../../db/entities'
import type { Database } from '../../db/repositories'
import { presentWorkout } from '../workouts/workout.presenter'
import { listedForViewer } from './workout-access'
import { paginationOf } from '../../lib/pagination'

/** The reference's page size. */
const TIMELINE_PER_PAGE = 5

/**
 * The feed (`GET /timeline`): the caller's own workouts and those of the people they follow,
 * newest first, each as the caller may see it (light: no segments, records or neighbours).
 */
export function createTimeline({ database }: { database: Database }) {
  return {
    async page(viewer: UserEntity, query: z.output<typeof timelineQuery>): Promise<TimelineResponse> {
      return database.snapshot(async ({ follows, users, privacyZones, sharing }) => {
        const { workouts, total } = await follows.timeline(viewer.id, { page: query.page, perPage: TIMELINE_PER_PAGE, followedOnly: query.only_followed === 'true' })
        const ownerIds = [...new Set(workouts.map((workout) => workout.userId))]
        const owners = new Map((await users.byIds(ownerIds)).map((owner) => [owner.id, owner]))
        const zonesOf = new Map(await Promise.all(ownerIds.filter((id) => id !== viewer.id).map(async (id) => [id, await privacyZones.ofUser(id)] as const)))
        const shown: Workout[] = []
        for (const workout of workouts) {
          const owner = owners.get(workout.userId)
          if (!owner) continue
          const presented = presentWorkout(workout, { username: owner.username, segments: [], records: [], previousId: null, nextId: null })
          if (owner.id === viewer.id) {
            shown.push(presented)
            continue
          }
          // Listed because the viewer follows the owner: seen as a follower sees it, the owner's privacy zones left out of its map.
          const levels = { workout: workout.workoutVisibility, analysis: workout.analysisVisibility, map: workout.mapVisibility }
          shown.push(await listedForViewer(sharing, presented, workout, workoutAccess(levels, owner.hrVisibility, 'follower'), zonesOf.get(owner.id) ?? []))
        }
        return {
          status: 'success',
          data: { workouts: shown },
          pagination: paginationOf(query.page, TIMELINE_PER_PAGE, total),
        }
      })
    },
  }
}

export type Timeline = ReturnType<typeof createTimeline>
