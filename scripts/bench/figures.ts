import { measureArchiveImport } from './api/archive-import'
import { measureAloneCalls, measureConcurrentCalls, p95Of } from './api/dashboard-latency'
import { measureSingleUploads } from './api/single-upload'

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
}

/**
 * The groups of figures measured: by default upload, archive and calls, or those listed in
 * `BENCH_FIGURES` (e.g. `archive,upload`); `clients` (the 20 clients on 20 users × 1,000
 * workouts, ~1 min per tree and round) only when listed.
 */
const GROUPS = new Set((process.env.BENCH_FIGURES ?? 'upload,archive,calls').split(','))

/**
 * Issue 19's figures in one run, printed as one JSON line (name → value; lower is better) for
 * `compare.ts`, which runs this script in the previous commit's tree and in this one.
 */
async function main(): Promise<void> {
  const figures: Record<string, number> = {}
  if (GROUPS.has('upload')) {
    const uploads = await measureSingleUploads(50_000, 5)
    figures['upload of a 50k-point GPX, ms (median of 5)'] = median(uploads.map((upload) => upload.ms))
    figures['  upload: server CPU, ms'] = median(uploads.map((upload) => upload.cpuMs))
    figures['  upload: of which main thread, ms'] = median(uploads.map((upload) => upload.mainThreadMs))
    figures['  upload: client CPU (prebuilt body on a raw socket), ms'] = median(uploads.map((upload) => upload.clientCpuMs))
  }
  if (GROUPS.has('archive')) {
    const archive = await measureArchiveImport(50)
    figures['zip of 50 × 2k points until imported, ms'] = archive.seconds * 1000
    figures['  server CPU per file, ms'] = archive.cpuMs / 50
    figures['  of which main thread, ms'] = archive.mainThreadMs / 50
  }
  if (GROUPS.has('calls')) {
    for (const [name, { medianMs, cpuMs }] of await measureAloneCalls()) {
      figures[`uncached ${name}, ms`] = medianMs
      figures[`  ${name}: server CPU per call, ms`] = cpuMs
    }
  }
  if (GROUPS.has('clients')) {
    const { figures: clients } = await measureConcurrentCalls(20, 1000)
    figures['20 clients: server CPU per call, ms'] = clients.cpuMs
    figures['  20 clients: main thread per call, ms'] = clients.mainThreadMs
    for (const [name, sorted] of clients.latencies) figures[`  20 clients: ${name} p95, ms`] = p95Of(sorted)
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
}

void main()
