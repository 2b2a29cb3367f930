import { analyseForStorage, type StoredAnalysis } from '../../../src/domain/analysis'
import { joinActivities } from '../../../src/domain/track'
import { importTrackFile } from '../../../src-server/importers'
import { mainThreadCpuNs, reportFromChild } from '../benchmark'

/** Child process: imports + analyses one file (as the import pipeline will) and reports. */
async function main(): Promise<void> {
  const [path] = process.argv.slice(2)
  if (!path) throw new Error('usage: track-import.child.ts <file>')
  const once = async (): Promise<{ ms: number; cpuMs: number; mainMs: number; stored: StoredAnalysis }> => {
    const cpu = process.cpuUsage()
    const main = mainThreadCpuNs()
    const started = performance.now()
    const track = await importTrackFile(path)
    const stored = analyseForStorage(joinActivities(track), { stoppedSpeedThresholdKmh: 1 })
    const used = process.cpuUsage(cpu)
    const mainMs = (mainThreadCpuNs() - main) / 1e6
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, mainMs, stored }
  }
  const { ms: wallMs, cpuMs, mainMs, stored } = await once()
  const { ms: warmMs } = await once()
  const points = stored.segments.reduce((sum, segment) => sum + segment.pointCount, 0)
  const polylinePoints = stored.polyline.reduce((sum, line) => sum + line.length, 0)
  reportFromChild(
    wallMs,
    warmMs,
    cpuMs,
    `${points} points, ${stored.workout.distanceKm?.toFixed(1) ?? '–'} km, chart ${stored.chart.size}, map ${polylinePoints}`,
    mainMs,
  )
}

void main()
