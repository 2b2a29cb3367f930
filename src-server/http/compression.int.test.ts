import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Workout, WorkoutsResponse } from '../../src/contracts'
import { rideToGpx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { startWithOwnerAndSam, type Account } from '../test/accounts'
import { rawGet } from '../test/raw-get'
import type { TestServer } from '../test/test-server'
import { upload } from '../test/workouts'

/**
 * JSON answers are compressed as the client accepts, on the event loop when small (gzip up to
 * 256 KB) and on libuv's pool when larger (segment charts of 1,000 and 3,000 points, over 100 and
 * over 256 KB): each decodes, with zlib's own decoders, to the very bytes of the answer sent unencoded.
 */
describe('answer compression', () => {
  let t: TestServer
  let sam: Account
  let workout: Workout
  let shorter: Workout
  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
    workout = (await upload<WorkoutsResponse>(t, sam.token, 'ride.gpx', rideToGpx(syntheticRide(3000)))).body.data.workouts[0] as Workout
    shorter = (await upload<WorkoutsResponse>(t, sam.token, 'shorter.gpx', rideToGpx(syntheticRide(1000)))).body.data.workouts[0] as Workout
    // Two uploads: under a loaded machine's CI run they took more than the default 10 s.
  }, 60_000)
  afterAll(() => t.close())

  const cases = [
    // A segment's chart: the whole workout's goes out as kept gzip bytes (`chart-answers.int.test.ts`).
    { name: "a large answer (a segment's chart)", path: () => `workouts/${workout.id}/chart_data/segment/1`, minBytes: 256 * 1024, maxBytes: Infinity },
    // Pool answers below 256 KB are gzipped at a faster level.
    { name: "a mid-size answer (a shorter segment's chart)", path: () => `workouts/${shorter.id}/chart_data/segment/1`, minBytes: 100_000, maxBytes: 250_000 },
    { name: 'a small answer (the workout)', path: () => `workouts/${workout.id}`, minBytes: 1024, maxBytes: 32_000 },
  ]
  for (const { name, path, minBytes, maxBytes } of cases) {
    it(`${name} decodes to the unencoded answer, gzip and brotli`, async () => {
      const url = `${t.url}/api/${path()}`
      const plain = await rawGet(url, sam.token, 'identity')
      expect(plain.status).toBe(200)
      expect(plain.encoding).toBeUndefined()
      expect(plain.body.length).toBeGreaterThan(minBytes)
      expect(plain.body.length).toBeLessThan(maxBytes)
      expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ status: 'success' })
      const gzip = await rawGet(url, sam.token, 'gzip, deflate')
      expect(gzip.encoding).toBe('gzip')
      expect(gzip.body.length).toBeLessThan(plain.body.length)
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
      const brotli = await rawGet(url, sam.token, 'gzip, deflate, br')
      expect(brotli.encoding).toBe('br')
      expect(brotli.body.length).toBeLessThan(plain.body.length)
      expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
    })
  }
})
