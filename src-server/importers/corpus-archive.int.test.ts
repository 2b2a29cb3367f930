import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportFileResult, ImportTask, ImportTaskResponse, Workout, WorkoutsResponse } from '../../src/contracts'
import { wireMessageOf } from '../../src/errors'
import { startWithOwnerAndSam } from '../test/accounts'
import type { TestServer } from '../test/test-server'
import { realCorpusZip, realFixtures, seconds, upload, waitForImport } from '../test/workouts'
import { expectFiguresMatch, expected, readablePath, referenceOf } from './test-support/real-corpus'
import { gpxpyReference } from './test-support/reference-figures'

/**
 * The whole real corpus uploaded as one zip, as someone moving years of files at once would: each
 * entry must come out as the same file uploaded alone does (`real-corpus.test.ts`, one expected
 * table for both), through the real server, its archive task and its database.
 *
 * Where an archive could differ by design, and what the test expects:
 * - One user's files are checked against each other for duplicates. Some corpus files are the
 *   same outing in another format (`sportslib-garmin` as FIT, GPX and TCX; `suunto-movescount`;
 *   the `cerknicko` variants), but each format gives a distance more than the duplicate rule's
 *   half metre apart, so each still becomes its own workout, as alone. Others are the same
 *   recording again (the FIT SDK's example activity chained with other files, a run with and
 *   without its pause records, one TCX with and without heart rate): such a file comes out as a
 *   duplicate of the workout an earlier entry made, and that workout must then match this file's
 *   own reference too.
 * - A file's warnings (`fit_tail_damaged`) are in its result, as in a single upload's answer (a
 *   duplicate's result names the workout it duplicates, nothing more).
 * - The API gives distances in km to 3 decimals: half a metre more tolerance than the analysis'
 *   own figure.
 */

const corpus = realFixtures()

describe('the real corpus uploaded as one zip', () => {
  let parent: string
  let t: TestServer
  let token: string
  let task: ImportTask
  const names = Object.keys(expected)
  const resultOf = (name: string): ImportFileResult | undefined => task.results.find((result) => result.file === name)
  const workout = async (id: string): Promise<Workout> => {
    const answer = await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token })
    expect(answer.status).toBe(200)
    const [found] = answer.body.data.workouts
    if (!found) throw new Error(`workout ${id} missing`)
    return found
  }
  const figuresOf = (found: Workout) => ({
    distanceM: found.distance === null ? null : found.distance * 1000,
    durationS: seconds(found.duration),
    movingS: seconds(found.moving),
    maxSpeedKmh: found.max_speed,
    maxAltM: found.max_alt,
    minAltM: found.min_alt,
    ascentM: found.ascent,
    startTime: Date.parse(found.workout_date),
  })

  const gpxpy = gpxpyReference(corpus)
  let unpacked: string

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-corpus-zip-'))
    unpacked = await mkdtemp(join(parent, 'unpacked-'))
    const started = await startWithOwnerAndSam({ dataDir: join(parent, 'data') })
    t = started.t
    token = started.sam.token
    // As the add page sends it: the sport each file names, cycling for those that name none.
    const answer = await upload<ImportTaskResponse>(t, token, 'corpus.zip', await realCorpusZip(names), { sport_id: 1, detect_sport: true })
    expect(answer.status, JSON.stringify(answer.body)).toBe(202)
    // 50 MB of files, some of which take seconds each to decode on a loaded machine.
    task = await waitForImport(t, token, answer.body.data.task.id, 540_000)
  }, 600_000)
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it('the task ends with one result per file, in the archive order', () => {
    expect(task).toMatchObject({ status: 'done', files_total: names.length, files_done: names.length })
    expect(task.results.map((result) => result.file)).toEqual(names)
  })

  for (const [name, outcome] of Object.entries(expected)) {
    it(`${name}: ${'refused' in outcome ? `refused (${outcome.refused})` : `${outcome.activities.length} workout(s) as uploaded alone`}`, async () => {
      const result = resultOf(name)
      if ('refused' in outcome) {
        expect(result).toEqual({ file: name, status: 'error', code: outcome.refused, message: wireMessageOf(outcome.refused) })
        return
      }
      if (result?.status !== 'imported' && result?.status !== 'duplicate') throw new Error(`not imported: ${JSON.stringify(result)}`)
      // gpxpy's figures are the whole file's: they check a file that makes one workout.
      const gpx = outcome.activities.length === 1 ? gpxpy[name] : undefined
      const reference = referenceOf(await readablePath(join(corpus, name), unpacked), gpx, outcome.activities.length)
      expect(result.workout_ids.length).toBe(outcome.activities.length)
      if (result.status === 'imported') {
        expect((result.warnings ?? []).map((warning) => warning.code)).toEqual('warning' in outcome && outcome.warning ? [outcome.warning] : [])
      }
      for (const [index, id] of result.workout_ids.entries()) {
        const found = reference[index]
        const check = outcome.activities[index]
        if (!found || !check) throw new Error(`activity ${index} missing`)
        // A duplicate's workout is the file imported before it (a TCX the same ride as its GPX), held to that file's maximum.
        const activity = result.status === 'duplicate' ? { ...found, deviceMaxSpeedMs: Number.NaN } : found
        expectFiguresMatch(figuresOf(await workout(id)), check, activity, 1, gpx, 'durationS' in outcome ? outcome.durationS : undefined, 'startTime' in outcome ? outcome.startTime : undefined, 'movingS' in outcome ? outcome.movingS : undefined)
      }
    }, 120_000)
  }
})
