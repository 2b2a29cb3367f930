import { Decoder, Stream } from '@garmin/fitsdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SplitsResponse, WorkoutsResponse } from '../../../src/contracts'
import { SPORT_ID } from '../../../src/domain/sports'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import type { TestServer } from '../../test/test-server'
import { realFile, upload } from '../../test/workouts'

/**
 * A swim's splits through the API: per 100 m and 100 yd (the units its pace reads in), made of
 * its lengths' own times; other sports have none. The corpus's pool swim with heart rate (25 m
 * pool) read by Garmin's SDK gives the expected times: each 100 m is 4 active lengths.
 */
describe('swim splits API', () => {
  let t: TestServer
  let sam: Account
  beforeAll(async () => {
    ;({ t, sam } = await startWithOwnerAndSam())
  })
  afterAll(() => t.close())

  const splitsOf = async (id: string, unit: string) => {
    const answer = await t.api<SplitsResponse>('GET', `workouts/${id}/splits?unit=${unit}`, { token: sam.token })
    expect(answer.status).toBe(200)
    return answer.body.data.splits
  }

  it('a pool swim has 100 m splits timed as its lengths; entered as a run it has none until its sport becomes a swim', async () => {
    const bytes = await realFile('fit/poolswim-hr.fit')
    const { messages } = new Decoder(Stream.fromBuffer(bytes)).read()
    expect(messages.sessionMesgs?.[0]?.poolLength).toBe(25)
    // Active lengths (none of this file's is faster than 3 m/s, the rule for a push off the wall), 4 a split.
    const seconds = (messages.lengthMesgs ?? []).filter((length) => length.lengthType === 'active').map((length) => Number(length.totalTimerTime))
    const groups: number[] = []
    for (let i = 0; i + 4 <= seconds.length; i += 4) groups.push(seconds.slice(i, i + 4).reduce((sum, s) => sum + s, 0))
    expect(groups.length).toBe(17)

    const answer = await upload<WorkoutsResponse>(t, sam.token, 'swim.fit', bytes, { sport_id: SPORT_ID.running })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const id = answer.body.data.workouts[0]?.id ?? ''
    expect(await splitsOf(id, '100m')).toEqual([])
    expect((await t.api('PATCH', `workouts/${id}`, { token: sam.token, body: { sport_id: SPORT_ID.swimmingPool } })).status).toBe(200)

    const hundreds = await splitsOf(id, '100m')
    expect(hundreds.map((split) => split.distance)).toEqual(groups.map(() => 0.1))
    // The API gives tenths of a second.
    expect(Math.max(...hundreds.map((split, i) => Math.abs(split.moving - (groups[i] ?? Number.NaN))))).toBeLessThanOrEqual(0.05)
    // A pool has no climbs (and this watch recorded no heart rate in the water).
    expect(hundreds.every((split) => split.ascent === null && split.ave_hr === null)).toBe(true)
    // 100 yd = 91.44 m: 3 lengths and 16.44 m of the fourth, so 1,700 m make 18 splits, the last 54.48 m.
    const yards = await splitsOf(id, '100yd')
    expect(yards).toHaveLength(19)
    expect(yards.slice(0, -1).every((split) => split.distance === 0.091)).toBe(true)
    expect(yards.at(-1)?.distance).toBeCloseTo((1700 - 18 * 91.44) / 1000, 3)
    // Per km stays as it was.
    expect((await splitsOf(id, 'km')).map((split) => split.distance)).toEqual([1, 0.7])
  }, 120_000)
})
