import { Encoder, Profile, type Encodable, type EventMesg, type FileIdMesg, type LapMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'
import { seededRandom } from '../../../src/test-support/seeded-random'

/**
 * An indoor ride as a spin bike or a treadmill pod records it: speeds but neither positions nor
 * distance, with a timer pause. Written with Garmin's own encoder (`@garmin/fitsdk`), so the file
 * does not come from the same hands as our reader; its distance is summed here independently.
 */
export interface SpeedOnlyRide {
  readonly start: number
  /** Seconds after the start of each record. */
  readonly seconds: readonly number[]
  /** m/s of each record, in 1/1000 m/s (FIT's resolution). */
  readonly speeds: readonly number[]
  /** The timer is stopped from `from` to `to` (epoch ms): between the two runs of records. */
  readonly pause: { readonly from: number; readonly to: number }
}

/** A seeded ride: 200 records a second apart, a pause, 150 records two seconds apart. */
export function speedOnlyRide(seed: number, { stillWheel = false } = {}): SpeedOnlyRide {
  const random = seededRandom(seed)
  const start = Date.UTC(2024, 5, 1, 7)
  const seconds = [...Array.from({ length: 200 }, (_, i) => i), ...Array.from({ length: 150 }, (_, i) => 400 + 2 * i)]
  const speeds = seconds.map(() => (stillWheel ? 0 : Math.round(2000 + random() * 4000) / 1000))
  return { start, seconds, speeds, pause: { from: start + 250_000, to: start + 400_000 } }
}

/** The distance by the trapezoid rule over consecutive records of each timer run, metres. */
export function trapezoidDistanceM({ start, seconds, speeds, pause }: SpeedOnlyRide): number {
  let total = 0
  for (let i = 1; i < seconds.length; i++) {
    const from = start + (seconds[i - 1] ?? 0) * 1000
    const to = start + (seconds[i] ?? 0) * 1000
    if (from <= pause.from && to >= pause.to) continue
    total += (((speeds[i - 1] ?? 0) + (speeds[i] ?? 0)) / 2) * ((to - from) / 1000)
  }
  return total
}

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name]
  if (number === undefined) throw new Error(`no FIT message ${name}`)
  return number
}

/** The FIT file: speeds as `enhanced_speed` for the first 100 s, then as `speed` only. */
export function encodeSpeedOnlyFit({ start, seconds, speeds, pause }: SpeedOnlyRide): Uint8Array {
  const encoder = new Encoder()
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  const at = (s: number) => new Date(start + s * 1000)
  const [fileId, event, record, lap, session] = ['FILE_ID', 'EVENT', 'RECORD', 'LAP', 'SESSION'].map(mesgNum) as [number, number, number, number, number]
  write<FileIdMesg>({ mesgNum: fileId, type: 'activity', manufacturer: 'development', timeCreated: at(0) })
  write<EventMesg>({ mesgNum: event, timestamp: at(0), event: 'timer', eventType: 'start' })
  seconds.forEach((s, i) => {
    if (start + s * 1000 >= pause.to && start + (seconds[i - 1] ?? 0) * 1000 <= pause.from) {
      write<EventMesg>({ mesgNum: event, timestamp: new Date(pause.from), event: 'timer', eventType: 'stopAll' })
      write<EventMesg>({ mesgNum: event, timestamp: new Date(pause.to), event: 'timer', eventType: 'start' })
    }
    const speed = speeds[i] ?? 0
    write<RecordMesg>({ mesgNum: record, timestamp: at(s), heartRate: 140, ...(s < 100 ? { enhancedSpeed: speed } : { speed }) })
  })
  const end = at(seconds[seconds.length - 1] ?? 0)
  write<LapMesg>({ mesgNum: lap, timestamp: end, startTime: at(0), messageIndex: 0 })
  write<SessionMesg>({ mesgNum: session, timestamp: end, startTime: at(0), sport: 'cycling', subSport: 'indoorCycling' })
  return encoder.close()
}
