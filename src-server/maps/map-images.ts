import { access, constants, copyFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Bounds } from '../../src/domain/analysis'
import type { Logger } from '../config/server-config'
import type { DataDirLayout } from '../data-dir'
import { recordInFlight } from '../db/file-journal'
import type { Background } from '../lib/background'
import { randomToken } from '../lib/secrets'
import type { ComputePool } from '../compute/compute-pool'
import { unpackPolyline } from '../compute/packed-polyline'
import { staticMapTiles, writeMapFile } from './static-map'
import type { TileSource } from './tiles'

/** The static map images of workouts, in the data folder's `maps/`. */
export interface MapImages {
  /** Keeps a map drawn on a plain background (by the import's worker) and returns the new map's id. */
  store(png: Uint8Array): Promise<string>
  /**
   * Redraws a map over tiles in the background, one map at a time, when a tile server is set.
   * @param polyline the workout's packed map line (`packPolyline`), unpacked only then
   */
  refine(id: string, polyline: Uint8Array, bounds: Bounds): void
  /**
   * Copies a map under a new id (the old one goes once the workout names the new one), so an id
   * handed out while the map was open stops working. Null when the old file is gone.
   */
  copy(id: string): Promise<string | null>
  path(id: string): string
}

export function createMapImages(
  layout: DataDirLayout,
  tiles: TileSource | null,
  background: Background,
  logger: Logger,
  compute: ComputePool,
): MapImages {
  const path = (id: string) => join(layout.maps, `${id}.png`)
  let queue: Promise<void> = Promise.resolve()
  async function store(png: Uint8Array): Promise<string> {
    const id = randomToken().slice(0, 32)
    // Written in place, not beside and renamed: nobody can ask for a new id before the workout
    // naming it is committed, after this write; a crash before that leaves a file no workout
    // names, which the next start removes (the journal says it was in flight). (A trip to
    // libuv's pool less per imported file.)
    await recordInFlight(layout, path(id))
    await writeFile(path(id), png, { flag: 'wx' })
    return id
  }

  return {
    path,
    store,
    async copy(id) {
      const copied = randomToken().slice(0, 32)
      // Both in flight: after a crash the next start keeps whichever one a committed row names.
      await recordInFlight(layout, path(id))
      await recordInFlight(layout, path(copied))
      try {
        await copyFile(path(id), path(copied), constants.COPYFILE_EXCL)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      return copied
    },
    refine(id, polyline, bounds) {
      if (!tiles) return
      background.run((signal) => {
        queue = queue.then(async () => {
          if (signal.aborted) return
          // Tiles are fetched (or read from the cache) here; decoding and drawing happen in a worker.
          const images = await Promise.all(staticMapTiles(bounds).map(async (key) => ({ ...key, png: await tiles.bytes(key.zoom, key.x, key.y) })))
          const png = await compute.drawMap(unpackPolyline(polyline), bounds, images)
          // The workout may have been deleted meanwhile: never bring its map back.
          const exists = await access(path(id)).then(
            () => true,
            () => false,
          )
          if (exists) await writeMapFile(path(id), png)
        })
        queue = queue.catch((error: unknown) => logger.warn(`map ${id} kept without tiles: ${String(error)}`))
        return queue
      })
    },
  }
}
