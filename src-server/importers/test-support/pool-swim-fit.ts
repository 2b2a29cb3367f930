import { Encoder, Profile, type Encodable, type FileIdMesg, type LapMesg, type LengthMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'

/** A length of a crafted pool swim: its start and elapsed seconds from the swim's start, and its type. */
export type CraftedLength = readonly [startS: number, elapsedS: number, type: 'active' | 'idle']

/**
 * A 25 m pool swim as a watch writes it, from 2024-05-06 07:00 UTC: records at `recordSeconds`
 * with the heart rate `bpm(s)`, the `lengths`, one device lap over them all and the session
 * (`distanceM` both state).
 */
export function poolSwimFit(lengths: readonly CraftedLength[], recordSeconds: readonly number[], bpm: (s: number) => number, distanceM: number): Uint8Array {
  const start = Date.UTC(2024, 4, 6, 7)
  const at = (s: number) => new Date(start + s * 1000)
  const encoder = new Encoder()
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  const num = (name: string): number => Profile.MesgNum[name] ?? Number.NaN
  const endS = Math.max(...lengths.map(([s, elapsed]) => s + elapsed))
  write<FileIdMesg>({ mesgNum: num('FILE_ID'), type: 'activity', manufacturer: 'development', timeCreated: at(0) })
  for (const s of recordSeconds) write<RecordMesg>({ mesgNum: num('RECORD'), timestamp: at(s), heartRate: bpm(s) })
  lengths.forEach(([s, elapsed, type], index) =>
    write<LengthMesg>({ mesgNum: num('LENGTH'), messageIndex: index, timestamp: at(s + elapsed), startTime: at(s), totalElapsedTime: elapsed, totalTimerTime: elapsed, lengthType: type }),
  )
  write<LapMesg>({ mesgNum: num('LAP'), messageIndex: 0, timestamp: at(endS), startTime: at(0), totalElapsedTime: endS, totalDistance: distanceM, firstLengthIndex: 0, numLengths: lengths.length })
  write<SessionMesg>({ mesgNum: num('SESSION'), timestamp: at(endS), startTime: at(0), sport: 'swimming', subSport: 'lapSwimming', poolLength: 25, totalElapsedTime: endS, totalDistance: distanceM })
  return encoder.close()
}
