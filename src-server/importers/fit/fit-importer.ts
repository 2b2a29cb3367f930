import { readFile } from 'node:fs/promises'
import { totalCalories, type ImportWarning, type Lap, type Track, type TrackSegment } from '../../../src/domain/track'
import { MAX_SWIM_SPEED_MS } from '../../../src/domain/analysis/plausibility'
import { withDeviceDistance, withMoment, type MeasuredLap } from '../../../src/domain/track-distance'
import { TrackFileError } from '../track-file-error'
import { SENSOR_RANGES, validPosition, withinRange } from '../values'
import { readFitActivity, type FitActivityData, type FitLap, type FitLength, type FitRecordColumns, type FitSession } from './fit-reader'

function finite(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
}

/**
 * Where segments start: at the first record after a timer stop (the athlete paused the recording,
 * or the device paused itself). A record written during the pause, before the timer starts again
 * (an auto-pause resuming writes one a second before its start event), begins the next run: joined
 * to the run before, its step would count the distance of the pause (GPS drift while parked: one
 * ride's 440 auto-pauses added 1.7 km). A stop written at a record's own time ends that record's run.
 */
function timerStarts(data: FitActivityData): number[] {
  const { records } = data
  const stops = data.timers.filter((timer) => !timer.running).map((timer) => timer.time).sort((a, b) => a - b)
  const starts = [0]
  let next = 0
  for (let i = 1; i < records.count; i++) {
    const before = records.time[i - 1] ?? Number.NaN
    const time = records.time[i] ?? Number.NaN
    // Stops before the previous record ended an earlier run; a record without a time cuts nothing.
    while (next < stops.length && (stops[next] ?? Number.NaN) < before) next += 1
    let stopped = false
    while (next < stops.length && (stops[next] ?? Number.NaN) < time) {
      stopped = true
      next += 1
    }
    if (stopped) starts.push(i)
  }
  return starts
}

/** `column[start, end)`, or `null` when it holds no value (the segment has no such sensor). */
function optionalColumn(column: Float64Array | null, start: number, end: number): Float64Array | null {
  if (column === null) return null
  for (let i = start; i < end; i++) if (!Number.isNaN(column[i] ?? Number.NaN)) return column.subarray(start, end)
  return null
}

/**
 * The session each record belongs to, as record ranges: `[firstRecord, sessionIndex]` pairs in
 * record order. Sessions are taken in start-time order; a record goes to the last session that
 * started at or before it, walking forward only, so a record whose clock steps back stays in the
 * current session (ranges stay contiguous). Records before the first session belong to it.
 */
function sessionRanges(data: FitActivityData, sessions: readonly FitSession[]): [number, number][] {
  const { records } = data
  const ranges: [number, number][] = [[0, 0]]
  let current = 0
  for (let i = 0; i < records.count; i++) {
    const time = records.time[i] ?? Number.NaN
    let next = current
    while (next + 1 < sessions.length && (sessions[next + 1]?.start ?? Number.NaN) <= time) next += 1
    if (next !== current) {
      current = next
      if (ranges[ranges.length - 1]?.[0] === i) ranges.pop()
      ranges.push([i, current])
    }
  }
  return ranges
}

/**
 * Cleans the decoded columns in place: positions off Earth and implausible sensor values become
 * missing, as `TrackSegmentBuilder` input would.
 */
function cleanRecords(data: FitActivityData): void {
  const { records } = data
  const n = records.count
  const { lat, lon, ele, heartRate, cadence, power, temperature, distance, speed } = records
  const [hrMin, hrMax] = SENSOR_RANGES.heartRate
  const [cadenceMin, cadenceMax] = SENSOR_RANGES.cadence
  const [powerMin, powerMax] = SENSOR_RANGES.power
  const [temperatureMin, temperatureMax] = SENSOR_RANGES.temperature
  for (let i = 0; i < n; i++) {
    const la = finite(lat[i])
    const lo = finite(lon[i])
    const hasPosition = validPosition(la, lo)
    lat[i] = hasPosition ? la : Number.NaN
    lon[i] = hasPosition ? lo : Number.NaN
    ele[i] = finite(ele[i])
    if (heartRate !== null) heartRate[i] = withinRange(finite(heartRate[i]), hrMin, hrMax)
    if (cadence !== null) cadence[i] = withinRange(finite(cadence[i]), cadenceMin, cadenceMax)
    if (power !== null) power[i] = withinRange(finite(power[i]), powerMin, powerMax)
    if (temperature !== null) temperature[i] = withinRange(finite(temperature[i]), temperatureMin, temperatureMax)
    if (distance !== null) distance[i] = finite(distance[i])
    if (speed !== null) speed[i] = finite(speed[i])
  }
}

/** How far outside its sessions' span a record's time is still believed, ms (a record written just after the session's end). */
const SESSION_MARGIN_MS = 3_600_000

/**
 * Forgets (sets to `NaN`) the time of a record stamped outside the span of every session by more than
 * {@link SESSION_MARGIN_MS}: a clock that jumped and came back (one GoldenCheetah ride's records 92–105 are
 * stamped 791 days ahead, the session lasts 7,057 s), which would otherwise stretch the workout over years and
 * move every later pause and lap. The sessions' start and end are the device's own account of when it ran; they
 * are trusted only when most records agree with them. The record keeps its position and sensors.
 */
function forgetTimesOutsideSessions(data: FitActivityData): void {
  const { records } = data
  // A session without a start or an end fails `end >= start` (`NaN`).
  const timed = data.sessions.filter((session) => session.end >= session.start)
  // Stryker disable next-line ConditionalExpression: without it, the span is empty and every record outside it, so all are believed anyway
  if (timed.length === 0) return
  const from = Math.min(...timed.map((session) => session.start)) - SESSION_MARGIN_MS
  const until = Math.max(...timed.map((session) => session.end)) + SESSION_MARGIN_MS
  const outside: number[] = []
  for (let i = 0; i < records.count; i++) {
    const time = records.time[i] ?? Number.NaN
    if (time < from || time > until) outside.push(i)
  }
  if (outside.length * 2 >= records.count) return
  for (const i of outside) records.time[i] = Number.NaN
}

/**
 * Forgets (sets to `NaN`) the times of the records that lie more than {@link SESSION_MARGIN_MS} past what their
 * session's `total_elapsed_time` counts, when none of them has a position or a distance: a Forerunner 910XT,
 * powered down after 2 h 39 min, wrote a 2 s timer run of three such records 3.9 h later, and its session still
 * says 9,577 s. They would stretch the workout by hours; a stretch that measured something is kept.
 */
function forgetUncountedTails(data: FitActivityData): void {
  const { time, lat, distance } = data.records
  for (const session of data.sessions) {
    // `NaN` (no start or no elapsed time) holds no record.
    const counted = session.start + session.elapsedMs + SESSION_MARGIN_MS
    const tail: number[] = []
    for (let i = 0; i < data.records.count; i++) {
      const at = time[i] ?? Number.NaN
      if (at > counted && at <= session.end) tail.push(i)
    }
    if (tail.some((i) => Number.isFinite(lat[i] ?? Number.NaN) || Number.isFinite(distance?.[i] ?? Number.NaN))) continue
    for (const i of tail) time[i] = Number.NaN
  }
}

/** How much longer a session's start-to-end span may be than its elapsed time before its clock is held to have jumped, ms. */
const CLOCK_JUMP_MS = 3_600_000

/** The largest step forward between consecutive records within `[from, until]` with no timer stop inside it: its later record's index, or -1. */
function largestRunningStep(data: FitActivityData, from: number, until: number): number {
  const { time } = data.records
  let best = -1
  let bestMs = 0
  for (let i = 1; i < data.records.count; i++) {
    const before = time[i - 1] ?? Number.NaN
    const after = time[i] ?? Number.NaN
    if (!(before >= from && after <= until && after - before > bestMs)) continue
    if (data.timers.some((timer) => !timer.running && timer.time >= before && timer.time < after)) continue
    best = i
    bestMs = after - before
  }
  return best
}

/**
 * A clock that jumped forward while the timer ran and stayed there (a Forerunner 225's run leaps 20
 * days between two of its records; its session lasts 3,389 s): the session's end then lies further
 * from its start than its `total_elapsed_time` (pauses included) by more than {@link CLOCK_JUMP_MS},
 * and one step between records with the timer running is at least that long. Every time from that
 * step on (records, timer events, laps, lengths, sessions) moves back by the difference, so the
 * workout lasts what the device says. A long pause is no jump: the timer stopped, and a session's
 * elapsed time counts it.
 */
function withoutClockJumps(data: FitActivityData): FitActivityData {
  let result = data
  // Each session as the jumps moved back before it stands now, so a later one's span holds its records.
  for (let index = 0; index < data.sessions.length; index++) {
    const session = result.sessions[index]
    if (!session) continue
    const excessMs = session.end - session.start - session.elapsedMs
    if (!(excessMs > CLOCK_JUMP_MS)) continue
    const step = largestRunningStep(result, session.start, session.end)
    const { time } = result.records
    const jumpAt = time[step] ?? Number.NaN
    if (!(jumpAt - (time[step - 1] ?? Number.NaN) >= excessMs)) continue
    const back = (t: number): number => (t >= jumpAt ? t - excessMs : t)
    time.forEach((t, i) => (time[i] = back(t)))
    result = {
      ...result,
      timers: result.timers.map((timer) => ({ ...timer, time: back(timer.time) })),
      sessions: result.sessions.map((other) => ({ ...other, start: back(other.start), end: back(other.end) })),
      laps: result.laps.map((lap) => ({ ...lap, start: back(lap.start), end: back(lap.end) })),
      lengths: result.lengths.map((length) => ({ ...length, start: back(length.start), end: back(length.end) })),
    }
  }
  return result
}

/**
 * Sub-sports that are swims whatever the session's sport says: a Forerunner 310XT writes its open-water swim as
 * sport `generic`, sub-sport `open_water` (its fixes add up to 894 m where it counted 383). Not a transition's
 * `swim_to_bike_transition`: that leg is run on land.
 */
const SWIM_SUB_SPORTS: ReadonlySet<string> = new Set(['lap_swimming', 'open_water'])

/** Whether a segment's device distance reads more than 0 somewhere. */
function statesDistance(segment: TrackSegment): boolean {
  return segment.recordedDistance?.some((value) => value > 0) === true
}

/** Records `[start, end)` as one segment: views on the cleaned columns, no copy per point. */
function segmentOf(data: FitActivityData, start: number, end: number): TrackSegment {
  const { lat, lon, ele, time, heartRate, cadence, power, temperature, distance, speed } = data.records
  return {
      size: end - start,
      lat: lat.subarray(start, end),
      lon: lon.subarray(start, end),
      ele: ele.subarray(start, end),
      time: time.subarray(start, end),
      heartRate: optionalColumn(heartRate, start, end),
      cadence: optionalColumn(cadence, start, end),
      power: optionalColumn(power, start, end),
      temperature: optionalColumn(temperature, start, end),
      recordedDistance: optionalColumn(distance, start, end),
      recordedSpeed: optionalColumn(speed, start, end),
  }
}

/**
 * The laps (with both times) that overlap `[first, last]`, the time span of an activity's records.
 * Overlap, not "start within": a watch starts its first lap a second before its first record.
 */
function lapsWithin(laps: readonly FitLap[], first: number, last: number): FitLap[] {
  return laps.filter((lap) => lap.end >= lap.start && lap.end > first && lap.start <= last)
}

/**
 * A pool swim whose records carry no timestamp (older Garmin swim watches write one per length,
 * undated) told by its lengths instead: a moment at each length's start and end, the distance
 * counter adding the session's pool length over each active length. `null` without a pool length.
 */
function recordsOfLengths(data: FitActivityData): FitRecordColumns | null {
  const poolM = data.sessions.find((session) => session.poolLengthM > 0)?.poolLengthM
  if (poolM === undefined) return null
  // No length with a time gives no record: refused as a file without records is.
  const lengths = data.lengths.filter((length) => length.end >= length.start).sort((a, b) => a.start - b.start)
  const count = lengths.length * 2
  const time = new Float64Array(count)
  const distance = new Float64Array(count)
  let swumM = 0
  let endedAt = Number.NEGATIVE_INFINITY
  lengths.forEach((length, i) => {
    // Starts are written to the second, ends to the millisecond: a length starts once the one before ended.
    time[2 * i] = Math.min(Math.max(length.start, endedAt), length.end)
    endedAt = length.end
    distance[2 * i] = swumM
    if (length.active) swumM += poolM
    time[2 * i + 1] = length.end
    distance[2 * i + 1] = swumM
  })
  const missing = (): Float64Array => new Float64Array(count).fill(Number.NaN)
  return { count, time, lat: missing(), lon: missing(), ele: missing(), heartRate: null, cadence: null, power: null, temperature: null, distance, speed: null }
}

/**
 * A pool swim's laps as its swimmer sees them, from its lengths: each run of active lengths within
 * one device lap is a lap of (active lengths × pool length) metres; the rests at the wall between
 * them (idle lengths, and the device's rest laps of 0 m) are not laps but the rest after the lap
 * before them. A length faster than {@link MAX_SWIM_SPEED_MS} is noise and counts as rest. `null`
 * when the activity is no pool swim with dated lengths.
 */
function poolLaps(lengths: readonly FitLength[], deviceLaps: readonly FitLap[], poolM: number, first: number, last: number): Lap[] | null {
  if (!(poolM > 0)) return null
  const within = lengths
    .map((length, index) => ({ ...length, index }))
    // A length without a time (`NaN` end) overlaps nothing.
    .filter((length) => length.end > first && length.start <= last)
    .sort((a, b) => a.start - b.start)
  if (within.length === 0) return null
  // The lap that names the length (its first_length_index and num_lengths) holds it; else the last lap
  // begun by its start. A watch may start a lap seconds after the first length it holds began.
  const lapOf = (length: { start: number; index: number }): number => {
    const named = deviceLaps.findIndex((lap) => length.index >= lap.firstLength && length.index < lap.firstLength + lap.lengthCount)
    return named >= 0 ? named : deviceLaps.findLastIndex((lap) => lap.start <= length.start)
  }
  const runs: { startTime: number; endTime: number; lengths: { startTime: number; endTime: number }[]; lap: number }[] = []
  // Stryker disable next-line BooleanLiteral: the first length finds no run to extend whatever this says
  let open = false
  for (const length of within) {
    // A length of no time is infinitely fast: a rest.
    const swum = length.active && poolM / ((length.end - length.start) / 1000) <= MAX_SWIM_SPEED_MS
    if (!swum) {
      open = false
      continue
    }
    const lap = lapOf(length)
    const run = runs.at(-1)
    const swumLength = { startTime: length.start, endTime: length.end }
    if (open && run && run.lap === lap) {
      run.endTime = length.end
      run.lengths.push(swumLength)
    } else runs.push({ startTime: length.start, endTime: length.end, lengths: [swumLength], lap })
    open = true
  }
  return runs.map((run, index) => {
    const next = runs[index + 1]
    const { startTime, endTime, lengths } = run
    return { startTime, endTime, distanceM: lengths.length * poolM, lengths, ...(next ? { restMs: Math.max(0, next.startTime - endTime) } : {}) }
  })
}

/**
 * The device's measured distances over an activity's time: its laps', or, when no lap states one,
 * its session's `total_distance` (a treadmill run whose watch writes neither distance records nor
 * lap distances) shared among the segments by their durations, so none of it falls in a pause.
 */
function measuredLaps(laps: readonly FitLap[], session: FitSession | undefined, segments: readonly TrackSegment[]): MeasuredLap[] {
  const measured = laps.map((lap) => ({ startTime: lap.start, endTime: lap.end, distanceM: lap.distanceM }))
  if (measured.some((lap) => lap.distanceM >= 0) || !session || !(session.distanceM >= 0)) return measured
  const spans = segments.flatMap((segment) => {
    let startTime = Number.POSITIVE_INFINITY
    let endTime = Number.NEGATIVE_INFINITY
    for (const time of segment.time) {
      if (time < startTime) startTime = time
      if (time > endTime) endTime = time
    }
    return endTime > startTime ? [{ startTime, endTime }] : []
  })
  const totalMs = spans.reduce((sum, span) => sum + span.endTime - span.startTime, 0)
  if (!(totalMs > 0)) return measured
  return spans.map((span) => ({ ...span, distanceM: (session.distanceM * (span.endTime - span.startTime)) / totalMs }))
}

/**
 * The session's own climb and drop (see `Track.deviceAscentM`), when it counted one: a session stating
 * 0 m both ways is a device that did not count (a TomTom ride whose altitude rises 320 m says so), not a flat one.
 */
function deviceClimb(session: FitSession | undefined): { deviceAscentM?: number; deviceDescentM?: number } {
  const ascentM = session?.ascentM ?? Number.NaN
  const descentM = session?.descentM ?? Number.NaN
  if (!(ascentM > 0 || descentM > 0)) return {}
  return { ...(ascentM >= 0 ? { deviceAscentM: ascentM } : {}), ...(descentM >= 0 ? { deviceDescentM: descentM } : {}) }
}

/**
 * When a swim's last length ends after its last record, the swim ends there: a watch may write its last
 * record when the timer stops, a second before the length it was in ends (a fenix 6's 1,100 m swim:
 * record 12:40:41, length 12:40:42.1), as its first record is written a length after the swim began.
 * The lengths are those begun from `from` (the swim's start) up to its last record and ending within the
 * session. The last segment gets a moment there: no position, the counter where it stood.
 */
function withSwimEnd(segments: TrackSegment[], lengths: readonly FitLength[], session: FitSession | undefined, from: number, lastTime: number): void {
  if (!session) return
  let end = Number.NEGATIVE_INFINITY
  for (const length of lengths) if (length.start >= from && length.start <= lastTime && length.end <= session.end && length.end > end) end = length.end
  const last = segments.at(-1)
  if (!(end > lastTime) || !last) return
  const counter = last.recordedDistance?.findLast((value) => !Number.isNaN(value)) ?? Number.NaN
  segments[segments.length - 1] = withMoment(last, 'end', end, counter)
}

/**
 * The fastest the device measured over records `[first, last)` (m/s, see `Track.deviceMaxSpeedMs`): its
 * session's maximum, else the fastest speed its records state. A rowing speed coach writes no maximum,
 * and its whole-second times on ~1.5 s sampling turn an 8 m step into 29 km/h where it measured 17.
 */
function deviceMaximum(session: FitSession | undefined, speed: Float64Array | null, first: number, last: number): { deviceMaxSpeedMs?: number } {
  if (session !== undefined && session.maxSpeedMs > 0) return { deviceMaxSpeedMs: session.maxSpeedMs }
  let fastest = 0
  for (let i = first; i < last; i++) {
    const value = speed?.[i] ?? 0
    if (value > fastest) fastest = value
  }
  return fastest > 0 ? { deviceMaxSpeedMs: fastest } : {}
}

/**
 * Turns decoded FIT data into activities, one per session (a multisport file gives one per leg,
 * transitions included), each cut into segments at timer pauses; sessions with fewer than two
 * records are left out. Library types stop here.
 */
export function activitiesOfFit(decoded: FitActivityData): Track[] {
  const lengthRecords = decoded.records.count === 0 ? recordsOfLengths(decoded) : null
  const data = withoutClockJumps(lengthRecords ? { ...decoded, records: lengthRecords } : decoded)
  const n = data.records.count
  if (data.fileType !== null && data.fileType !== 'activity') throw new TrackFileError('fit_not_activity', `file type ${data.fileType}`)
  if (n === 0) throw new TrackFileError('track_no_points', 'no FIT record with a timestamp')
  cleanRecords(data)
  forgetTimesOutsideSessions(data)
  forgetUncountedTails(data)
  // A file without positions or any distance (an indoor ride without a speed sensor) still imports
  // with its times and sensors: its distance is unknown (`null`), not refused and not made up.

  const sessions = [...data.sessions].sort((a, b) => (Number.isNaN(a.start) ? 1 : Number.isNaN(b.start) ? -1 : a.start - b.start))
  const ranges = sessionRanges(data, sessions)
  // A length is one stretch of swimming with its own start and end: a pause never falls inside it. A
  // watch may restart its timer seconds after the length it then writes began (one did 19 s late);
  // cutting there would squeeze the length's metres into its last seconds (17 km/h in a pool).
  const timerCuts = lengthRecords ? timerStarts(data).map((i) => i - (i % 2)) : timerStarts(data)
  const cuts = new Set([...timerCuts, ...ranges.map(([first]) => first)])
  const starts = [...cuts].sort((a, b) => a - b)
  const activities: Track[] = []
  for (const [r, [first, sessionIndex]] of ranges.entries()) {
    const last = ranges[r + 1]?.[0] ?? n
    const segments: TrackSegment[] = []
    for (const [s, start] of starts.entries()) {
      if (start < first || start >= last) continue
      segments.push(segmentOf(data, start, Math.min(starts[s + 1] ?? n, last)))
    }
    // A leg of a single record (a transition the athlete ran through within a second) cannot be
    // a workout: it is left out rather than making the whole file fail.
    if (last - first < 2) continue
    const session = sessions[sessionIndex]
    const firstTime = data.records.time[first] ?? Number.NaN
    const lastTime = data.records.time[last - 1] ?? Number.NaN
    const fitLaps = lapsWithin(data.laps, firstTime, lastTime)
    // From the session's start: a pool swim's first record is written when its first length ends.
    const swimFrom = Math.min(firstTime, Number.isFinite(session?.start) ? (session?.start ?? firstTime) : firstTime)
    const laps: Lap[] =
      poolLaps(data.lengths, fitLaps, session?.poolLengthM ?? Number.NaN, swimFrom, lastTime) ?? fitLaps.map((lap) => ({ startTime: lap.start, endTime: lap.end }))
    // Records made of the lengths already end with them.
    if (!lengthRecords) withSwimEnd(segments, data.lengths, session, swimFrom, lastTime)
    const measured = measuredLaps(fitLaps, session, segments)
    // A virtual ride's positions are the game's map (one file's add up to 68 km where the device says 15): the map, not the distance.
    // A swim's fixes wobble with every stroke as the watch dips under water (an open-water swim's add up to
    // 622 m where the watch, which filters them, says 501): the device's distance when it states one.
    // Snorkelling and diving too: their fixes come when the watch surfaces (15 over 35 min: 124 m where a Suunto says 75;
    // a Descent's apnea dives, 767 m where it says 633).
    // An indoor ride's fixes, if any, are not where the wheel turned (one trainer ride's add up to 6.6 km where it says 7.1).
    const virtual = session?.subSport === 'virtual_activity' || session?.subSport === 'indoor_cycling'
    const inWater = session?.sport === 'swimming' || session?.sport === 'snorkeling' || session?.sport === 'diving' || SWIM_SUB_SPORTS.has(session?.subSport ?? '')
    const fromDevice = virtual || inWater ? withDeviceDistance(segments, measured, false) : null
    const deviceOnly = fromDevice !== null && (virtual || fromDevice.some(statesDistance))
    activities.push({
      format: 'fit',
      name: null,
      description: null,
      sport: session?.sport ?? null,
      subSport: session?.subSport ?? null,
      tracks: [{ name: null, description: null, segments: deviceOnly ? fromDevice : withDeviceDistance(segments, measured) }],
      ...(deviceOnly ? { distanceFromDevice: true } : {}),
      ...(laps.length > 0 ? { laps } : {}),
      calories: totalCalories([session?.calories ?? null]),
      ...deviceClimb(session),
      ...deviceMaximum(session, data.records.speed, first, last),
    })
  }
  if (activities.length === 0) throw new TrackFileError('track_no_points', 'no FIT session with two records')
  return activities
}

/** The activities of a FIT file and what was worked around to read them. */
export interface FitImport {
  readonly activities: Track[]
  readonly warnings: ImportWarning[]
}

/**
 * Decodes FIT bytes into activities (see {@link activitiesOfFit}) with Waymark's FIT reader
 * (`fit-reader.ts`). A file whose end is damaged keeps what was read before the damage, with a
 * `fit_tail_damaged` warning, unless fewer than two records were readable.
 * @throws TrackFileError `fit_corrupt` (not FIT, structure broken before the end, or too little
 *   readable), `fit_not_activity`, `track_no_points`,
 *   `track_too_many_points`
 */
export function importFitBytes(bytes: Uint8Array): FitImport {
  const data = readFitActivity(bytes)
  if (!data.tailDamaged) return { activities: activitiesOfFit(data), warnings: [] }
  if (data.records.count < 2) throw new TrackFileError('fit_corrupt', `damaged after ${data.records.count} records`)
  return { activities: activitiesOfFit(data), warnings: [{ code: 'fit_tail_damaged', recordsRead: data.records.count }] }
}

/** Reads a FIT file from disk (FIT files are compact: ~25 bytes a point, read whole). */
export async function importFitFile(path: string): Promise<FitImport> {
  return importFitBytes(await readFile(path))
}
