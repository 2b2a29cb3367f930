import { gunzipSync, gzipSync } from 'node:zlib'
import type { LatLon } from '../../src/domain/analysis'

/**
 * A workout's map line as the database keeps it (`workout_track.polyline`): its JSON text, gzipped
 * at level 1 (nearly the best size for a fraction of the time). Only this leaves the compute
 * worker, not the lines themselves: copying 2,000 `[lat, lon]` pairs onto the event loop cost
 * ~0.4 ms a file, for lines it needs only to redraw a map over tiles.
 */
export function packPolyline(lines: readonly (readonly LatLon[])[]): Buffer {
  return gzipSync(JSON.stringify(lines), { level: 1 })
}

/** The lines of a packed map line (see {@link packPolyline}); fresh arrays, so the caller may keep or change them. */
export function unpackPolyline(packed: Uint8Array): [number, number][][] {
  return JSON.parse(gunzipSync(packed).toString('utf8')) as [number, number][][]
}
