import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rideToGpx, syntheticRide } from '../../../src-server/importers/test-support/synthetic-ride'
import { startServerProcess, token } from '../../../src-server/test/server-process'

const DAY_MS = 86_400_000

/**
 * Uploads `runs` distinct GPX rides of `points` points one after another to a fresh server and
 * answers each upload's time until its 201 (end to end: transfer, parse, analysis, map, commit), ms.
 * The first upload also starts the compute thread; it is measured like the others.
 */
export async function measureSingleUploads(points: number, runs: number): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'waymark-bench-upload-'))
  try {
    const server = await startServerProcess(dataDir)
    const account = { username: 'bench', email: 'bench@example.com', password: 'bench-password' }
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
    const headers = { authorization: `Bearer ${await token(server.url, account.email, account.password)}` }
    const times: number[] = []
    for (let run = 0; run < runs; run += 1) {
      // A different day each time, so no upload is a duplicate of another.
      const gpx = rideToGpx(syntheticRide(points, { start: Date.UTC(2024, 0, 1, 8) + run * DAY_MS }))
      const form = new FormData()
      form.append('file', new Blob([gpx]), `ride-${run}.gpx`)
      form.append('data', JSON.stringify({ sport_id: 1 }))
      const began = performance.now()
      const response = await fetch(`${server.url}/api/workouts`, { method: 'POST', headers, body: form })
      await response.arrayBuffer()
      times.push(performance.now() - began)
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`)
    }
    await server.stop()
    return times
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
