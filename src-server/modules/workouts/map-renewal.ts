import type { MapImages } from '../../maps/map-images'
import { removeFiles } from './workout-files'

/**
 * New map ids for workouts whose map stopped being open to someone it was open to: the image is
 * public by id (an <img> sends no token), so an id seen before must stop working. Each image is
 * copied under its new id inside the write; {@link settle} removes the old files once it has
 * committed (before the answer, so the old id is gone when the caller hears of the change), or the
 * copies if it failed.
 */
export function mapRenewal(maps: MapImages) {
  const copies: string[] = []
  const replaced: string[] = []
  return {
    /** The workout's new map id, to store in this write (its old id when its file is already gone). */
    async renew(mapId: string | null): Promise<string | null> {
      if (mapId === null) return null
      const copied = await maps.copy(mapId)
      if (copied === null) return mapId
      copies.push(maps.path(copied))
      replaced.push(maps.path(mapId))
      return copied
    },
    async settle<T>(write: Promise<T>): Promise<T> {
      let result: T
      try {
        result = await write
      } catch (error) {
        await removeFiles(copies)
        throw error
      }
      // Both were journalled by the copy: a file this leaves behind goes at the next start's sweep.
      await removeFiles(replaced).catch(() => undefined)
      return result
    },
  }
}
