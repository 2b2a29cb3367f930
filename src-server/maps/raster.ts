/** An RGBA image in memory. */
export interface Raster {
  readonly width: number
  readonly height: number
  readonly data: Buffer
}

export function createRaster(width: number, height: number, rgb: readonly [number, number, number]): Raster {
  return { width, height, data: Buffer.alloc(width * height * 4, Buffer.from([rgb[0], rgb[1], rgb[2], 255])) }
}

/** Copies `source` onto `target` with its top-left corner at (x, y), clipped to the target. */
export function blit(target: Raster, source: Raster, x: number, y: number): void {
  for (let row = 0; row < source.height; row += 1) {
    const ty = y + row
    if (ty < 0 || ty >= target.height) continue
    for (let col = 0; col < source.width; col += 1) {
      const tx = x + col
      if (tx < 0 || tx >= target.width) continue
      source.data.copy(target.data, (ty * target.width + tx) * 4, (row * source.width + col) * 4, (row * source.width + col) * 4 + 4)
    }
  }
}

function disc(target: Raster, cx: number, cy: number, radius: number, rgb: readonly [number, number, number]): void {
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y += 1) {
    if (y < 0 || y >= target.height) continue
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x += 1) {
      if (x < 0 || x >= target.width || (x - cx) ** 2 + (y - cy) ** 2 > radius * radius) continue
      const i = (y * target.width + x) * 4
      target.data[i] = rgb[0]
      target.data[i + 1] = rgb[1]
      target.data[i + 2] = rgb[2]
      target.data[i + 3] = 255
    }
  }
}

/** Draws a polyline `width` pixels wide (round joins and caps). */
export function strokePolyline(
  target: Raster,
  points: readonly { x: number; y: number }[],
  width: number,
  rgb: readonly [number, number, number],
): void {
  const radius = width / 2
  for (let i = 0; i < points.length; i += 1) {
    const a = points[i]
    if (!a) continue
    const b = points[i + 1] ?? a
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2))
    for (let step = 0; step <= steps; step += 1) {
      disc(target, a.x + ((b.x - a.x) * step) / steps, a.y + ((b.y - a.y) * step) / steps, radius, rgb)
    }
  }
}
