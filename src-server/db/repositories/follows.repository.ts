import { In, IsNull, type EntityManager } from 'typeorm'
import { FollowRequestEntity, WorkoutEntity, type UserEntity } from '../entities'

/** A page of users on one side of follow requests, and how many there are in all. */
export interface UsersPage {
  users: UserEntity[]
  total: number
}

/** Which page: 1-based, of `perPage`. */
interface PageOf {
  page: number
  perPage: number
}

/**
 * Follow requests between users. Lists and counts leave out accounts that are not active, as
 * the reference leaves out suspended ones.
 */
export function followsRepository(manager: EntityManager) {
  const repository = manager.getRepository(FollowRequestEntity)
  const window = ({ page, perPage }: PageOf) => ({ skip: (page - 1) * perPage, take: perPage })

  return {
    /** The requests between `userId` and any of `otherIds`, either way, whatever their state: one statement. */
    requestsWith: (userId: number, otherIds: readonly number[]): Promise<FollowRequestEntity[]> =>
      otherIds.length === 0
        ? Promise.resolve([])
        : repository.findBy([
            { followerId: userId, followedId: In([...otherIds]) },
            { followedId: userId, followerId: In([...otherIds]) },
          ]),
    /** The request from `followerId` to `followedId`, whatever its state. */
    request: (followerId: number, followedId: number): Promise<FollowRequestEntity | null> => repository.findOneBy({ followerId, followedId }),
    add: async (request: FollowRequestEntity): Promise<void> => {
      await repository.insert(request)
    },
    /** Records the answer to a pending request. */
    answer: async (followerId: number, followedId: number, isApproved: boolean, at: Date): Promise<void> => {
      await repository.update({ followerId, followedId }, { isApproved, updatedAt: at })
    },
    /** Deletes the request whatever its state; false when there was none. */
    remove: async (followerId: number, followedId: number): Promise<boolean> => ((await repository.delete({ followerId, followedId })).affected ?? 0) > 0,
    /** Whether `followerId` follows `followedId` (an approved request). */
    follows: async (followerId: number, followedId: number): Promise<boolean> => repository.existsBy({ followerId, followedId, isApproved: true }),
    /** The followers of a user, the latest approved first. */
    followers: async (userId: number, page: PageOf): Promise<UsersPage> => {
      const [rows, total] = await repository.findAndCount({
        where: { followedId: userId, isApproved: true, follower: { isActive: true } },
        relations: { follower: true },
        order: { updatedAt: 'DESC', followerId: 'ASC' },
        ...window(page),
      })
      return { users: rows.flatMap((row) => row.follower ?? []), total }
    },
    /** The users a user follows, the latest approved first. */
    following: async (userId: number, page: PageOf): Promise<UsersPage> => {
      const [rows, total] = await repository.findAndCount({
        where: { followerId: userId, isApproved: true, followed: { isActive: true } },
        relations: { followed: true },
        order: { updatedAt: 'DESC', followedId: 'ASC' },
        ...window(page),
      })
      return { users: rows.flatMap((row) => row.followed ?? []), total }
    },
    /** The requests a user has received and not answered yet, by the date they were sent. */
    pendingFor: async (userId: number, page: PageOf & { order: 'asc' | 'desc' }): Promise<UsersPage> => {
      const direction = page.order === 'asc' ? 'ASC' : 'DESC'
      const [rows, total] = await repository.findAndCount({
        where: { followedId: userId, updatedAt: IsNull(), follower: { isActive: true } },
        relations: { follower: true },
        order: { createdAt: direction, followerId: direction },
        ...window(page),
      })
      return { users: rows.flatMap((row) => row.follower ?? []), total }
    },
    /**
     * A page of a user's feed, newest first: their own workouts (unless `followedOnly`) and those of
     * the active users they follow that are not private (what each shows is decided by the caller).
     */
    timeline: async (userId: number, page: PageOf & { followedOnly: boolean }): Promise<{ workouts: WorkoutEntity[]; total: number }> => {
      const followed = `w.workout_visibility IN ('followers_only', 'public') AND w.user_id IN (SELECT f.followed_id FROM follow_request f JOIN "user" u ON u.id = f.followed_id WHERE f.follower_id = :userId AND f.is_approved = :approved AND u.is_active = :active AND u.sharing_suspended_at IS NULL)`
      const query = manager
        .getRepository(WorkoutEntity)
        .createQueryBuilder('w')
        .where(page.followedOnly ? followed : `(w.user_id = :userId OR (${followed}))`, { userId, approved: true, active: true })
        .orderBy('w.workout_date', 'DESC')
        .addOrderBy('w.id', 'DESC')
        .skip((page.page - 1) * page.perPage)
        .take(page.perPage)
      const [workouts, total] = await query.getManyAndCount()
      return { workouts, total }
    },
  }
}

export type FollowsRepository = ReturnType<typeof followsRepository>
