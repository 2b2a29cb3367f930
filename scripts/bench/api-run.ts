import { archiveImportBenchmark } from './api/archive-import'
import { benchServerLine } from './bench-server'
import { dashboardLatencyBenchmark } from './api/dashboard-latency'
import { enginesBenchmark } from './api/engines'
import { heatmapBenchmark } from './api/heatmap'
import { readsBenchmark } from './api/reads'
import { realCorpusBenchmark } from './api/real-corpus'
import { singleUploadBenchmark } from './api/single-upload'
import { stravaExportBenchmark } from './api/strava-export'
import { uploadsWhileReading } from './api/uploads-while-reading'

/** The API benchmarks of the workouts issue: each runs a real server in its own process. */
async function main(): Promise<void> {
  const only = process.argv[2]
  console.log(`\n${benchServerLine()}`)
  if (!only || only === 'dashboard') {
    console.log('\nDashboard calls on a 5-year history (loopback HTTP)')
    await dashboardLatencyBenchmark()
  }
  if (!only || only === 'reads') {
    console.log('\nReads against the floor, the server\'s cheapest answer (loopback HTTP, answer cache off)')
    await readsBenchmark()
  }
  if (!only || only === 'upload') {
    console.log('\nSingle GPX upload end to end through the API (until its 201; the client writes a prebuilt multipart body on a kept-alive socket, not fetch + FormData: see README)')
    await singleUploadBenchmark()
  }
  if (!only || only === 'uploads-load') {
    console.log('\nReaders under continuous worst-case uploads (issue 35: readers\' p95 and server RSS)')
    await uploadsWhileReading()
  }
  if (!only || only === 'archive') {
    console.log('\nArchive import end to end through the API')
    await archiveImportBenchmark()
  }
  if (!only || only === 'corpus') {
    console.log('\nThe real corpus as one archive through the API (issue 12)')
    await realCorpusBenchmark()
  }
  if (!only || only === 'heatmap') {
    console.log('\nHeatmap of 5,000 workouts (issue 17, loopback HTTP)')
    await heatmapBenchmark()
  }
  if (!only || only === 'engines') {
    console.log('\nSQLite and PostgreSQL side by side (issue 30: a club server\'s engine, through the API)')
    await enginesBenchmark()
  }
  if (!only || only === 'strava') {
    console.log('\nA heavy Strava account export through the API')
    await stravaExportBenchmark()
  }
}

void main()
