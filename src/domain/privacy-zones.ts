/**
 * Privacy zones: circles (centre and radius in metres) around places a user wants kept to
 * themselves, such as home. Whatever a track shows to anyone but its owner leaves out the
 * positions within any of the owner's zones; the workout's figures stay whole. Pure.
 */
import { haversineM } from './geo/distance'

/** The radius a zone may have, in metres (issue 31: 200 m – 2 km). */
export const PRIVACY_ZONE_RADIUS_MIN_M = 200
export const PRIVACY_ZONE_RADIUS_MAX_M = 2000
/** Zones one user may have: enough for home, work and family, few enough to check every point against. */
export const PRIVACY_ZONES_MAX = 10

/** One zone: a centre in decimal degrees and a radius in metres. */
export interface PrivacyZone {
  readonly latitude: number
  readonly longitude: number
  readonly radius: number
}

/** A map position, `[latitude, longitude]`. */
export type LatLon = readonly [number, number]

/** Whether a position lies within (or on the edge of) any of the zones. */
export function inPrivacyZone(latitude: number, longitude: number, zones: readonly PrivacyZone[]): boolean {
  return zones.some((zone) => haversineM(latitude, longitude, zone.latitude, zone.longitude) <= zone.radius)
}

/**
 * The lines (one per segment, so segment numbers still index them) without their positions within
 * a zone, the others in their order. A track that crosses a zone joins its two sides straight.
 */
export function linesOutsideZones<P extends LatLon>(lines: readonly (readonly P[])[], zones: readonly PrivacyZone[]): P[][] {
  // Stryker disable next-line ConditionalExpression: a shortcut; without zones every position is outside anyway
  if (zones.length === 0) return lines.map((line) => [...line])
  return lines.map((line) => line.filter(([latitude, longitude]) => !inPrivacyZone(latitude, longitude, zones)))
}

/** Chart points with the position of those within a zone taken out (their distance, time and sensors stay). */
export function chartOutsideZones<T extends { latitude: number | null; longitude: number | null }>(points: readonly T[], zones: readonly PrivacyZone[]): T[] {
  // Stryker disable next-line ConditionalExpression: a shortcut; without zones every position is outside anyway
  if (zones.length === 0) return [...points]
  return points.map((point) =>
    point.latitude !== null && point.longitude !== null && inPrivacyZone(point.latitude, point.longitude, zones) ? { ...point, latitude: null, longitude: null } : point,
  )
}

/** Whether any of the positions lies within a zone. */
export function touchesZones(positions: Iterable<LatLon>, zones: readonly PrivacyZone[]): boolean {
  // Stryker disable next-line ConditionalExpression: a shortcut; without zones every position is outside anyway
  if (zones.length === 0) return false
  for (const [latitude, longitude] of positions) if (inPrivacyZone(latitude, longitude, zones)) return true
  return false
}

/**
 * Whether a zone may reach a track within `[minLat, minLon, maxLat, maxLon]` bounds: the box's point
 * nearest the centre is within the radius (1 % and 1 m of slack for the box's curved edges), a cheap
 * test before the track's own points.
 */
export function zoneNearBounds(zone: PrivacyZone, bounds: readonly number[]): boolean {
  // Without bounds (a track without positions) the distance is NaN, which is within no radius.
  const [minLat = Number.NaN, minLon = Number.NaN, maxLat = Number.NaN, maxLon = Number.NaN] = bounds
  const latitude = Math.min(Math.max(zone.latitude, minLat), maxLat)
  const longitude = Math.min(Math.max(zone.longitude, minLon), maxLon)
  return haversineM(latitude, longitude, zone.latitude, zone.longitude) <= zone.radius * 1.01 + 1
}

/** `[minLat, minLon, maxLat, maxLon]` of the lines' positions, or `[]` when they have none. */
export function boundsOfLines(lines: readonly (readonly LatLon[])[]): number[] {
  let bounds: [number, number, number, number] | null = null
  // A loop, not Math.min(...all): a long line would pass too many arguments.
  for (const line of lines)
    for (const [latitude, longitude] of line) {
      if (!bounds) bounds = [latitude, longitude, latitude, longitude]
      else bounds = [Math.min(bounds[0], latitude), Math.min(bounds[1], longitude), Math.max(bounds[2], latitude), Math.max(bounds[3], longitude)]
    }
  return bounds ?? []
}
