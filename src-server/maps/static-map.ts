import { rename, writeFile } from 'node:fs/promises'
import type { Bounds, LatLon } from '../../src/domain/analysis'
import { encodePng } from './png'
import { blit, createRaster, strokePolyline } from './raster'
import type { TileSource } from './tiles'
import { fitView, project, TILE_SIZE } from './web-mercator'

/** The reference tracker's thumbnail: 400×225, 10 px padding, a 4 px #3388FF line. */
const MAP_WIDTH = 400
const MAP_HEIGHT = 225
const PADDING = 10
const LINE_WIDTH = 4
const LINE_COLOR = [0x33, 0x88, 0xff] as const
const BACKGROUND = [0xe9, 0xee, 0xec] as const

/** One map tile's address. */
export interface TileKey {
  readonly zoom: number
  readonly x: number
  readonly y: number
}

/** The tiles under the static map of these bounds, so they can be fetched before drawing. */
export function staticMapTiles(bounds: Bounds): TileKey[] {
  const view = fitView(bounds, MAP_WIDTH, MAP_HEIGHT, PADDING)
  const first = { x: Math.floor(view.left / TILE_SIZE), y: Math.floor(view.top / TILE_SIZE) }
  const last = { x: Math.floor((view.left + MAP_WIDTH - 1) / TILE_SIZE), y: Math.floor((view.top + MAP_HEIGHT - 1) / TILE_SIZE) }
  const keys: TileKey[] = []
  for (let y = first.y; y <= last.y; y += 1) for (let x = first.x; x <= last.x; x += 1) keys.push({ zoom: view.zoom, x, y })
  return keys
}

/**
 * Draws a workout's map line as a PNG, over map tiles when `tiles` gives them, else over a plain
 * background, so a map exists even offline.
 */
export async function renderStaticMap(
  lines: readonly (readonly LatLon[])[],
  bounds: Bounds,
  tiles: Pick<TileSource, 'raster'> | null,
): Promise<Buffer> {
  const view = fitView(bounds, MAP_WIDTH, MAP_HEIGHT, PADDING)
  const image = createRaster(MAP_WIDTH, MAP_HEIGHT, BACKGROUND)
  if (tiles) {
    for (const { zoom, x, y } of staticMapTiles(bounds)) {
      const tile = await tiles.raster(zoom, x, y)
      if (tile) blit(image, tile, Math.round(x * TILE_SIZE - view.left), Math.round(y * TILE_SIZE - view.top))
    }
  }
  for (const line of lines) {
    const points = line.map(([lat, lon]) => {
      const point = project(lat, lon, view.zoom)
      return { x: point.x - view.left, y: point.y - view.top }
    })
    strokePolyline(image, points, LINE_WIDTH, LINE_COLOR)
  }
  return encodePng(image)
}

/** Writes a map image in one step (readers never see half a file). */
export async function writeMapFile(path: string, png: Uint8Array): Promise<void> {
  const partial = `${path}.part`
  await writeFile(partial, png)
  await rename(partial, path)
}
