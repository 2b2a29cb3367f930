/** Web Mercator tiles are 256 px squares. */
export const TILE_SIZE = 256
/** Highest zoom level tile servers commonly serve. */
const MAX_ZOOM = 18

/** Pixel coordinates of a point at a zoom level (the world is 256·2^zoom pixels wide). */
export function project(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat))
  const sin = Math.sin((clamped * Math.PI) / 180)
  return {
    x: ((lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  }
}

/**
 * The view of a box in an image: the highest zoom at which the box fits inside the image less
 * its padding, and the pixel position of the image's top-left corner at that zoom.
 */
export function fitView(
  bounds: readonly [number, number, number, number],
  width: number,
  height: number,
  padding: number,
): { zoom: number; left: number; top: number } {
  const [minLat, minLon, maxLat, maxLon] = bounds
  let zoom = MAX_ZOOM
  for (; zoom > 0; zoom -= 1) {
    const a = project(maxLat, minLon, zoom)
    const b = project(minLat, maxLon, zoom)
    if (b.x - a.x <= width - 2 * padding && b.y - a.y <= height - 2 * padding) break
  }
  const a = project(maxLat, minLon, zoom)
  const b = project(minLat, maxLon, zoom)
  return { zoom, left: (a.x + b.x) / 2 - width / 2, top: (a.y + b.y) / 2 - height / 2 }
}
