/**
 * Distances between two points, with the reference tracker's formulas (gpxpy 1.6 `geo.py`),
 * so that distances match it to the millimetre.
 */

/** Earth radius in metres used by the reference formulas (WGS 84 equatorial radius). */
const EARTH_RADIUS_M = 6_378_137

/** Length of one degree of arc on that sphere, in metres. */
export const ONE_DEGREE_M = (2 * Math.PI * EARTH_RADIUS_M) / 360

const DEG = Math.PI / 180

/** Great-circle distance in metres between two lat/lon points (decimal degrees). */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat1 - lat2) * DEG
  const dLon = (lon1 - lon2) * DEG
  const sinLat = Math.sin(dLat / 2)
  const sinLon = Math.sin(dLon / 2)
  const a = sinLat * sinLat + sinLon * sinLon * Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG)
  return EARTH_RADIUS_M * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a))
}

/**
 * Distance in metres between two points (decimal degrees; elevations in metres or `NaN`).
 *
 * Points more than 0.2° apart use the haversine formula (2-D only, as the reference does);
 * closer points use the flat approximation `√(Δlat² + (Δlon·cos lat₁)²) × one degree`, plus the
 * elevation difference in 3-D when both elevations are known and differ.
 */
export function pointDistanceM(
  lat1: number,
  lon1: number,
  ele1: number,
  lat2: number,
  lon2: number,
  ele2: number,
): number {
  return withClimbM(groundDistanceM(lat1, lon1, lat2, lon2), lat1, lon1, ele1, lat2, lon2, ele2)
}

/** The 2-D distance {@link pointDistanceM} starts from: haversine beyond 0.2°, else the flat approximation. */
export function groundDistanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = lat1 - lat2
  const dLon = lon1 - lon2
  if (Math.abs(dLat) > 0.2 || Math.abs(dLon) > 0.2) return haversineM(lat1, lon1, lat2, lon2)
  const y = dLon * Math.cos(lat1 * DEG)
  return Math.sqrt(dLat * dLat + y * y) * ONE_DEGREE_M
}

/**
 * {@link pointDistanceM} from the {@link groundDistanceM} of the same points, so a ground
 * distance computed once (the plausibility check's) serves again: the climb is added in 3-D when
 * the flat formula applies and both elevations are known and differ.
 */
export function withClimbM(groundM: number, lat1: number, lon1: number, ele1: number, lat2: number, lon2: number, ele2: number): number {
  if (Math.abs(lat1 - lat2) > 0.2 || Math.abs(lon1 - lon2) > 0.2) return groundM
  // NaN (missing) elevations make the comparison false, so the 2-D distance is kept.
  const dEle = ele1 - ele2
  if (!(dEle !== 0 && Number.isFinite(dEle))) return groundM
  return Math.sqrt(groundM * groundM + dEle * dEle)
}
