import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { encodeFitActivity } from '../../../src-server/importers/fit/fit-test-writer'
import type { FitRecordInput } from '../../../src-server/importers/fit/fit-test-writer'
import { syntheticRide } from '../../../src-server/importers/test-support/synthetic-ride'
import { besides, type Benchmark, type Measurement } from '../benchmark'

/** Issue 3's targets: ≤ 150 ms and ≤ 150 MB for 50k points, ≤ 600 ms for 200k. */
const TARGETS: Readonly<Record<number, { maxMs: number; maxRssMb?: number }>> = {
  50_000: { maxMs: 150, maxRssMb: 150 },
  200_000: { maxMs: 600 },
}

/**
 * The GPX a Garmin device exports through Garmin Connect: one `<trkpt>` per second with
 * elevation, time and heart rate in the `ns3:TrackPointExtension`, 6-decimal coordinates, one
 * point per line (~180 bytes a point).
 */
function garminGpx(points: readonly FitRecordInput[]): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="Garmin Connect" version="1.1"',
    ' xmlns="http://www.topografix.com/GPX/1/1"',
    ' xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n',
    '<trk><name>Benchmark ride</name><type>cycling</type><trkseg>\n',
  ]
  for (const p of points) {
    const time = new Date(p.time).toISOString().replace('.000Z', 'Z')
    parts.push(
      `<trkpt lat="${(p.lat ?? 0).toFixed(6)}" lon="${(p.lon ?? 0).toFixed(6)}"><ele>${p.ele}</ele><time>${time}</time>`,
      `<extensions><ns3:TrackPointExtension><ns3:hr>${p.heartRate}</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>\n`,
    )
  }
  parts.push('</trkseg></trk></gpx>\n')
  return parts.join('')
}

/** Parse + analyse (+ chart and map line) of generated GPX and FIT rides of 50k and 200k points. */
export const trackImportBenchmark: Benchmark = {
  name: 'track import (parse + analyse + chart + map line)',
  async prepare(workDir) {
    const child = besides(import.meta.url, './track-import.child.ts')
    const measurements: Measurement[] = []
    for (const count of [50_000, 200_000]) {
      // A stop every 20 minutes so moving time and pauses are exercised too.
      const ride = syntheticRide(count, { stopEvery: 1_200 })
      const gpxPath = join(workDir, `ride-${count}.gpx`)
      const fitPath = join(workDir, `ride-${count}.fit`)
      const gpx = garminGpx(ride)
      await writeFile(gpxPath, gpx)
      await writeFile(fitPath, encodeFitActivity({ records: ride, sport: 2 }))
      const mb = (Buffer.byteLength(gpx) / 1e6).toFixed(1)
      measurements.push(
        { label: `GPX ${count / 1000}k points (${mb} MB)`, script: child, args: [gpxPath], ...TARGETS[count] },
        { label: `FIT ${count / 1000}k points`, script: child, args: [fitPath], ...TARGETS[count] },
      )
    }
    return measurements
  },
}
