import type { EntityManager } from 'typeorm'
import { ShareLinkEntity, UserEntity, WorkoutEntity, WorkoutTrackEntity } from '../entities'

/** What sharing reads and writes: any user's workout by id and its owner (who may see it is decided by the caller), share links. */
export function sharingRepository(manager: EntityManager) {
  return {
    /** The workout of this id, whoever owns it. */
    workoutById: (id: string): Promise<WorkoutEntity | null> => manager.findOneBy(WorkoutEntity, { id }),
    /** The stored track (chart, map line) of a workout made from a file. */
    trackOf: (workoutId: string): Promise<WorkoutTrackEntity | null> => manager.findOneBy(WorkoutTrackEntity, { workoutId }),
    /** The account of this id. */
    userById: (id: number): Promise<UserEntity | null> => manager.findOneBy(UserEntity, { id }),
    /** The links of a workout, oldest first. */
    linksOfWorkout: (workoutId: string): Promise<ShareLinkEntity[]> => manager.find(ShareLinkEntity, { where: { workoutId }, order: { createdAt: 'ASC', id: 'ASC' } }),
    /** The link whose token has this SHA-256. */
    linkByHash: (tokenHash: string): Promise<ShareLinkEntity | null> => manager.findOneBy(ShareLinkEntity, { tokenHash }),
    addLink: async (link: ShareLinkEntity): Promise<void> => {
      await manager.insert(ShareLinkEntity, link)
    },
    /** Deletes a link of a workout; false when the workout has no such link. */
    removeLink: async (workoutId: string, id: string): Promise<boolean> => ((await manager.delete(ShareLinkEntity, { id, workoutId })).affected ?? 0) > 0,
  }
}

export type SharingRepository = ReturnType<typeof sharingRepository>
