import { analyseForStorage } from '../../src/domain/analysis'
import { joinActivities } from '../../src/domain/track'
import { importTrackFile } from '../../src-server/importers'
import { mainThreadCpuNs } from './benchmark'

/**
 * Prints import vs analysis time of one file, cold then warm (for profiling:
 * `node --import tsx --cpu-prof scripts/bench/phases.ts <file>`).
 */
async function main(): Promise<void> {
  const [path] = process.argv.slice(2)
  if (!path) throw new Error('usage: phases.ts <file>')
  for (const run of ['cold', 'warm']) {
    const c0 = process.cpuUsage()
    const m0 = mainThreadCpuNs()
    const t0 = performance.now()
    const track = await importTrackFile(path)
    const t1 = performance.now()
    const m1 = mainThreadCpuNs()
    const c1 = process.cpuUsage(c0)
    analyseForStorage(joinActivities(track), { stoppedSpeedThresholdKmh: 1 })
    const t2 = performance.now()
    const m2 = mainThreadCpuNs()
    const c2 = process.cpuUsage(c0)
    const cpu = (usage: NodeJS.CpuUsage): string => ((usage.user + usage.system) / 1000).toFixed(0)
    const main = (from: number, to: number): string => ((to - from) / 1e6).toFixed(0)
    console.log(
      `${run}: import ${(t1 - t0).toFixed(0)} ms (main thread ${main(m0, m1)}, CPU ${cpu(c1)}), ` +
        `analysis ${(t2 - t1).toFixed(0)} ms (main thread ${main(m1, m2)}), total CPU ${cpu(c2)} ms`,
    )
  }
}

void main()
