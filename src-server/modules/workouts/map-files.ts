import { createReadStream, type ReadStream } from 'node:fs'
import { join } from 'node:path'
import { AppError } from '../../../src/errors'
import type { ServerContext } from '../../context'

/** A tile coordinate from the URL: digits only (`y` may end in `.png`). */
function tileNumber(value: string): number {
  return /^\d{1,7}$/.test(value) ? Number(value) : NaN
}

/** The stored map images of workouts and the tiles of the interactive map. */
export function createMapFiles(context: Pick<ServerContext, 'layout' | 'tiles'>) {
  return {
    /**
     * Opens a workout's map image. Public like the reference tracker's: the unguessable id is the
     * secret, and <img> sends no token.
     */
    async image(mapId: string): Promise<ReadStream> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(mapId)) throw new AppError('map_not_found')
      const stream = createReadStream(join(context.layout.maps, `${mapId}.png`))
      try {
        await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject))
      } catch {
        throw new AppError('map_not_found')
      }
      return stream
    },

    /**
     * A tile of the interactive map: it comes through the app, cached once for every device on the
     * network, so the page only ever talks to its own origin.
     */
    async tile(zParam: string, xParam: string, yParam: string): Promise<Buffer> {
      const [z, x, y] = [zParam, xParam, yParam.replace(/\.png$/, '')].map(tileNumber)
      if (!context.tiles || z === undefined || x === undefined || y === undefined || !(z <= 19) || !(x < 2 ** z) || !(y < 2 ** z)) {
        throw new AppError('map_not_found')
      }
      const tile = await context.tiles.bytes(z, x, y)
      if (!tile) throw new AppError('map_not_found')
      return tile
    },
  }
}

export type MapFiles = ReturnType<typeof createMapFiles>
