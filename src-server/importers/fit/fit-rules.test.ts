import { Encoder, Profile, type Encodable, type EventMesg, type FileIdMesg, type LapMesg, type LengthMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import type { Track, TrackSegment } from '../../../src/domain/track'
import { isAppError } from '../../../src/errors/app-error'
import { codeOf } from '../test-support/error-code'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'

// The FIT importer's rules, each on a small file written by Garmin's own encoder (@garmin/fitsdk):
// the expected figures are the file's own messages (seconds, metres, sports), counted by hand.

const START = Date.UTC(2024, 5, 1, 9)
const at = (s: number) => new Date(START + s * 1000)
const ms = (s: number) => START + s * 1000
const SEMICIRCLES = 2 ** 31 / 180

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name]
  if (number === undefined) throw new Error(`no FIT message ${name}`)
  return number
}

/** A record at second `s` (`null`: undated); fields left out are not written. */
interface Rec {
  readonly s: number | null
  readonly lat?: number
  readonly lon?: number
  readonly heartRate?: number
  readonly cadence?: number
  readonly power?: number
  readonly temperature?: number
  readonly distanceM?: number
  /** Metres. */
  readonly ele?: number
  /** The record's own `speed`, m/s. */
  readonly speedMs?: number
}

interface Session {
  readonly start?: number
  readonly end: number
  readonly sport: NonNullable<SessionMesg['sport']>
  readonly subSport?: SessionMesg['subSport']
  readonly distanceM?: number
  readonly calories?: number
  readonly poolM?: number
  /** `total_elapsed_time`, `total_ascent` and `total_descent`. */
  readonly elapsedS?: number
  readonly ascentM?: number
  readonly descentM?: number
  /** `max_speed`, m/s. */
  readonly maxSpeedMs?: number
}

interface Activity {
  /** `file_id.type`; `null` writes no file_id. */
  readonly fileType?: FileIdMesg['type'] | null
  readonly records: readonly Rec[]
  /** Timer events in the order written: `[second, running]`. */
  readonly timers?: readonly (readonly [number, boolean])[]
  readonly laps?: readonly { readonly start: number; readonly end: number; readonly distanceM?: number; readonly lengths?: readonly [first: number, count: number] }[]
  /** A pool swim's lengths: `[start second, elapsed seconds (`null`: not written), type]`. */
  readonly lengths?: readonly (readonly [number, number | null, 'active' | 'idle'])[]
  /** Default: one cycling session from the first record to the last. */
  readonly sessions?: readonly Session[]
}

function fit({ fileType = 'activity', records, timers = [], laps = [], lengths = [], sessions }: Activity): Uint8Array {
  const encoder = new Encoder()
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  if (fileType !== null) write<FileIdMesg>({ mesgNum: mesgNum('FILE_ID'), type: fileType, manufacturer: 'development', timeCreated: at(0) })
  for (const [s, running] of timers) write<EventMesg>({ mesgNum: mesgNum('EVENT'), timestamp: at(s), event: 'timer', eventType: running ? 'start' : 'stopAll' })
  for (const { s, lat, lon, heartRate, cadence, power, temperature, distanceM, ele, speedMs } of records) {
    write<RecordMesg>({
      mesgNum: mesgNum('RECORD'),
      ...(s === null ? {} : { timestamp: at(s) }),
      ...(lat === undefined || lon === undefined ? {} : { positionLat: Math.round(lat * SEMICIRCLES), positionLong: Math.round(lon * SEMICIRCLES) }),
      ...(heartRate === undefined ? {} : { heartRate }),
      ...(cadence === undefined ? {} : { cadence }),
      ...(power === undefined ? {} : { power }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(distanceM === undefined ? {} : { distance: distanceM }),
      ...(ele === undefined ? {} : { altitude: ele }),
      ...(speedMs === undefined ? {} : { speed: speedMs }),
    })
  }
  lengths.forEach(([s, elapsed, lengthType], index) =>
    write<LengthMesg>({
      mesgNum: mesgNum('LENGTH'),
      messageIndex: index,
      timestamp: at(s + (elapsed ?? 0)),
      startTime: at(s),
      ...(elapsed === null ? {} : { totalElapsedTime: elapsed }),
      lengthType,
    }),
  )
  laps.forEach(({ start, end, distanceM, lengths: held }, index) =>
    write<LapMesg>({
      mesgNum: mesgNum('LAP'),
      messageIndex: index,
      timestamp: at(end),
      startTime: at(start),
      ...(distanceM === undefined ? {} : { totalDistance: distanceM }),
      ...(held === undefined ? {} : { firstLengthIndex: held[0], numLengths: held[1] }),
    }),
  )
  const first = records[0]?.s ?? 0
  const last = records[records.length - 1]?.s ?? 0
  for (const { start, end, sport, subSport, distanceM, calories, poolM, elapsedS, ascentM, descentM, maxSpeedMs } of sessions ?? [{ start: first, end: last, sport: 'cycling' }]) {
    write<SessionMesg>({
      mesgNum: mesgNum('SESSION'),
      timestamp: at(end),
      ...(start === undefined ? {} : { startTime: at(start) }),
      sport,
      ...(subSport === undefined ? {} : { subSport }),
      ...(distanceM === undefined ? {} : { totalDistance: distanceM }),
      ...(calories === undefined ? {} : { totalCalories: calories }),
      ...(poolM === undefined ? {} : { poolLength: poolM }),
      ...(elapsedS === undefined ? {} : { totalElapsedTime: elapsedS }),
      ...(ascentM === undefined ? {} : { totalAscent: ascentM }),
      ...(descentM === undefined ? {} : { totalDescent: descentM }),
      ...(maxSpeedMs === undefined ? {} : { maxSpeed: maxSpeedMs }),
    })
  }
  return encoder.close()
}

/** Records at each of `seconds`, 10 m apart along a parallel (positions unless `indoor`). */
const along = (seconds: readonly number[], extra: (s: number) => Partial<Rec> = () => ({})): Rec[] =>
  seconds.map((s) => ({ s, lat: 45, lon: 6 + s * 1e-4, ...extra(s) }))
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

const segmentsOf = (track: Track): readonly TrackSegment[] => track.tracks.flatMap((part) => part.segments)
/** Each segment's record times, in seconds from the start (`null` for a forgotten time). */
const secondsOf = (track: Track): (number | null)[][] =>
  segmentsOf(track).map((segment) => Array.from(segment.time, (time) => (Number.isNaN(time) ? null : (time - START) / 1000)))
const column = (values: Float64Array | null | undefined): (number | null)[] | null => (values ? Array.from(values, (v) => (Number.isNaN(v) ? null : v)) : null)
const only = (activity: Activity): Track => singleActivity(importFitBytes(fit(activity)))

describe('FIT importer rules', () => {
  describe('segments: a new one at the first record after a timer stop', () => {
    it('cuts at the first record after the stop: a record written while stopped begins the next run, one at the stop ends its own', () => {
      // Stopped at 4 s, started at 6 s: records 0–4 (4 written at the stop), then 5 (written while stopped) to 9.
      const track = only({ records: along(range(0, 9)), timers: [[0, true], [4, false], [6, true]] })
      expect(secondsOf(track)).toEqual([range(0, 4), range(5, 9)])
    })

    it('takes the timer events in time order, whatever their order in the file', () => {
      const track = only({ records: along(range(0, 9)), timers: [[6, true], [0, true], [4, false]] })
      expect(secondsOf(track)).toEqual([range(0, 4), range(5, 9)])
    })

    it('a stop never followed by a start still ends its run; a start without a stop before it cuts nothing', () => {
      expect(secondsOf(only({ records: along(range(0, 9)), timers: [[0, true], [7, false]] }))).toEqual([range(0, 7), [8, 9]])
      expect(secondsOf(only({ records: along(range(0, 9)), timers: [[0, true], [3, true], [6, true]] }))).toEqual([range(0, 9)])
    })

    it('a stop and a restart between the same two records cut once, so do two stops; two pauses give three segments', () => {
      const seconds = [0, 1, 2, 10, 11, 12, 20, 21]
      const track = only({ records: along(seconds), timers: [[0, true], [3, false], [9, true], [13, false], [15, true], [16, false], [19, true]] })
      expect(secondsOf(track)).toEqual([[0, 1, 2], [10, 11, 12], [20, 21]])
    })

    it("an auto-pause's drift while parked adds no distance: the record written before the restart is not joined to the run before", () => {
      // A parked rider's GPS drifts 50 m during a 60 s auto-pause; the device writes a record 1 s before its start event.
      const records: Rec[] = [...along(range(0, 4)), { s: 64, lat: 45.00045, lon: 6.0004 }, { s: 65, lat: 45.00045, lon: 6.0004 }]
      const track = only({ records, timers: [[0, true], [4, false], [65, true]] })
      expect(secondsOf(track)).toEqual([range(0, 4), [64, 65]])
      // Records 0–4 step 1e-4° along the parallel at 45° N, 7.87 m each (by hand); the 50 m across the pause count nothing.
      expect((analyseTrack(track).workout.distanceKm ?? 0) * 1000).toBeCloseTo(31.5, 0)
    })
  })
})

describe('FIT importer rules: sessions', () => {
  it('gives each record to the last session begun at or before it, sessions taken by start time whatever their file order', () => {
    const sessions: Session[] = [
      { start: 20, end: 29, sport: 'cycling' },
      { start: 0, end: 9, sport: 'swimming' },
      { start: 10, end: 19, sport: 'transition' },
    ]
    const activities = importFitBytes(fit({ records: along(range(0, 29)), sessions })).activities
    expect(activities.map((activity) => [activity.sport, secondsOf(activity).flat()])).toEqual([
      ['swimming', range(0, 9)],
      ['transition', range(10, 19)],
      ['cycling', range(20, 29)],
    ])
  })

  it('records before the first session belong to it; a session without a start comes last', () => {
    const sessions: Session[] = [{ end: 40, sport: 'running' }, { start: 5, end: 9, sport: 'swimming' }, { start: 10, end: 19, sport: 'cycling' }]
    const activities = importFitBytes(fit({ records: along(range(0, 19)), sessions })).activities
    // The session without a start gets no record: records go forward only, to sessions with a start.
    expect(activities.map((activity) => [activity.sport, secondsOf(activity).flat()])).toEqual([
      ['swimming', range(0, 9)],
      ['cycling', range(10, 19)],
    ])
  })

  it('a record whose clock steps back stays in the session it is in', () => {
    const seconds = [0, 1, 2, 3, 10, 11, 4, 12]
    const sessions: Session[] = [{ start: 0, end: 9, sport: 'swimming' }, { start: 10, end: 19, sport: 'cycling' }]
    const activities = importFitBytes(fit({ records: along(seconds), sessions })).activities
    expect(activities.map((activity) => secondsOf(activity).flat())).toEqual([[0, 1, 2, 3], [10, 11, 4, 12]])
  })

  it('a session of one record is left out; a file of nothing else has no points', () => {
    const sessions: Session[] = [{ start: 0, end: 4, sport: 'swimming' }, { start: 5, end: 5, sport: 'transition' }, { start: 6, end: 9, sport: 'cycling' }]
    const activities = importFitBytes(fit({ records: along(range(0, 9)), sessions })).activities
    expect(activities.map((activity) => [activity.sport, secondsOf(activity).flat()])).toEqual([
      ['swimming', range(0, 4)],
      ['cycling', range(6, 9)],
    ])
    // Two records, each a session of its own.
    const lone: Session[] = [{ start: 0, end: 0, sport: 'swimming' }, { start: 5, end: 5, sport: 'cycling' }]
    expect(codeOf(() => importFitBytes(fit({ records: along([0, 5]), sessions: lone })))).toBe('track_no_points')
    // Exactly two records make a session.
    expect(secondsOf(singleActivity(importFitBytes(fit({ records: along([0, 5]) }))))).toEqual([[0, 5]])
  })

  it("cuts each leg at its own pauses, in time order, and gives no leg an empty segment", () => {
    // A swim 0–9 s, then a run 10–29 s paused from 15 to 20 s: the run's pause cut comes after the legs' cut at 10 s.
    const sessions: Session[] = [{ start: 0, end: 9, sport: 'swimming' }, { start: 10, end: 29, sport: 'running' }]
    const records = along([...range(0, 14), ...range(20, 29)])
    const activities = importFitBytes(fit({ records, timers: [[0, true], [15, false], [20, true]], sessions })).activities
    expect(activities.map((activity) => secondsOf(activity))).toEqual([[range(0, 9)], [range(10, 14), range(20, 29)]])
  })

  it("takes the session's sport, sub-sport and calories (none when it states none)", () => {
    const track = only({ records: along(range(0, 3)), sessions: [{ start: 0, end: 3, sport: 'running', subSport: 'trail', calories: 321 }] })
    expect([track.sport, track.subSport, track.calories, track.format, track.name, track.description]).toEqual(['running', 'trail', 321, 'fit', null, null])
    const bare = only({ records: along(range(0, 3)), sessions: [{ start: 0, end: 3, sport: 'running' }] })
    expect([bare.subSport, bare.calories]).toEqual([null, null])
  })
})

describe('FIT importer rules: record times outside the sessions', () => {
  // A ride of 0–100 s; the records at `late` seconds are stamped later than its end.
  const ride = (late: readonly number[], sessions?: readonly Session[]) =>
    only({ records: along([...range(0, 9).map((i) => i * 10), 100, ...late]), ...(sessions ? { sessions } : { sessions: [{ start: 0, end: 100, sport: 'cycling' }] }) })
  const lastTimes = (track: Track, n: number) => secondsOf(track).flat().slice(-n)

  it('forgets the time of a record stamped more than an hour after the end of every session, keeping the record', () => {
    const track = ride([100 + 3_601, 100 + 3_600])
    expect(lastTimes(track, 2)).toEqual([null, 3_700])
    expect(segmentsOf(track).reduce((sum, segment) => sum + segment.size, 0)).toBe(13)
  })

  it('and more than an hour before the start of every session', () => {
    const early = only({ records: along([-3_601, -3_600, ...range(0, 9)]), sessions: [{ start: 0, end: 9, sport: 'running' }] })
    expect(secondsOf(early).flat()).toEqual([null, -3_600, ...range(0, 9)])
  })

  it('spans every session: a record between two sessions, or within an hour of the last, keeps its time', () => {
    const sessions: Session[] = [{ start: 0, end: 50, sport: 'running' }, { start: 60, end: 100, sport: 'cycling' }]
    const activities = importFitBytes(fit({ records: along([...range(0, 9).map((i) => i * 10), 100, 3_700, 3_701]), sessions })).activities
    expect(activities.map((activity) => secondsOf(activity).flat())).toEqual([[0, 10, 20, 30, 40, 50], [60, 70, 80, 90, 100, 3_700, null]])
  })

  it('spans from the earliest session start: a short first leg hours before the next keeps its times', () => {
    const sessions: Session[] = [{ start: 0, end: 1, sport: 'running' }, { start: 7_200, end: 7_220, sport: 'cycling' }]
    const activities = importFitBytes(fit({ records: along([0, 1, ...range(7_200, 7_220)]), sessions })).activities
    expect(activities.map((activity) => secondsOf(activity).flat())).toEqual([[0, 1], range(7_200, 7_220)])
  })

  it('believes the records when half of them or more lie outside the sessions', () => {
    // 4 records, 2 outside: the sessions are what is wrong.
    const half = only({ records: along([0, 1, 7_200, 7_201]), sessions: [{ start: 0, end: 1, sport: 'running' }] })
    expect(secondsOf(half).flat()).toEqual([0, 1, 7_200, 7_201])
    // 5 records, 2 outside: the two are.
    const fewer = only({ records: along([0, 1, 2, 7_200, 7_201]), sessions: [{ start: 0, end: 2, sport: 'running' }] })
    expect(secondsOf(fewer).flat()).toEqual([0, 1, 2, null, null])
  })

  it('trusts a session of no duration, stamped at its start', () => {
    expect(secondsOf(only({ records: along([0, 1, 2, 7_200]), sessions: [{ start: 0, end: 0, sport: 'running' }] })).flat()).toEqual([0, 1, 2, null])
  })

  it('trusts no session whose end comes before its start, and none without a start', () => {
    // Stamped 30 s, started 60 s: no span to judge by.
    expect(secondsOf(only({ records: along([0, 1, 2, 7_200]), sessions: [{ start: 60, end: 30, sport: 'running' }] })).flat()).toEqual([0, 1, 2, 7_200])
    expect(secondsOf(only({ records: along([0, 1, 2, 7_200]), sessions: [{ end: 2, sport: 'running' }] })).flat()).toEqual([0, 1, 2, 7_200])
  })
})

describe('FIT importer rules: laps', () => {
  it("keeps the laps that overlap the session's records, by their start and end", () => {
    const laps = [
      { start: -100, end: -50 },
      // Ends at the first record: before it, not over it.
      { start: -50, end: 0 },
      { start: -1, end: 10 },
      { start: 10, end: 20 },
      // Starts at the last record.
      { start: 30, end: 40 },
      { start: 31, end: 40 },
      // Ends before it starts.
      { start: 25, end: 15 },
    ]
    const track = only({ records: along(range(0, 30)), laps })
    expect(track.laps).toEqual([
      { startTime: ms(-1), endTime: ms(10) },
      { startTime: ms(10), endTime: ms(20) },
      { startTime: ms(30), endTime: ms(40) },
    ])
  })

  it('a session without laps has none', () => {
    expect(only({ records: along(range(0, 3)) }).laps).toBeUndefined()
  })
})

describe('FIT importer rules: values', () => {
  it('drops a position off the globe and a sensor value out of its range, keeping the rest of the record', () => {
    const records: Rec[] = [
      { s: 0, lat: 45, lon: 6, heartRate: 1, cadence: 0, power: 0, temperature: -90 },
      // Both coordinates go with a latitude past the pole (32-bit semicircles reach ±180°).
      { s: 1, lat: 90.5, lon: 6.001, heartRate: 0, cadence: 254, power: 5_001, temperature: 91 },
      { s: 2, lat: 90, lon: 179.5, heartRate: 250, cadence: 200, power: 5_000, temperature: 90 },
      { s: 3, lat: -90, lon: -180, temperature: -91 },
      { s: 4, lat: -90.5, lon: 7 },
    ]
    const [segment] = segmentsOf(only({ records }))
    expect(column(segment?.lat)).toEqual([45, null, 90, -90, null])
    expect(column(segment?.lon)).toEqual([expect.closeTo(6, 6), null, expect.closeTo(179.5, 6), -180, null])
    expect(column(segment?.heartRate)).toEqual([1, null, 250, null, null])
    expect(column(segment?.cadence)).toEqual([0, 254, 200, null, null])
    expect(column(segment?.power)).toEqual([0, null, 5_000, null, null])
    expect(column(segment?.temperature)).toEqual([-90, null, 90, null, null])
  })
})

describe("FIT importer rules: the device's distance", () => {
  const indoor = (seconds: readonly number[]): Rec[] => seconds.map((s) => ({ s, heartRate: 120 }))
  const distances = (track: Track) => segmentsOf(track).map((segment) => column(segment.recordedDistance))

  it("shares a session's total among the segments by their durations when no lap states a distance", () => {
    // Segments of 100 s and 300 s (paused 100–200 s): 1,000 m and 3,000 m of the 4,000.
    const track = only({
      records: indoor([0, 50, 100, 200, 350, 500]),
      timers: [[0, true], [150, false], [200, true]],
      laps: [{ start: 0, end: 500 }],
      sessions: [{ start: 0, end: 500, sport: 'running', subSport: 'treadmill', distanceM: 4_000 }],
    })
    expect(distances(track)).toEqual([[0, 500, 1_000], [1_000, 2_500, 4_000]])
  })

  it('leaves out a segment of a single record, which has no duration to share', () => {
    const track = only({
      records: indoor([0, 100, 200, 300, 400]),
      timers: [[0, true], [150, false], [200, true], [250, false], [300, true], [350, false], [400, true]],
      sessions: [{ start: 0, end: 400, sport: 'running', distanceM: 1_000 }],
    })
    // Four segments: 0–100, 200, 300, 400; only the first lasts.
    expect(distances(track)).toEqual([[0, 1_000], [1_000], [1_000], [1_000]])
  })

  it("takes the laps' distances over the session's once a lap states one", () => {
    const track = only({
      records: indoor([0, 50, 100, 150, 200]),
      laps: [{ start: 0, end: 100, distanceM: 300 }, { start: 100, end: 200 }],
      sessions: [{ start: 0, end: 200, sport: 'running', distanceM: 5_000 }],
    })
    expect(distances(track)).toEqual([[0, 150, 300, 300, 300]])
  })

  it("a virtual or indoor ride takes the device's distance, not its fixes'; so does a swim, a snorkel or a dive stating one", () => {
    const records = along(range(0, 4), (s) => ({ distanceM: s * 100 }))
    const inWater = [['swimming', 'openWater'], ['snorkeling', undefined], ['diving', 'apneaDiving'], ['diving', undefined]] as const
    for (const [sport, subSport] of [['cycling', 'virtualActivity'], ['cycling', 'indoorCycling'], ...inWater] as const) {
      const track = only({ records, sessions: [{ start: 0, end: 4, sport, ...(subSport ? { subSport } : {}) }] })
      expect([sport, track.distanceFromDevice, distances(track)]).toEqual([sport, true, [[0, 100, 200, 300, 400]]])
    }
    // A road ride's fixes measure it.
    expect(only({ records, sessions: [{ start: 0, end: 4, sport: 'cycling', subSport: 'road' }] }).distanceFromDevice).toBeUndefined()
  })

  it("a swim named by its sub-sport alone (a 310XT's sport generic, sub-sport open water) takes the device's distance; a swim-to-bike transition does not", () => {
    const records = along(range(0, 4), (s) => ({ distanceM: s * 100 }))
    for (const subSport of ['openWater', 'lapSwimming'] as const) {
      const track = only({ records, sessions: [{ start: 0, end: 4, sport: 'generic', subSport }] })
      expect([subSport, track.distanceFromDevice, distances(track)]).toEqual([subSport, true, [[0, 100, 200, 300, 400]]])
    }
    for (const [sport, subSport] of [['generic', 'generic'], ['transition', 'swimToBikeTransition']] as const) {
      expect(only({ records, sessions: [{ start: 0, end: 4, sport, subSport }] }).distanceFromDevice).toBeUndefined()
    }
  })

  it("spans each segment from its earliest to its latest record when sharing the session's total, whatever their order", () => {
    // The clock steps back at the third record: the first segment still spans 0–100 s, as the second spans 200–300 s.
    const track = only({
      records: indoor([0, 100, 50, 200, 300]),
      timers: [[0, true], [150, false], [200, true]],
      sessions: [{ start: 0, end: 300, sport: 'running', subSport: 'treadmill', distanceM: 4_000 }],
    })
    expect(distances(track)).toEqual([[0, 2_000, 1_000], [2_000, 4_000]])
  })

  it("a virtual ride with the game's positions whose session alone states a distance takes the session's", () => {
    const track = only({ records: along(range(0, 4)), sessions: [{ start: 0, end: 4, sport: 'cycling', subSport: 'virtualActivity', distanceM: 1_000 }] })
    expect([track.distanceFromDevice, distances(track)]).toEqual([true, [[0, 250, 500, 750, 1_000]]])
  })

  it("a swim whose watch states a distance in one of its segments takes the device's", () => {
    // Paused 5–10 s; the second segment's records carry no distance.
    const records = [...along(range(0, 4), (s) => ({ distanceM: s * 100 })), ...along(range(10, 14))]
    const track = only({ records, timers: [[0, true], [5, false], [10, true]], sessions: [{ start: 0, end: 14, sport: 'swimming', subSport: 'openWater' }] })
    expect([track.distanceFromDevice, distances(track)[0]]).toEqual([true, [0, 100, 200, 300, 400]])
  })

  it('a swim whose watch states no distance, or 0 m throughout, is measured by its fixes; a virtual ride never is', () => {
    const unstated = only({ records: along(range(0, 4)), sessions: [{ start: 0, end: 4, sport: 'swimming', subSport: 'openWater' }] })
    expect([unstated.distanceFromDevice, distances(unstated)]).toEqual([undefined, [null]])
    const zero = only({ records: along(range(0, 4), () => ({ distanceM: 0 })), sessions: [{ start: 0, end: 4, sport: 'swimming', subSport: 'openWater' }] })
    expect(zero.distanceFromDevice).toBeUndefined()
    const game = only({ records: along(range(0, 4)), sessions: [{ start: 0, end: 4, sport: 'cycling', subSport: 'virtualActivity' }] })
    expect(game.distanceFromDevice).toBe(true)
  })
})

describe('FIT importer rules: pool swims', () => {
  const pool = (end: number): Session[] => [{ start: 0, end, sport: 'swimming', subSport: 'lapSwimming', poolM: 25 }]
  const moments = (track: Track) => segmentsOf(track).map((segment) => [secondsOf({ ...track, tracks: [{ name: null, description: null, segments: [segment] }] }).flat(), column(segment.recordedDistance)])

  it('tells a swim whose records are undated by its lengths: a moment at each start and end, an idle length adding no metres', () => {
    // The second length starts at 20 s by its start (written to the second), 20.5 s by the end of the one before it.
    const lengths = [[0, 20.5, 'active'], [20, 21, 'active'], [41, 30, 'idle'], [71, 22, 'active']] as const
    const track = only({ records: [{ s: null, distanceM: 25 }, { s: null, distanceM: 50 }], lengths, sessions: pool(93) })
    expect(moments(track)).toEqual([[[0, 20.5, 20.5, 41, 41, 71, 71, 93], [0, 25, 25, 50, 50, 50, 50, 75]]])
  })

  it('never starts a length after it ends; without a pool length such a swim has no points', () => {
    const lengths = [[0, 30, 'active'], [10, 5, 'active']] as const
    const track = only({ records: [{ s: null, heartRate: 120 }], lengths, sessions: pool(30) })
    expect(secondsOf(track)).toEqual([[0, 30, 15, 15]])
    expect(codeOf(() => importFitBytes(fit({ records: [{ s: null, heartRate: 120 }], lengths, sessions: [{ start: 0, end: 30, sport: 'swimming' }] })))).toBe('track_no_points')
  })

  it('a swim ends with its last length when that ends after its last record, within the session', () => {
    // Records at 0, 20 and 40 s (the last written at the stop); the second length ends at 41.1 s, the session at 45 s.
    const lengths = [[0, 20, 'active'], [20, 21.1, 'active']] as const
    const records = [0, 20, 40].map((s, i) => ({ s, distanceM: i * 25 }))
    expect(moments(only({ records, lengths, sessions: pool(45) }))).toEqual([[[0, 20, 40, 41.1], [0, 25, 50, 50]]])
    // The end's counter stands where the last reading left it, a last record without one being no reading.
    const unread = [...records.slice(0, 2), { s: 40 }]
    expect(moments(only({ records: unread, lengths, sessions: pool(45) }))).toEqual([[[0, 20, 40, 41.1], [0, 25, null, 25]]])
    // A length ending after its session, or before the last record: the swim ends at its last record.
    expect(secondsOf(only({ records, lengths, sessions: pool(41) }))).toEqual([[0, 20, 40]])
    expect(secondsOf(only({ records, lengths: [[0, 20, 'active'], [20, 19, 'active']], sessions: pool(45) }))).toEqual([[0, 20, 40]])
    // A length ending at the last record adds no moment; one begun after it (41 s) is not one the swim's records reached.
    expect(secondsOf(only({ records, lengths: [[0, 20, 'active'], [20, 20, 'active'], [41, 1, 'active']], sessions: pool(45) }))).toEqual([[0, 20, 40]])
  })

  it('a lap holds the lengths it names, else those begun at or after its start; the rest between two laps is never negative', () => {
    // Lap 1 names lengths 0–1; lap 2 names none, begun at 50 s as length 2 is. Length 3 starts 1 s before length 2 ends.
    const lengths = [[0, 20, 'active'], [20, 20, 'active'], [50, 20, 'active'], [69, 20, 'active']] as const
    const records = [0, 20, 40, 50, 70, 89].map((s, i) => ({ s, distanceM: [0, 25, 50, 50, 75, 100][i] ?? 0 }))
    const laps = [{ start: 0, end: 40, lengths: [0, 2] as const }, { start: 50, end: 89 }]
    const track = only({ records, lengths, laps, sessions: pool(89) })
    expect(track.laps?.map(({ startTime, endTime, distanceM, restMs }) => [(startTime - START) / 1000, (endTime - START) / 1000, distanceM, restMs])).toEqual([
      [0, 40, 50, 10_000],
      [50, 89, 50, undefined],
    ])
    // A lap whose length starts a second before the last length of the lap before it ends: no rest, not −1 s.
    const overlapping = only({
      records: [0, 20, 39].map((s, i) => ({ s, distanceM: i * 25 })),
      lengths: [[0, 20, 'active'], [19, 20, 'active']],
      laps: [{ start: 0, end: 20, lengths: [0, 1] }, { start: 19, end: 39, lengths: [1, 1] }],
      sessions: pool(39),
    })
    expect(overlapping.laps?.map(({ distanceM, restMs }) => [distanceM, restMs])).toEqual([[25, 0], [25, undefined]])
  })
  const poolLapsOf = (track: Track) =>
    track.laps?.map(({ startTime, endTime, distanceM, restMs }) => [(startTime - START) / 1000, (endTime - START) / 1000, distanceM, restMs])
  const dated = (seconds: readonly number[]): Rec[] => seconds.map((s, i) => ({ s, distanceM: i * 25 }))
  const contiguous = (starts: readonly number[]) => starts.map((s) => [s, 20, 'active'] as const)

  it("takes the lengths overlapping the leg, from the session's start to its last record, whatever their order in the file", () => {
    // Session and records from 10 s to 50 s. Written out of order: a length ending at the session's start (out),
    // two within, one starting at the last record (in), one after it (out).
    const lengths = [[50, 20, 'active'], [10, 20, 'active'], [71, 20, 'active'], [30, 20, 'active'], [0, 10, 'active']] as const
    const track = only({ records: dated([10, 30, 50]), lengths, sessions: [{ start: 10, end: 50, sport: 'swimming', subSport: 'lapSwimming', poolM: 25 }] })
    // One lap (no device lap), 10–70 s: three lengths of 25 m.
    expect(poolLapsOf(track)).toEqual([[10, 70, 75, undefined]])
  })

  it('a length at the swim speed limit is swum; faster, or of no time, it is a rest; one without a time is not a length', () => {
    // A 30 m pool: 30 m in 10 s is 3 m/s, the limit; in 9.999 s it is faster.
    const lengths = [[0, 10, 'active'], [10, 9.999, 'active'], [20, 10, 'active'], [30, 0, 'active'], [30, 10, 'active'], [40, null, 'active'], [40, 10, 'active']] as const
    const track = only({ records: dated([0, 10, 20, 30, 40, 50]), lengths, sessions: [{ start: 0, end: 50, sport: 'swimming', subSport: 'lapSwimming', poolM: 30 }] })
    // 0–10 s swum, 10–20 s a rest, 20–30 s swum, a rest of no time at 30 s, then 30–40 and 40–50 s swum in one run.
    expect(poolLapsOf(track)).toEqual([
      [0, 10, 30, 10_000],
      [20, 30, 30, 0],
      [30, 50, 60, undefined],
    ])
  })

  it('a length no lap names belongs to the last lap begun at or before its start', () => {
    // Three laps of 40 s, two lengths each; only the third lap names its lengths (4 and 5).
    const track = only({
      records: dated([0, 40, 80, 120]),
      lengths: contiguous([0, 20, 40, 60, 80, 100]),
      laps: [{ start: 0, end: 40 }, { start: 40, end: 80 }, { start: 80, end: 120, lengths: [4, 2] }],
      sessions: pool(120),
    })
    expect(poolLapsOf(track)).toEqual([
      [0, 40, 50, 0],
      [40, 80, 50, 0],
      [80, 120, 50, undefined],
    ])
  })

  it('the first lap holds the lengths it names even when the next lap is stamped as begun before one of them', () => {
    // Lap 2 is stamped at 20 s, the start of length 1, which lap 1 names.
    const track = only({
      records: dated([0, 40, 80]),
      lengths: contiguous([0, 20, 40, 60]),
      laps: [{ start: 0, end: 40, lengths: [0, 2] }, { start: 20, end: 80, lengths: [2, 2] }],
      sessions: pool(80),
    })
    expect(poolLapsOf(track)).toEqual([
      [0, 40, 50, 0],
      [40, 80, 50, undefined],
    ])
  })

  it('a pool swim without lengths, or without a pool length, keeps the laps its device wrote', () => {
    const laps = [{ start: 0, end: 40 }, { start: 40, end: 80 }]
    const deviceLaps = [[0, 40, undefined, undefined], [40, 80, undefined, undefined]]
    expect(poolLapsOf(only({ records: dated([0, 40, 80]), laps, sessions: pool(80) }))).toEqual(deviceLaps)
    for (const poolM of [0, undefined]) {
      const track = only({ records: dated([0, 40, 80]), lengths: contiguous([0, 20, 40, 60]), laps, sessions: [{ start: 0, end: 80, sport: 'swimming', ...(poolM === undefined ? {} : { poolM }) }] })
      expect([poolM, poolLapsOf(track)]).toEqual([poolM, deviceLaps])
    }
  })

  it('undated records: the lengths are taken in time order, one without a time left out', () => {
    const lengths = [[30, 20, 'active'], [15, null, 'active'], [0, 20, 'active']] as const
    const track = only({ records: [{ s: null, heartRate: 120 }], lengths, sessions: pool(50) })
    expect(moments(track)).toEqual([[[0, 20, 30, 50], [0, 25, 25, 50]]])
  })

  it('undated records: a pause cuts at the start of the length the timer restarted in', () => {
    // Moments 0, 20 | 30, 50 | 60, 80, 90, 110: restarted at 30 s as length 2 begins, and at 65 s, 5 s into length 3.
    const track = only({
      records: [{ s: null, heartRate: 120 }],
      lengths: contiguous([0, 30, 60, 90]),
      timers: [[0, true], [20, false], [30, true], [50, false], [65, true]],
      sessions: pool(110),
    })
    expect(secondsOf(track)).toEqual([[0, 20], [30, 50], [60, 80, 90, 110]])
  })
})

describe('FIT importer: what a file must be', () => {
  it('refuses a file whose file_id names another type than an activity, and reads one without file_id as an activity', () => {
    expect(codeOf(() => importFitBytes(fit({ fileType: 'course', records: along(range(0, 3)) })))).toBe('fit_not_activity')
    expect(secondsOf(only({ fileType: null, records: along(range(0, 3)) }))).toEqual([range(0, 3)])
    const detailOf = (bytes: Uint8Array): string | undefined => {
      try {
        importFitBytes(bytes)
        return undefined
      } catch (error) {
        return isAppError(error) ? `${error.code}: ${error.detail ?? ''}` : String(error)
      }
    }
    expect(detailOf(fit({ fileType: 'course', records: along(range(0, 3)) }))).toBe('fit_not_activity: file type course')
    const lone: Session[] = [{ start: 0, end: 0, sport: 'swimming' }, { start: 5, end: 5, sport: 'cycling' }]
    expect(detailOf(fit({ records: along([0, 5]), sessions: lone }))).toBe('track_no_points: no FIT session with two records')
  })

  it('keeps a damaged end with a warning when two records were read before it, and refuses it with fewer', () => {
    const damaged = (bytes: Uint8Array): Uint8Array => {
      const copy = Uint8Array.from(bytes)
      copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff
      return copy
    }
    const two = importFitBytes(damaged(fit({ records: along([0, 1]) })))
    expect([two.warnings, secondsOf(singleActivity(two))]).toEqual([[{ code: 'fit_tail_damaged', recordsRead: 2 }], [[0, 1]]])
    expect(codeOf(() => importFitBytes(damaged(fit({ records: along([0]) }))))).toBe('fit_corrupt')
    expect(importFitBytes(fit({ records: along([0, 1]) })).warnings).toEqual([])
  })
})

describe('FIT importer rules: a clock that jumps, the device\'s own climb', () => {
  // 20 days: a Forerunner 225's clock leapt that far between two records of a run and stayed there.
  const LEAP_S = 1_728_000
  const leapt = [...range(0, 59), ...range(LEAP_S + 60, LEAP_S + 119)]

  it('moves the records after a leap back when the session ends further from its start than its elapsed time by over an hour', () => {
    // The session ran 120 s (elapsed) but ends LEAP_S + 119 s after it started: the step of LEAP_S + 1 s holds the leap.
    const track = only({ records: along(leapt), timers: [[0, true]], sessions: [{ start: 0, end: LEAP_S + 119, sport: 'running', elapsedS: 120 }] })
    // LEAP_S + 119 − 120 = LEAP_S − 1 s back: the second run of records starts at 61 s, the last one at 120 s.
    expect(secondsOf(track)).toEqual([[...range(0, 59), ...range(61, 120)]])
  })

  it('leaves a pause (the timer stopped across the step), an hour\'s difference or less, and a session without elapsed time as they are', () => {
    const paused = only({ records: along(leapt), timers: [[0, true], [59, false], [LEAP_S + 60, true]], sessions: [{ start: 0, end: LEAP_S + 119, sport: 'running', elapsedS: 120 }] })
    expect(secondsOf(paused)).toEqual([range(0, 59), range(LEAP_S + 60, LEAP_S + 119)])
    const hour = [...range(0, 59), ...range(3_660, 3_719)]
    expect(secondsOf(only({ records: along(hour), timers: [[0, true]], sessions: [{ start: 0, end: 3_719, sport: 'running', elapsedS: 120 }] }))).toEqual([hour])
    expect(secondsOf(only({ records: along(leapt), timers: [[0, true]], sessions: [{ start: 0, end: LEAP_S + 119, sport: 'running' }] }))).toEqual([leapt])
  })

  it("leaves out the records hours past what the session's elapsed time counts, when they measured nothing; keeps them when they did", () => {
    // A watch powered down after 60 s of surfing, then wrote a 2 s timer run 14,000 s later: heart rate only, no fix, no distance.
    const later = 14_000
    const blip = range(later, later + 2).map((s): Rec => ({ s, heartRate: 90 }))
    const session: Session = { start: 0, end: later + 80, sport: 'generic', elapsedS: 60 }
    const timers = [[0, true], [59, false], [later, true], [later + 2, false]] as const
    const durationOf = (records: readonly Rec[], ending = session) => analyseTrack(only({ records, timers, sessions: [ending] })).workout.durationS
    expect(durationOf([...along(range(0, 59)), ...blip])).toBe(59)
    // Also when the run's last record is the session's own end (a session is usually stamped with its last record).
    expect(durationOf([...along(range(0, 59)), ...blip], { ...session, end: later + 2 })).toBe(59)
    // Within an hour past the elapsed time, such records stay the workout's: a late last sample is no power cycle.
    const soon = range(3_600, 3_602).map((s): Rec => ({ s, heartRate: 90 }))
    expect(durationOf([...along(range(0, 59)), ...soon], { ...session, end: 3_602 })).toBe(3_602)
    // The same run with a fix, or with a distance, is part of the workout.
    expect(durationOf([...along(range(0, 59)), ...along(range(later, later + 2))])).toBe(later + 2)
    expect(durationOf([...along(range(0, 59)), ...blip.map((record) => ({ ...record, distanceM: 100 }))])).toBe(later + 2)
  })

  it('moves back a leap in each session of a multisport file, the second one found where the first one left its records', () => {
    // A run whose clock leaps LEAP_S, then a ride (stamped on the leapt clock) whose clock leaps 10 days more; each lasts 120 s.
    const second = 864_000
    const records = along([...leapt, ...range(LEAP_S + 120, LEAP_S + 179), ...range(LEAP_S + second + 180, LEAP_S + second + 239)])
    const sessions: Session[] = [
      { start: 0, end: LEAP_S + 119, sport: 'running', elapsedS: 120 },
      { start: LEAP_S + 120, end: LEAP_S + second + 239, sport: 'cycling', elapsedS: 120 },
    ]
    const activities = importFitBytes(fit({ records, timers: [[0, true]], sessions })).activities
    // The run's leap (LEAP_S − 1 s) brings the ride to 121 s; the ride's own (10 days − 1 s) is then found between 180 and 10 days + 181 s.
    expect(activities.map((activity) => [activity.sport, secondsOf(activity).flat()])).toEqual([
      ['running', [...range(0, 59), ...range(61, 120)]],
      ['cycling', [...range(121, 180), ...range(182, 241)]],
    ])
  })

  it('gives the workout the session\'s total_ascent and total_descent, and counts its own when the session states none or 0 m both ways', () => {
    // A steady climb of 5 m a second from 100 m: our counting gives its 50 m up, none down.
    const climb = along(range(0, 10), (s) => ({ ele: 100 + 5 * s }))
    const climbOf = (session: Partial<Session>) => {
      const { workout } = analyseTrack(only({ records: climb, sessions: [{ start: 0, end: 10, sport: 'running', ...session }] }))
      return [workout.ascentM, workout.descentM]
    }
    expect(climbOf({ ascentM: 12, descentM: 7 })).toEqual([12, 7])
    expect(climbOf({})).toEqual([50, 0])
    expect(climbOf({ ascentM: 0, descentM: 0 })).toEqual([50, 0])
    expect(climbOf({ ascentM: 0, descentM: 9 })).toEqual([0, 9])
  })

  describe('top speed: never above the fastest the device measured', () => {
    it("takes each session's maximum when it states one, else the fastest speed its own records state, else none", () => {
      const rowing = { start: 0, end: 9, sport: 'rowing' as const }
      expect(only({ records: along(range(0, 9), () => ({ speedMs: 5.2 })), sessions: [{ ...rowing, maxSpeedMs: 6 }] }).deviceMaxSpeedMs).toBe(6)
      expect(only({ records: along(range(0, 9), (s) => ({ speedMs: s === 4 ? 5.2 : 4 })), sessions: [rowing] }).deviceMaxSpeedMs).toBe(5.2)
      // A maximum of 0 states none; the fastest record may be the first.
      expect(only({ records: along(range(0, 9), (s) => ({ speedMs: s === 0 ? 5.2 : 4 })), sessions: [{ ...rowing, maxSpeedMs: 0 }] }).deviceMaxSpeedMs).toBe(5.2)
      expect(only({ records: along(range(0, 9), () => ({ speedMs: 0 })), sessions: [rowing] }).deviceMaxSpeedMs).toBeUndefined()
      expect(only({ records: along(range(0, 9)), sessions: [rowing] }).deviceMaxSpeedMs).toBeUndefined()
      // Two legs: each is held to its own records, not to the other's.
      const legs = importFitBytes(
        fit({
          records: along(range(0, 19), (s) => ({ speedMs: s < 10 ? 3 : 9 })),
          sessions: [
            { start: 0, end: 9, sport: 'running' },
            { start: 10, end: 19, sport: 'cycling' },
          ],
        }),
      )
      expect(legs.activities.map((leg) => leg.deviceMaxSpeedMs)).toEqual([3, 9])
    })

    it("a speed coach's whole-second times tops out at its records' speed, not at a 1.5 s step squeezed into 1 s", () => {
      // A boat at 5 m/s, sampled every 1.5 s and stamped to the whole second: 7.5 m steps, 1 s and 2 s
      // apart in turn (7.5 and 3.75 m/s); the records state 5.2 m/s at most, the session no maximum.
      const seconds = Array.from({ length: 41 }, (_, i) => Math.floor(i * 1.5))
      const records = seconds.map((s, i): Rec => ({ s, lat: 45, lon: 6 + (i * 7.5) / 78_715, speedMs: i === 20 ? 5.2 : 5 }))
      const { workout } = analyseTrack(only({ records, sessions: [{ start: 0, end: 60, sport: 'rowing' }] }), { stoppedSpeedThresholdKmh: 1 })
      expect(workout.maxSpeedKmh).toBeCloseTo(5.2 * 3.6, 6)
    })
  })
})
