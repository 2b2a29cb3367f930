import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { encodeFitActivity } from '../../../src-server/importers/fit/fit-test-writer'
import type { FitRecordInput } from '../../../src-server/importers/fit/fit-test-writer'
import { syntheticRide } from '../../../src-server/importers/test-support/synthetic-ride'
import { besides, type Benchmark, type Measurement } from '../benchmark'
import { BENCH_SERVER, BUILT_TRACK_IMPORT_CHILD } from '../bench-server'

/** Issue 3's targets: ≤ 150 ms and ≤ 150 MB for 50k points, ≤ 600 ms for 200k. */
const TARGETS: Readonly<Record<number, { maxMs: number; maxRssMb?: number }>> = {
  50_000: { maxMs: 150, maxRssMb: 150 },
  200_000: { maxMs: 600 },
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}

const GPX_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="Waymark bench" version="1.1" xmlns="http://www.topografix.com/GPX/1/1"'

/**
 * The GPX variants measured, from light to heavy (50,000 points: ~5, ~10 and ~18 MB), so that
 * nobody mistakes one for another: parsing time follows the bytes, not the point count.
 */
const GPX_VARIANTS: readonly { readonly name: string; readonly write: (points: readonly FitRecordInput[]) => string }[] = [
  {
    // The "~5 MB for 50,000 points": only possible without heart rate (~95 bytes a point).
    name: 'minimal, ele+time, no HR',
    write: (points) => {
      const parts = [`${GPX_HEAD}>\n<trk><name>Benchmark ride</name><type>cycling</type><trkseg>\n`]
      for (const p of points) {
        parts.push(
          `<trkpt lat="${(p.lat ?? 0).toFixed(6)}" lon="${(p.lon ?? 0).toFixed(6)}"><ele>${(p.ele ?? 0).toFixed(1)}</ele><time>${isoTime(p.time)}</time></trkpt>\n`,
        )
      }
      parts.push('</trkseg></trk></gpx>\n')
      return parts.join('')
    },
  },
  {
    // Compact export with heart rate in Garmin's TrackPointExtension (gpxtpx), one point a line
    // (~200 bytes a point): the lightest realistic file with elevation, time and heart rate.
    name: 'compact, gpxtpx:hr',
    write: (points) => {
      const parts = [
        `${GPX_HEAD} xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n`,
        '<trk><name>Benchmark ride</name><type>cycling</type><trkseg>\n',
      ]
      for (const p of points) {
        parts.push(
          `<trkpt lat="${(p.lat ?? 0).toFixed(6)}" lon="${(p.lon ?? 0).toFixed(6)}"><ele>${(p.ele ?? 0).toFixed(1)}</ele><time>${isoTime(p.time)}</time>`,
          `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${p.heartRate}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>\n`,
        )
      }
      parts.push('</trkseg></trk></gpx>\n')
      return parts.join('')
    },
  },
  {
    // Garmin Connect's own export: indented, full-precision coordinates, float32 elevations
    // printed in full, ns3:hr and ns3:cad (~370 bytes a point).
    name: 'Garmin Connect style',
    write: (points) => {
      const parts = [
        `${GPX_HEAD} xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n`,
        '  <trk>\n    <name>Benchmark ride</name>\n    <type>cycling</type>\n    <trkseg>\n',
      ]
      for (const p of points) {
        const lat = (p.lat ?? 0) + 1.234567e-9
        const lon = (p.lon ?? 0) + 7.654321e-9
        const ele = Math.fround(p.ele ?? 0)
        parts.push(
          `      <trkpt lat="${lat}" lon="${lon}">\n        <ele>${ele}</ele>\n        <time>${new Date(p.time).toISOString()}</time>\n`,
          `        <extensions>\n          <ns3:TrackPointExtension>\n            <ns3:hr>${p.heartRate}</ns3:hr>\n`,
          `            <ns3:cad>${p.cadence}</ns3:cad>\n          </ns3:TrackPointExtension>\n        </extensions>\n      </trkpt>\n`,
        )
      }
      parts.push('    </trkseg>\n  </trk>\n</gpx>\n')
      return parts.join('')
    },
  },
]

/** Parse + analyse (+ chart and map line) of generated GPX and FIT rides of 50k and 200k points. */
export const trackImportBenchmark: Benchmark = {
  name: 'track import (parse + analyse + chart + map line)',
  async prepare(workDir) {
    const child = BENCH_SERVER === 'built' ? BUILT_TRACK_IMPORT_CHILD : besides(import.meta.url, './track-import.child.ts')
    const measurements: Measurement[] = []
    for (const count of [50_000, 200_000]) {
      // A stop every 20 minutes so moving time and pauses are exercised too.
      const ride = syntheticRide(count, { stopEvery: 1_200 })
      for (const [v, variant] of GPX_VARIANTS.entries()) {
        // 200k: the compact and the heavy variant are enough to show the growth.
        if (count > 50_000 && v === 0) continue
        const gpx = variant.write(ride)
        const gpxPath = join(workDir, `ride-${count}-${v}.gpx`)
        await writeFile(gpxPath, gpx)
        const mb = (Buffer.byteLength(gpx) / 1e6).toFixed(1)
        measurements.push({
          label: `GPX ${count / 1000}k ${variant.name} (${mb} MB)`,
          script: child,
          args: [gpxPath],
          ...TARGETS[count],
        })
      }
      const fit = encodeFitActivity({ records: ride, sport: 2 })
      const fitPath = join(workDir, `ride-${count}.fit`)
      await writeFile(fitPath, fit)
      measurements.push({
        label: `FIT ${count / 1000}k (${(fit.length / 1e6).toFixed(1)} MB)`,
        script: child,
        args: [fitPath],
        ...TARGETS[count],
      })
    }
    return measurements
  },
}
