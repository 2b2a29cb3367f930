import { Decoder, Encoder, Profile, Stream, type Encodable, type EventMesg, type FileIdMesg, type LapMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'

/**
 * Indoor sessions as a treadmill watch or a trainer head unit writes them: heart rate and power
 * a second apart, no position, no distance record, no speed, laps without a distance, a pause.
 * Written and read back with Garmin's own SDK, so the expected figures are the device's totals as
 * Garmin decodes them, never ours.
 */
const START = Date.UTC(2024, 2, 3, 18)
/** Seconds after the start of each record: two timer runs of 300 records, paused from 300 s to 400 s. */
const SECONDS = [...Array.from({ length: 300 }, (_, i) => i), ...Array.from({ length: 300 }, (_, i) => 400 + i)]

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name]
  if (number === undefined) throw new Error(`no FIT message ${name}`)
  return number
}

function indoorFit(session: { totalDistance?: number; totalCalories: number }): Uint8Array {
  const encoder = new Encoder()
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  const at = (s: number) => new Date(START + s * 1000)
  const [fileId, event, record, lap, sessionNum] = ['FILE_ID', 'EVENT', 'RECORD', 'LAP', 'SESSION'].map(mesgNum) as [number, number, number, number, number]
  write<FileIdMesg>({ mesgNum: fileId, type: 'activity', manufacturer: 'development', timeCreated: at(0) })
  write<EventMesg>({ mesgNum: event, timestamp: at(0), event: 'timer', eventType: 'start' })
  for (const s of SECONDS) {
    if (s === 400) {
      write<EventMesg>({ mesgNum: event, timestamp: at(300), event: 'timer', eventType: 'stopAll' })
      write<EventMesg>({ mesgNum: event, timestamp: at(400), event: 'timer', eventType: 'start' })
    }
    write<RecordMesg>({ mesgNum: record, timestamp: at(s), heartRate: 120 + (s % 30), power: 180 + (s % 50) })
  }
  const end = at(SECONDS[SECONDS.length - 1] ?? 0)
  write<LapMesg>({ mesgNum: lap, timestamp: at(299), startTime: at(0), messageIndex: 0 })
  write<LapMesg>({ mesgNum: lap, timestamp: end, startTime: at(400), messageIndex: 1 })
  write<SessionMesg>({ mesgNum: sessionNum, timestamp: end, startTime: at(0), sport: 'running', subSport: 'treadmill', ...session })
  return encoder.close()
}

/** What Garmin's decoder reads: the session's totals and the records' first and last times. */
function sdkReading(bytes: Uint8Array) {
  const { messages } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read()
  const times = (messages.recordMesgs ?? []).map((record) => new Date(record.timestamp as Date).getTime())
  const session = messages.sessionMesgs?.[0]
  return { distanceM: session?.totalDistance, calories: session?.totalCalories, spanS: (Math.max(...times) - Math.min(...times)) / 1000 }
}

describe('indoor FIT sessions without positions', () => {
  it('a treadmill run stating only its session total carries that distance over its moving time, none of it in the pause', () => {
    const bytes = indoorFit({ totalDistance: 4321.5, totalCalories: 250 })
    const sdk = sdkReading(bytes)
    expect(sdk.distanceM).toBeGreaterThan(4000)
    const track = singleActivity(importFitBytes(bytes).activities)
    const { workout } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect(Math.abs((workout.distanceKm ?? Number.NaN) * 1000 - (sdk.distanceM ?? Number.NaN))).toBeLessThanOrEqual(1)
    expect(workout.durationS).toBe(sdk.spanS)
    // Two timer runs of 299 s each: the 100 s pause is neither moving nor a distance.
    expect(workout.movingS).toBe(2 * 299)
    expect(workout.bounds).toBeNull()
    expect(track.calories).toBe(sdk.calories)
    expect(track.tracks[0]?.segments.every((segment) => segment.heartRate !== null && segment.power !== null)).toBe(true)
  })

  it('a trainer ride whose device measured no distance (session and laps at 0 m) imports with 0 m and its duration, not refused', () => {
    const bytes = indoorFit({ totalDistance: 0, totalCalories: 310 })
    const sdk = sdkReading(bytes)
    expect(sdk.distanceM).toBe(0)
    const track = singleActivity(importFitBytes(bytes).activities)
    const { workout } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect(workout.distanceKm).toBe(0)
    expect(workout.durationS).toBe(sdk.spanS)
    expect(track.calories).toBe(sdk.calories)
  })

  it('a session stating no distance at all imports with its time, sensors and calories, the distance unknown (null), not 0', () => {
    const bytes = indoorFit({ totalCalories: 120 })
    const sdk = sdkReading(bytes)
    expect(sdk.distanceM).toBeUndefined()
    const track = singleActivity(importFitBytes(bytes).activities)
    const { workout, segments } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect([workout.distanceKm, workout.aveSpeedKmh, workout.maxSpeedKmh]).toEqual([null, null, null])
    expect(segments.map((segment) => segment.distanceKm)).toEqual([null, null])
    expect(workout.durationS).toBe(sdk.spanS)
    // Two timer runs of 299 s each: the 100 s pause between them is not moving time.
    expect(workout.movingS).toBe(2 * 299)
    expect(track.calories).toBe(sdk.calories)
  })
})
