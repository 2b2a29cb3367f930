import { simplifyLines, type LatLon } from '../analysis/map-polyline'
import { encodePolyline } from './encoded-polyline'

/**
 * How coarse a workout's heatmap line is. 15 m is under two screen pixels up to zoom 13 (a city
 * on a laptop screen); 120 points at most per workout keeps 5,000 workouts under the issue's
 * 2 MB: ~120 × 5,000 points at ~3 bytes each once compressed.
 */
const HEATMAP_TOLERANCE_M = 15
export const HEATMAP_MAX_POINTS = 120

/**
 * A workout's heatmap line, computed once from its stored map line: simplified further and
 * encoded (see {@link encodePolyline}), one text per line joined by newlines (a character the
 * encoding never produces), '' when it has no position.
 */
export function heatmapLines(polyline: readonly (readonly LatLon[])[]): string {
  return simplifyLines(polyline, { toleranceM: HEATMAP_TOLERANCE_M, maxPoints: HEATMAP_MAX_POINTS })
    .filter((line) => line.length > 1)
    .map(encodePolyline)
    .join('\n')
}
