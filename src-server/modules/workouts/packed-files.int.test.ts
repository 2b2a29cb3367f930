import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Workout, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { expectNothingChanged, snapshot } from '../../hostile/invariants'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { realFile, upload } from '../../test/workouts'

/** The figures a re-packed file must keep. */
const figures = (workout: Workout | undefined) => ({
  distance: workout?.distance,
  duration: workout?.duration,
  moving: workout?.moving,
  ascent: workout?.ascent,
  max_alt: workout?.max_alt,
  workout_date: workout?.workout_date,
})

describe('single gzipped track files', () => {
  let parent: string
  let t: TestServer
  let owner: Account
  let sam: Account
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-packed-'))
    ;({ t, owner, sam } = await startWithOwnerAndSam({ dataDir: join(parent, 'data') }))
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it.each([
    ['fit/garmin-fenix5-run.fit', 'run.fit.gz'],
    ['gpx/strava.gpx', 'ride.GPX.gz'],
    ['tcx/walking.tcx', 'x.tcx.gz'],
  ])('%s gzipped as %s imports as the plain file does, and is kept unpacked', async (source, name) => {
    const bytes = await realFile(source)
    const plain = await upload<WorkoutsResponse>(t, owner.token, source.split('/')[1] ?? source, bytes)
    expect(plain.status, JSON.stringify(plain.body)).toBe(201)
    const packed = await upload<WorkoutsResponse>(t, sam.token, name, gzipSync(bytes))
    expect(packed.status, JSON.stringify(packed.body)).toBe(201)
    const workout = packed.body.data.workouts[0]
    expect(figures(workout)).toEqual(figures(plain.body.data.workouts[0]))

    const original = await fetch(`${t.url}/api/workouts/${workout?.id}/gpx/download`, { headers: { authorization: `Bearer ${sam.token}` } })
    expect(original.status).toBe(200)
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true)
    // The same content, packed or not, is the same workout: the same bytes (its hash is what it
    // holds, not the packed file's), even under another sport, where the same ride would not be.
    const again = await upload(t, sam.token, source.split('/')[1] ?? source, bytes)
    expect(again.status).toBe(409)
    const otherSport = await upload(t, owner.token, name, gzipSync(bytes), { sport_id: SPORT_ID.running })
    expect(otherSport.status, JSON.stringify(otherSport.body)).toBe(409)
  }, 120_000)

  it.each([
    // 30 MB of spaces packs into ~30 kB: the limit (20 MB) applies to what it unpacks to.
    ['over the size limit once unpacked', 'bomb.gpx.gz', gzipSync(Buffer.alloc(30 * 1024 * 1024, 0x20)), 413, 'file_too_large'],
    ['cut short', 'cut.gpx.gz', gzipSync('<?xml version="1.0"?><gpx>'.padEnd(5000, ' ')).subarray(0, 30), 400, 'gzip_invalid'],
    ['not gzip at all', 'text.fit.gz', Buffer.from('this is not gzip'), 400, 'gzip_invalid'],
    ['damaged in the middle', 'bad.tcx.gz', (() => {
      const packed = gzipSync(Buffer.from('<TrainingCenterDatabase>'.repeat(500)))
      packed.fill(0xff, 12, 40)
      return packed
    })(), 400, 'gzip_invalid'],
    ['gzip of a name that is no track', 'notes.txt.gz', gzipSync('hello'), 400, 'file_extension_not_allowed'],
    ['gzip without an inner extension', 'ride.gz', gzipSync('hello'), 400, 'file_extension_not_allowed'],
    ['gzip of a file that is not a track', 'empty.gpx.gz', gzipSync(''), 400, 'track_file_empty'],
  ])('%s: refused with a catalogued reason, nothing kept', async (_case, name, bytes, status, code) => {
    const before = await snapshot(t)
    const answer = await upload(t, sam.token, name, bytes)
    expect(answer.status, JSON.stringify(answer.body)).toBe(status)
    expect(answer.body).toMatchObject({ code })
    await expectNothingChanged(t, before)
  })
})
