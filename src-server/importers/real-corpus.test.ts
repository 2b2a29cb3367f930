import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseTrack, type MotionFigures } from '../../src/domain/analysis'
import type { ParsedFile } from '../../src/domain/track'
import { isAppError } from '../../src/errors/app-error'
import { realCorpusFiles, realFixtures } from '../test/workouts'
import { importTrackFile } from './import-track-file'
import { expectFiguresMatch, expected, readablePath, referenceOf } from './test-support/real-corpus'
import { gpxpyReference } from './test-support/reference-figures'

/** Every real file of the corpus imported as a single upload would be (expected outcomes: `real-corpus.ts`). */

const corpus = realFixtures()

type Result = { readonly refused: string } | { readonly file: ParsedFile; readonly workouts: readonly MotionFigures[] }

const gpxpy = gpxpyReference(corpus)
let unpacked: string
beforeAll(async () => {
  unpacked = await mkdtemp(join(tmpdir(), 'waymark-real-corpus-'))
})
afterAll(async () => {
  await rm(unpacked, { recursive: true, force: true })
})

/** Imports and analyses a file as an upload does (a `.gz` or `.kmz` unpacked first); a refusal's catalogue code, or the figures. */
async function importAsUpload(path: string): Promise<Result> {
  try {
    const file = await importTrackFile(await readablePath(path, unpacked))
    return { file, workouts: file.activities.map((activity) => analyseTrack(activity, { stoppedSpeedThresholdKmh: 1 }).workout) }
  } catch (error) {
    if (isAppError(error)) return { refused: error.code }
    throw error
  }
}

describe('real activity files', () => {
  it('finds the corpus, and every file of it has an expected outcome', async () => {
    const files = await realCorpusFiles()
    expect(files.length).toBeGreaterThanOrEqual(230)
    expect(files.filter((file) => !(file in expected))).toEqual([])
  })

  it('fit/broken-start-latlng.fit: the (0, 0) written before the first fix is no place on the map', async () => {
    const result = await importAsUpload(join(corpus, 'fit/broken-start-latlng.fit'))
    if ('refused' in result) throw new Error(`refused: ${result.refused}`)
    // Garmin's SDK: the ride lies around 15.7° S 47.8° W (Brasília); seven (0, 0) records precede it.
    const [south, west, north, east] = result.workouts[0]?.bounds ?? []
    expect([south, west]).toEqual([expect.closeTo(-15.835, 3), expect.closeTo(-47.916, 3)])
    expect([north, east]).toEqual([expect.closeTo(-15.715, 3), expect.closeTo(-47.783, 3)])
  }, 120_000)

  it('fit/fit4s-runalyze-time-jump.fit: a clock that leaps 20 days mid-run leaves the run its own length', async () => {
    const result = await importAsUpload(join(corpus, 'fit/fit4s-runalyze-time-jump.fit'))
    if ('refused' in result) throw new Error(`refused: ${result.refused}`)
    // Garmin's SDK: records 09:04:45–09:12:40 (475 s) before the leap, 14:22:03–15:10:29 (2,906 s)
    // 20 days after it; the session's total_elapsed_time is 3,389.127 s.
    expect(result.workouts[0]?.durationS).toBeGreaterThanOrEqual(475 + 2_906)
    expect(result.workouts[0]?.durationS).toBeLessThanOrEqual(3_389)
  }, 120_000)

  for (const [name, outcome] of Object.entries(expected)) {
    it(`${name}: ${'refused' in outcome ? `refused (${outcome.refused})` : `${outcome.activities.length} workout(s), distance from ${outcome.activities.join('/')}`}`, async () => {
      const path = join(corpus, name)
      const result = await importAsUpload(path)
      if ('refused' in outcome) {
        expect(result).toEqual({ refused: outcome.refused })
        return
      }
      if ('refused' in result) throw new Error(`refused: ${result.refused}`)
      // gpxpy's figures are the whole file's: they check a file that makes one workout.
      const gpx = outcome.activities.length === 1 ? gpxpy[name] : undefined
      const reference = referenceOf(await readablePath(path, unpacked), gpx, outcome.activities.length)
      expect(result.workouts.length).toBe(outcome.activities.length)
      expect(reference.length).toBe(outcome.activities.length)
      expect(result.file.warnings.map((warning) => warning.code)).toEqual(outcome.warning ? [outcome.warning] : [])
      outcome.activities.forEach((check, index) => {
        const workout = result.workouts[index]
        const activity = reference[index]
        if (!workout || !activity) throw new Error(`activity ${index} missing`)
        expectFiguresMatch({ ...workout, distanceM: workout.distanceKm === null ? null : workout.distanceKm * 1000, sport: result.file.activities[index]?.sport ?? null }, check, activity, 0, gpx, outcome.durationS, outcome.startTime, outcome.movingS)
      })
      // Decoding a 2 MB FIT twice (ours and Garmin's SDK) takes tens of seconds on a loaded machine.
    }, 120_000)
  }
})
