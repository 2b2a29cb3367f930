import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parentPort, threadId } from 'node:worker_threads'
import { parseAndAnalyse } from './compute-tasks'
import { WARMED_UP } from './protocol'

/**
 * A fresh compute thread runs its first files several times slower than later ones: V8 has not
 * yet compiled the parser, analysis and map drawing into optimised code (measured on the built
 * worker, 2,000-point rides: 98, 61, 36, 24, 31, 16 ms, then 10–15 ms a file). A thread warms
 * itself on this built-in ride before it takes tasks, so a user's first files do not pay that.
 * The ride is longer than the stored chart and map line (2,000 points each) and carries heart rate
 * and cadence, so those paths are compiled too: after a 2,000-point ride of heart rate alone, a
 * 50,000-point ride still compiled the chart's downsampling, the map line's coarser tolerances and
 * the parser's cadence at its first upload.
 */
const WARM_UP_POINTS = 5000
/** Runs of the built-in ride: about as many as the first files took to reach their steady cost. */
const WARM_UP_RUNS = 6

/** A generated GPX ride (position, elevation, time, heart rate, cadence) of {@link WARM_UP_POINTS} points. */
function builtInRide(): string {
  const start = Date.UTC(2024, 5, 1, 7)
  let points = ''
  for (let i = 0; i < WARM_UP_POINTS; i += 1) {
    const time = new Date(start + i * 2000).toISOString()
    // A zigzag of a few metres: the map line keeps over 2,000 points at its finest tolerance and is coarsened, as a long ride's is.
    const wobble = i % 2 === 0 ? 4e-5 : -4e-5
    const lat = (46 + i * 4e-5 + wobble).toFixed(6)
    const lon = (7 + Math.cos(i / 40) * 0.002 - wobble).toFixed(6)
    points += `<trkpt lat="${lat}" lon="${lon}"><ele>${(600 + Math.sin(i / 90) * 30).toFixed(1)}</ele><time>${time}</time>`
    points += `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${110 + (i % 50)}</gpxtpx:hr><gpxtpx:cad>${80 + (i % 15)}</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>`
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="Waymark" xmlns="http://www.topografix.com/GPX/1/1" ' +
    `xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>${points}</trkseg></trk></gpx>`
  )
}

/**
 * Imports the built-in ride {@link WARM_UP_RUNS} times as a file of an upload would be (read,
 * analysed, packed, its map drawn), from a file in `dir` that is removed afterwards. A failure
 * (a full disk) only leaves the thread cold.
 */
export async function warmUp(dir: string): Promise<void> {
  const path = join(dir, `warm-up-${process.pid}-${threadId}.gpx`)
  try {
    await writeFile(path, builtInRide())
    const options = { analysis: { stoppedSpeedThresholdKmh: 1, effortDistancesM: [1000, 5000] }, joinActivities: false, maps: true }
    for (let run = 0; run < WARM_UP_RUNS; run += 1) await parseAndAnalyse(path, options)
  } catch {
    // Cold is only slower.
  } finally {
    await rm(path, { force: true })
    parentPort?.postMessage(WARMED_UP)
  }
}
