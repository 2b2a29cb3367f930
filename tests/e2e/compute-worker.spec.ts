import { expect, test } from './fixtures'
import { createActiveUser, newAccount } from './helpers'
import { firstSport, gpxText, uploadWorkout } from './workout-helpers'

// The e2e server is the built bundle: parsing, analysis and map drawing run in worker threads
// started from `out/main/compute-worker.js`, its own bundle entry. A worker that cannot load
// would turn every upload into a 500; this proves the bundle's wiring, where unit tests run the
// TypeScript sources.
test('the built server parses, analyses, draws and exports an upload in its worker threads', async ({ request }) => {
  const token = await createActiveUser(request, newAccount('compute'))
  const sport = await firstSport(request, token)
  const workout = await uploadWorkout(request, token, 'gpx_file.gpx', gpxText('gpx_file.gpx'), sport.id)
  expect(workout.distance).toBeGreaterThan(0)
  const { map: mapId } = workout as typeof workout & { map: string | null }
  expect(mapId).toMatch(/^[\w-]+$/)
  const map = await request.get(`/api/workouts/map/${mapId ?? ''}`)
  expect(map.status()).toBe(200)
  expect((await map.body()).subarray(1, 4).toString('latin1')).toBe('PNG')
  // The GPX export: written to a file by a worker, streamed from it.
  const gpx = await request.get(`/api/workouts/${workout.id}/gpx`, { headers: { Authorization: `Bearer ${token}` } })
  expect(gpx.status()).toBe(200)
  expect(((await gpx.json()) as { data: { gpx: string } }).data.gpx).toContain('<trkpt ')
})
