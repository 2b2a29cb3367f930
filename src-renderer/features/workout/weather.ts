/** The 16 compass points, clockwise from north; the wind is named by where it comes from. */
const COMPASS_POINTS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'] as const
export type CompassPoint = (typeof COMPASS_POINTS)[number]

/** The compass point of a bearing in degrees (each point covers 22.5°, centred on it). */
export function compassPoint(bearing: number): CompassPoint {
  const normalised = ((bearing % 360) + 360) % 360
  return COMPASS_POINTS[Math.round(normalised / 22.5) % 16] ?? 'N'
}
