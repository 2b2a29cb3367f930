import type { FitRecordInput } from '../fit/fit-test-writer'

/**
 * Deterministic synthetic rides for tests and benchmarks (no randomness: every value is a
 * function of the point index), written as GPX, TCX or FIT records.
 */

/** Options of {@link syntheticRide}. */
export interface SyntheticRideOptions {
  /** Epoch ms of the first point. */
  readonly start?: number
  /** Insert a 30 s stop (same position, time running) every this many points; 0 = never. */
  readonly stopEvery?: number
}

const METRES_PER_DEGREE = 111_320

/** A ride of `count` points, one per second, ~20–30 km/h, rolling terrain, heart rate and cadence. */
export function syntheticRide(count: number, options: SyntheticRideOptions = {}): FitRecordInput[] {
  const start = options.start ?? Date.UTC(2024, 4, 1, 8, 0, 0)
  const stopEvery = options.stopEvery ?? 0
  const points: FitRecordInput[] = []
  let lat = 45.1
  let lon = 6.05
  let distance = 0
  for (let i = 0; i < count; i++) {
    const stopped = stopEvery > 0 && i % stopEvery >= stopEvery - 30
    const speed = stopped ? 0 : 7 + 1.5 * Math.sin(i / 47)
    const heading = Math.sin(i / 900) * 2.5
    if (i > 0) {
      lat += (speed * Math.cos(heading)) / METRES_PER_DEGREE
      lon += (speed * Math.sin(heading)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180))
      distance += speed
    }
    points.push({
      time: start + i * 1000,
      lat: Math.round(lat * 1e7) / 1e7,
      lon: Math.round(lon * 1e7) / 1e7,
      // Multiples of 0.2 m: the FIT altitude resolution, so every format carries the same value.
      ele: Math.round((400 + 60 * Math.sin(i / 400) + 4 * Math.sin(i / 23)) * 5) / 5,
      heartRate: 120 + Math.round(25 * Math.sin(i / 300)),
      cadence: stopped ? 0 : 85 + Math.round(5 * Math.sin(i / 13)),
      power: stopped ? 0 : 180 + Math.round(40 * Math.sin(i / 31)),
      distance: Math.round(distance * 100) / 100,
    })
  }
  return points
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}

/** A GPX 1.1 document of the ride with Garmin TrackPointExtension heart rate and cadence. */
export function rideToGpx(points: readonly FitRecordInput[], name = 'Synthetic ride'): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<gpx version="1.1" creator="waymark-tests" xmlns="http://www.topografix.com/GPX/1/1"',
    ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n',
    `<trk><name>${name}</name><type>cycling</type><trkseg>\n`,
  ]
  for (const p of points) {
    parts.push(
      `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>${p.ele}</ele><time>${isoTime(p.time)}</time>`,
      `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${p.heartRate}</gpxtpx:hr>`,
      `<gpxtpx:cad>${p.cadence}</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>\n`,
    )
  }
  parts.push('</trkseg></trk></gpx>\n')
  return parts.join('')
}

/** A TCX document of the ride: one activity, one lap, with heart rate, cadence and power. */
export function rideToTcx(points: readonly FitRecordInput[]): string {
  const first = points[0]?.time ?? 0
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"',
    ' xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">\n',
    `<Activities><Activity Sport="Biking"><Id>${isoTime(first)}</Id><Lap StartTime="${isoTime(first)}"><Track>\n`,
  ]
  for (const p of points) {
    parts.push(
      `<Trackpoint><Time>${isoTime(p.time)}</Time><Position><LatitudeDegrees>${p.lat}</LatitudeDegrees>`,
      `<LongitudeDegrees>${p.lon}</LongitudeDegrees></Position><AltitudeMeters>${p.ele}</AltitudeMeters>`,
      `<DistanceMeters>${p.distance}</DistanceMeters><HeartRateBpm><Value>${p.heartRate}</Value></HeartRateBpm>`,
      `<Cadence>${p.cadence}</Cadence><Extensions><ns3:TPX><ns3:Watts>${p.power}</ns3:Watts></ns3:TPX></Extensions></Trackpoint>\n`,
    )
  }
  parts.push('</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n')
  return parts.join('')
}
