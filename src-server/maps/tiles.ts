import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { PNG } from 'pngjs'
import type { Raster } from './raster'

/** Where map tiles come from. `url` holds `{z}`, `{x}`, `{y}` (and optionally `{s}`). */
export interface TileServer {
  readonly url: string
  readonly attribution: string
}

/** The OpenStreetMap standard tiles, used unless configured otherwise. */
export const OSM_TILES: TileServer = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors',
}

const TILE_TIMEOUT_MS = 4000

/** Cached tiles: the PNG bytes (for the interactive map) or decoded pixels (for static maps). */
export interface TileSource {
  /** A tile's PNG bytes, or null when it cannot be had (offline, server error, not a PNG). */
  bytes(zoom: number, x: number, y: number): Promise<Buffer | null>
  raster(zoom: number, x: number, y: number): Promise<Raster | null>
}

/**
 * Fetches map tiles, keeping each in the data folder so a tile is downloaded once. A tile that
 * cannot be had is `null`: maps are drawn without it.
 */
export function createTileSource(server: TileServer, cacheDir: string, userAgent: string): TileSource {
  async function bytes(zoom: number, x: number, y: number): Promise<Buffer | null> {
    const size = 2 ** zoom
    const wrappedX = ((x % size) + size) % size
    if (y < 0 || y >= size) return null
    const path = join(cacheDir, String(zoom), String(wrappedX), `${y}.png`)
    const cached = await readFile(path).catch(() => null)
    if (cached) return cached
    const url = server.url
      .replace('{s}', 'abc'[(wrappedX + y) % 3] ?? 'a')
      .replace('{z}', String(zoom))
      .replace('{x}', String(wrappedX))
      .replace('{y}', String(y))
    try {
      const response = await fetch(url, { headers: { 'user-agent': userAgent }, signal: AbortSignal.timeout(TILE_TIMEOUT_MS) })
      if (!response.ok) return null
      const fetched = Buffer.from(await response.arrayBuffer())
      PNG.sync.read(fetched) // only real PNG tiles are kept
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}.${process.pid}.part`
      await writeFile(partial, fetched)
      await rename(partial, path)
      return fetched
    } catch {
      return null
    }
  }

  return {
    bytes,
    async raster(zoom, x, y) {
      const png = await bytes(zoom, x, y)
      if (!png) return null
      try {
        const decoded = PNG.sync.read(png)
        return { width: decoded.width, height: decoded.height, data: decoded.data }
      } catch {
        return null
      }
    },
  }
}
