import { realCorpusFiles, realCorpusZip } from '../../../src-server/test/workouts'
import { measureArchive } from './archive-import'

/**
 * Issue 12: every real file of `tests/fixtures/real` (78 files, 32 MB: Garmin, Wahoo, Coros,
 * Polar, Suunto exports, damaged and non-activity files among them) uploaded as one archive,
 * end to end through the API: total time and the server's peak RSS.
 */
export async function realCorpusBenchmark(): Promise<void> {
  const files = await realCorpusFiles()
  const archive = await realCorpusZip(files)
  const figures = await measureArchive(archive)
  console.log(
    `  ${files.length} real files (${(archive.length / 1024 / 1024).toFixed(1)} MB zipped): ${figures.seconds.toFixed(2)} s, ` +
      `server CPU ${figures.cpuMs.toFixed(0)} ms (main thread ${figures.mainThreadMs.toFixed(0)}), peak RSS ${figures.peakRssMb.toFixed(0)} MB, ` +
      `${figures.imported} imported, ${figures.refused} refused`,
  )
}
