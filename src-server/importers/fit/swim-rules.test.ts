import { Encoder, Profile, type Encodable, type EventMesg, type FileIdMesg, type LapMesg, type LengthMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { importFitBytes } from './fit-importer'

/**
 * What a swim's figures may be, whatever the watch wrote: a length is swum at its own pace (never
 * split by a pause), no swimmer's top speed comes from a push-off the watch counted as a length,
 * and an open-water swim measures the watch's distance, not its wobbling fixes. Expected figures
 * come from the crafted files themselves (pool length ÷ each length's time, the session's total).
 */

const START = Date.UTC(2024, 4, 6, 7)
const at = (s: number) => new Date(START + s * 1000)
const POOL_M = 25

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name]
  if (number === undefined) throw new Error(`no FIT message ${name}`)
  return number
}

type Length = readonly [startS: number, elapsedS: number, type: 'active' | 'idle']

interface Swim {
  readonly lengths?: readonly Length[]
  /** Records: `[second or null (undated), distance m, lat?, lon?]`. */
  readonly records: readonly (readonly [number | null, number, number?, number?])[]
  /** Timer events: `[second, running]`. */
  readonly timers?: readonly (readonly [number, boolean])[]
  /** Device laps' start seconds (the last runs to the end). */
  readonly lapStarts?: readonly number[]
  readonly subSport: 'lapSwimming' | 'openWater'
  readonly totalM: number
  readonly endS: number
}

const SEMICIRCLES = 2 ** 31 / 180

function swimFit({ lengths = [], records, timers = [], lapStarts = [0], subSport, totalM, endS }: Swim): Uint8Array {
  const encoder = new Encoder()
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  write<FileIdMesg>({ mesgNum: mesgNum('FILE_ID'), type: 'activity', manufacturer: 'development', timeCreated: at(0) })
  write<EventMesg>({ mesgNum: mesgNum('EVENT'), timestamp: at(0), event: 'timer', eventType: 'start' })
  for (const [s, running] of timers) write<EventMesg>({ mesgNum: mesgNum('EVENT'), timestamp: at(s), event: 'timer', eventType: running ? 'start' : 'stopAll' })
  for (const [s, distance, lat, lon] of records) {
    write<RecordMesg>({
      mesgNum: mesgNum('RECORD'),
      ...(s === null ? {} : { timestamp: at(s) }),
      distance,
      ...(lat === undefined || lon === undefined ? {} : { positionLat: Math.round(lat * SEMICIRCLES), positionLong: Math.round(lon * SEMICIRCLES) }),
    })
  }
  lengths.forEach(([s, elapsed, type], index) =>
    write<LengthMesg>({ mesgNum: mesgNum('LENGTH'), messageIndex: index, timestamp: at(s + elapsed), startTime: at(s), totalElapsedTime: elapsed, totalTimerTime: elapsed, lengthType: type }),
  )
  lapStarts.forEach((s, index) => {
    const end = lapStarts[index + 1] ?? endS
    write<LapMesg>({ mesgNum: mesgNum('LAP'), messageIndex: index, timestamp: at(end), startTime: at(s), totalElapsedTime: end - s })
  })
  write<SessionMesg>({ mesgNum: mesgNum('SESSION'), timestamp: at(endS), startTime: at(0), sport: 'swimming', subSport, poolLength: POOL_M, totalElapsedTime: endS, totalDistance: totalM })
  return encoder.close()
}

function workoutOf(bytes: Uint8Array) {
  const [activity, ...others] = importFitBytes(bytes).activities
  if (!activity || others.length > 0) throw new Error('expected one activity')
  return analyseTrack(activity, { stoppedSpeedThresholdKmh: 1 }).workout
}

describe('swims', () => {
  it('a length is never split by a pause: its metres keep its own time when the timer restarts after it began', () => {
    // Starts written to the second, ends to the millisecond (as watches do); a rest, then the timer
    // restarted 13 s into the next length, with a device lap opened there.
    const lengths: Length[] = [
      [0, 20.5, 'active'],
      [20, 21.25, 'active'],
      [41, 60.3, 'idle'],
      [101, 22.5, 'active'],
      [123, 21.7, 'active'],
    ]
    const endS = 123 + 21.7
    const fit = swimFit({
      lengths,
      // One undated record per length, the distance swum so far.
      records: [25, 50, 50, 75, 100].map((distance) => [null, distance] as const),
      timers: [
        [42, false],
        [114, true],
      ],
      lapStarts: [0, 114],
      subSport: 'lapSwimming',
      totalM: 100,
      endS,
    })
    const workout = workoutOf(fit)
    expect(workout.distanceKm).toBeCloseTo(0.1, 6)
    // The fastest length: 25 m in 20.5 s (the rounding of its start may shave off up to a second).
    const fastestKmh = (POOL_M / 19.5) * 3.6
    expect(workout.maxSpeedKmh).toBeGreaterThan(0)
    expect(workout.maxSpeedKmh).toBeLessThanOrEqual(fastestKmh)
  })

  it("a push-off the watch counted as a length is no swim's top speed; its metres still count as the device's", () => {
    // Ten lengths of 20–24 s, and one "length" of 2 s (a push-off from the wall).
    const ends: number[] = []
    let s = 0
    for (let i = 0; i < 11; i++) {
      s += i === 5 ? 2 : 20 + (i % 5)
      ends.push(s)
    }
    const records = [[0, 0] as const, ...ends.map((end, i) => [end, (i + 1) * POOL_M] as const)]
    const fit = swimFit({ records, subSport: 'lapSwimming', totalM: 11 * POOL_M, endS: s })
    const workout = workoutOf(fit)
    expect(workout.distanceKm).toBeCloseTo(0.275, 6)
    expect(workout.maxSpeedKmh).toBeGreaterThan(0)
    expect(workout.maxSpeedKmh).toBeLessThanOrEqual((POOL_M / 20) * 3.6)
  })

  it("a pool swim moves while it swims its lengths, whatever its counter does: moving time the lengths' time, top speed the fastest length's", () => {
    // Three lengths of 40, 45 and 50 s around a minute's rest at the wall (an idle length); a record every second.
    const lengths: Length[] = [
      [0, 40, 'active'],
      [40, 45, 'active'],
      [85, 60, 'idle'],
      [145, 50, 'active'],
    ]
    const swumS = 40 + 45 + 50
    const endS = 195
    const seconds = Array.from({ length: endS + 1 }, (_, s) => s)
    // A COROS watch steps its counter one length at each length's end; a Garmin's creeps on through the rest.
    const stepped = seconds.map((s) => [s, POOL_M * ([40, 85, 195] as const).filter((end) => s >= end).length] as const)
    const creeping = seconds.map((s) => [s, (3 * POOL_M * s) / endS] as const)
    for (const records of [stepped, creeping]) {
      const workout = workoutOf(swimFit({ lengths, records, subSport: 'lapSwimming', totalM: 3 * POOL_M, endS }))
      expect(workout.distanceKm).toBeCloseTo(0.075, 6)
      expect(workout.movingS).toBe(swumS)
      expect(workout.maxSpeedKmh).toBeCloseTo((POOL_M / 40) * 3.6, 2)
      expect(workout.aveSpeedKmh).toBeCloseTo(((3 * POOL_M) / swumS) * 3.6, 2)
    }
  })

  it("an open-water swim measures the watch's distance, not the fixes that wobble with each stroke", () => {
    // 600 s at 0.8 m/s due north; each fix 6 m left or right of the line, as a wrist under water gives.
    const metresPerDegree = 111_320
    const records = Array.from({ length: 601 }, (_, s) => {
      const side = s % 2 === 0 ? -6 : 6
      return [s, 0.8 * s, 46 + (0.8 * s) / metresPerDegree, 9 + side / (metresPerDegree * Math.cos((46 * Math.PI) / 180))] as const
    })
    const fit = swimFit({ records, subSport: 'openWater', totalM: 480, endS: 600 })
    const workout = workoutOf(fit)
    expect(workout.distanceKm).toBeCloseTo(0.48, 3)
    // The map still draws the fixes.
    expect(workout.bounds).not.toBeNull()
  })
})
