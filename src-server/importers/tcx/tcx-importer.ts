import { totalCalories, type Lap, type Track, type TrackPart, type TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder, type TrackPointInput } from '../../../src/domain/track-builder'
import { haversineM } from '../../../src/domain/geo/distance'
import { withDeviceDistance, type MeasuredLap } from '../../../src/domain/track-distance'
import { PointBudget } from '../point-budget'
import { TrackFileError } from '../track-file-error'
import { cleanText, SENSOR_RANGES, validPosition, withinRange } from '../values'
import { readXmlFile, readXmlString, type XmlHandler } from '../xml/xml-reader'
import type { XmlAttributes } from '../xml/xml-scanner'
import { XmlText } from '../xml/xml-text'

/** Lap children read for the lap's measured distance, top speed and stated energy. */
type LapField = 'lapSeconds' | 'lapDistance' | 'lapMaxSpeed' | 'lapCalories'

/** Trackpoint children whose text we read, and what they become. */
type PointField = 'time' | 'lat' | 'lon' | 'ele' | 'recordedDistance' | 'heartRate' | 'cadence' | 'power' | 'speed'

function pointFieldOf(name: string, parent: string | undefined): PointField | null {
  switch (name) {
    case 'Time':
      return parent === 'Trackpoint' ? 'time' : null
    case 'LatitudeDegrees':
      return parent === 'Position' ? 'lat' : null
    case 'LongitudeDegrees':
      return parent === 'Position' ? 'lon' : null
    case 'AltitudeMeters':
      return parent === 'Trackpoint' ? 'ele' : null
    case 'DistanceMeters':
      return parent === 'Trackpoint' ? 'recordedDistance' : null
    case 'Value':
      return parent === 'HeartRateBpm' ? 'heartRate' : null
    case 'Cadence':
    case 'RunCadence':
      return 'cadence'
    case 'Watts':
      return 'power'
    case 'Speed':
      return parent === 'TPX' ? 'speed' : null
    default:
      return null
  }
}

/**
 * How far apart two laps' trackpoints may be, or how far a lap's clock may run past its timer, and
 * the laps still be one recording. A lap is a press of the lap button (or an automatic split), not
 * a pause: TCX writes no pause, so a lap boundary cuts the recording only where the device's own
 * figures say its timer stopped there. Continuous laps of the corpus's devices sit 0–9 s apart
 * (smart recording) and their timers run within 5 s of the next lap's start; its paused laps
 * leave 12 s to 8 h out.
 */
const LAP_JOIN_TOLERANCE_MS = 10_000

/** How much more than the laps' total the fixes may measure before an `Other` activity reads as a swim. */
const SWIM_FIXES_OVER_LAPS = 1.25

/**
 * Whether the fixes of an `Other` activity wander as a swim's do: TCX names no swim (Garmin writes
 * `Other`), and a swim's fixes jump with every stroke as the watch dips under water (one open-water
 * swim's add up to 1,839 m where its lap says 1,330 m, in 2-D); walks, paddles and skiing that share `Other`
 * measure within 3 % of their laps.
 */
function swimFixes(segments: readonly TrackSegment[], laps: readonly MeasuredLap[]): boolean {
  const lapsM = laps.reduce((sum, lap) => sum + (lap.distanceM > 0 ? lap.distanceM : 0), 0)
  if (!(lapsM > 0)) return false
  let fixesM = 0
  for (const segment of segments) {
    let previous = -1
    for (let i = 0; i < segment.size; i++) {
      if (Number.isNaN((segment.lat[i] ?? Number.NaN) + (segment.lon[i] ?? Number.NaN))) continue
      if (previous >= 0) fixesM += haversineM(segment.lat[previous] ?? 0, segment.lon[previous] ?? 0, segment.lat[i] ?? 0, segment.lon[i] ?? 0)
      previous = i
    }
  }
  return fixesM > lapsM * SWIM_FIXES_OVER_LAPS
}

/** Where an `<Activity>` sits: the list, or a `<MultiSportSession>`'s first and next sports (a triathlon, or days of training). */
const ACTIVITY_PARENTS: ReadonlySet<string | undefined> = new Set(['Activities', 'FirstSport', 'NextSport'])

/**
 * Reads a Garmin Training Center (TCX) file: every `<Activity>` is an activity (one workout, with
 * its own `Sport`) of one track whose segments are its continuous recordings (laps joined, see
 * {@link LAP_JOIN_TOLERANCE_MS}), every `<Trackpoint>` a point (time, position, altitude, recorded distance, heart rate,
 * cadence, power). Trackpoints without position are kept (time, heart rate) but carry no
 * distance. Courses (planned routes) are not workouts.
 */
class TcxHandler implements XmlHandler {
  private readonly stack: string[] = []
  private readonly activities: Track[] = []
  private readonly budget = new PointBudget()
  private sawCourse = false
  private sport: string | null = null
  private inActivity = false
  private notes: string | null = null
  private segments: TrackSegment[] = []
  private laps: Lap[] = []
  /** The activity's laps as the device measured them (StartTime, TotalTimeSeconds, DistanceMeters). */
  private measuredLaps: MeasuredLap[] = []
  private lapStart = Number.NaN
  private lapSeconds = Number.NaN
  private lapDistanceM = Number.NaN
  /** The largest `<MaximumSpeed>` of the activity's laps (m/s): what the device measured, its top speed's ceiling. */
  private maxSpeedMs = 0
  /** The fastest `<Speed>` its trackpoints state (m/s, TPX extension): the ceiling when no lap states a maximum. */
  private pointMaxSpeedMs = 0
  /** The `<Calories>` of the activity's laps (kcal), summed into its own. */
  private lapCalories: number[] = []
  /** The activity's current segment: one recording, across laps while they are continuous. */
  private readonly builder = new TrackSegmentBuilder()
  private inLap = false
  /** Whether a lap has been opened in the activity (an activity of empty laps still has one, empty, segment). */
  private sawLap = false
  /** The current lap's earliest and latest trackpoint times (its span: the lap the device shows). */
  private lapFirstTime = Number.NaN
  private lapLastTime = Number.NaN
  /** The latest trackpoint time of the current segment. */
  private segmentLastTime = Number.NaN
  /** Whether a lap boundary lies between the segment's last point and the next, and whether the device's timer ran through every such boundary. */
  private boundaryPending = false
  private timerRanThrough = true
  private inPoint = false
  private point: TrackPointInput = {}
  private field: PointField | LapField | 'notes' | null = null
  private readonly buffer = new XmlText()

  open(name: string, attributes: XmlAttributes): void {
    const parent = this.stack[this.stack.length - 1]
    this.stack.push(name)
    if (this.stack.length === 1) {
      if (name !== 'TrainingCenterDatabase') throw new TrackFileError('track_format_unsupported', `root element <${name}>`)
      return
    }
    if (this.inPoint) {
      const field = pointFieldOf(name, parent)
      if (field !== null) this.capture(field)
      return
    }
    switch (name) {
      case 'Activity':
        if (ACTIVITY_PARENTS.has(parent)) this.startActivity(attributes)
        break
      case 'Lap':
        if (this.inActivity && parent === 'Activity') {
          const start = Date.parse(attributes.get('StartTime') ?? '')
          if (this.sawLap) {
            // The previous lap's clock from its start to this one's against its timer: equal unless it paused.
            const pausedMs = start - this.lapStart - this.lapSeconds * 1000
            this.boundaryPending = true
            this.timerRanThrough &&= Math.abs(pausedMs) <= LAP_JOIN_TOLERANCE_MS
          }
          this.inLap = true
          this.sawLap = true
          this.lapFirstTime = Number.NaN
          this.lapLastTime = Number.NaN
          this.lapStart = start
          this.lapSeconds = Number.NaN
          this.lapDistanceM = Number.NaN
        }
        break
      case 'TotalTimeSeconds':
        if (this.inLap && parent === 'Lap') this.capture('lapSeconds')
        break
      case 'DistanceMeters':
        if (this.inLap && parent === 'Lap') this.capture('lapDistance')
        break
      case 'MaximumSpeed':
        if (this.inLap && parent === 'Lap') this.capture('lapMaxSpeed')
        break
      case 'Calories':
        if (this.inLap && parent === 'Lap') this.capture('lapCalories')
        break
      case 'Trackpoint':
        if (this.inLap && parent === 'Track') {
          this.budget.take()
          this.inPoint = true
          this.point = {}
        }
        break
      case 'Notes':
        if (this.inActivity && parent === 'Activity') this.capture('notes')
        break
      case 'Course':
        this.sawCourse = true
        break
    }
  }

  close(name: string): void {
    this.stack.pop()
    if (this.field !== null) this.finishText()
    const parent = this.stack[this.stack.length - 1]
    if (this.inPoint) {
      if (name === 'Trackpoint' && parent === 'Track') this.finishPoint()
      return
    }
    if (name === 'Lap' && this.inLap && parent === 'Activity') {
      const span = this.lapLastTime > this.lapFirstTime ? { startTime: this.lapFirstTime, endTime: this.lapLastTime } : null
      if (span) this.laps.push(span)
      const endTime = this.lapStart + this.lapSeconds * 1000
      if (endTime >= this.lapStart) this.measuredLaps.push({ startTime: this.lapStart, endTime, distanceM: this.lapDistanceM })
      else if (span) this.measuredLaps.push({ ...span, distanceM: this.lapDistanceM })
      this.inLap = false
    } else if (name === 'Activity' && this.inActivity && ACTIVITY_PARENTS.has(parent)) {
      if (this.builder.length > 0 || (this.sawLap && this.segments.length === 0)) this.segments.push(this.builder.build())
      // A swim takes the device's distance, as a FIT swim does (see `fit-importer.ts`).
      const swim = this.sport === 'other' && swimFixes(this.segments, this.measuredLaps)
      const segments = withDeviceDistance(this.segments, this.measuredLaps, !swim)
      const track: TrackPart = { name: null, description: this.notes, segments }
      const laps = this.laps.length > 0 ? { laps: this.laps } : {}
      const calories = totalCalories(this.lapCalories)
      const fromDevice = swim ? { distanceFromDevice: true } : {}
      // Without a lap's maximum, the fastest its trackpoints state, as a FIT session's records (see `deviceMaximum`).
      const maxSpeedMs = this.maxSpeedMs > 0 ? this.maxSpeedMs : this.pointMaxSpeedMs
      const deviceMax = maxSpeedMs > 0 ? { deviceMaxSpeedMs: maxSpeedMs } : {}
      this.activities.push({ format: 'tcx', name: null, description: this.notes, sport: this.sport, tracks: [track], ...laps, ...fromDevice, ...deviceMax, calories })
      this.inActivity = false
    }
  }

  get wantsText(): boolean {
    return this.field !== null
  }

  text(bytes: Uint8Array, start: number, end: number): void {
    if (this.field !== null) this.buffer.append(bytes, start, end)
  }

  /** The activities in file order. @throws TrackFileError `track_no_track` when there is none */
  result(): Track[] {
    if (this.activities.length === 0) {
      throw new TrackFileError('track_no_track', this.sawCourse ? 'only courses' : 'no <Activity>')
    }
    return this.activities
  }

  private startActivity(attributes: XmlAttributes): void {
    this.inActivity = true
    this.notes = null
    this.segments = []
    this.laps = []
    this.measuredLaps = []
    this.lapCalories = []
    this.maxSpeedMs = 0
    this.pointMaxSpeedMs = 0
    this.sawLap = false
    this.inLap = false
    this.segmentLastTime = Number.NaN
    this.boundaryPending = false
    this.timerRanThrough = true
    this.sport = cleanText(attributes.get('Sport') ?? '')?.toLowerCase() ?? null
  }

  private capture(field: PointField | LapField | 'notes'): void {
    this.field = field
    this.buffer.clear()
  }

  private finishText(): void {
    const field = this.field
    const text = this.buffer
    this.field = null
    if (field === null) return
    if (field === 'lapSeconds' || field === 'lapDistance' || field === 'lapMaxSpeed' || field === 'lapCalories') {
      const value = text.decimal()
      if (field === 'lapSeconds') this.lapSeconds = value
      else if (field === 'lapDistance') this.lapDistanceM = value
      else if (field === 'lapMaxSpeed') this.maxSpeedMs = Math.max(this.maxSpeedMs, value >= 0 ? value : 0)
      else if (value >= 0) this.lapCalories.push(value)
      return
    }
    if (field === 'notes') {
      this.notes = cleanText(text.string())
      return
    }
    if (field === 'time') {
      this.point.time = text.isoTime()
      return
    }
    const value = text.decimal()
    switch (field) {
      case 'heartRate':
      case 'cadence':
      case 'power': {
        const [min, max] = SENSOR_RANGES[field]
        this.point[field] ??= withinRange(value, min, max)
        break
      }
      case 'recordedDistance':
        this.point.recordedDistance = value >= 0 ? value : Number.NaN
        break
      case 'speed':
        if (value > this.pointMaxSpeedMs) this.pointMaxSpeedMs = value
        break
      case 'ele':
      case 'lat':
      case 'lon':
        this.point[field] = value
        break
    }
  }

  private finishPoint(): void {
    const { lat, lon } = this.point
    if (lat !== undefined || lon !== undefined) {
      if (!validPosition(lat ?? Number.NaN, lon ?? Number.NaN)) {
        throw new TrackFileError('track_invalid_coordinates', `LatitudeDegrees ${lat} LongitudeDegrees ${lon}`)
      }
    }
    const time = this.point.time ?? Number.NaN
    if (this.boundaryPending && this.builder.length > 0 && !(time - this.segmentLastTime <= LAP_JOIN_TOLERANCE_MS) && !this.timerRanThrough) {
      // The timer stopped in the lap before and the points stand apart: a pause, as between a FIT file's timer runs.
      this.segments.push(this.builder.build())
      this.segmentLastTime = Number.NaN
    }
    this.boundaryPending = false
    this.timerRanThrough = true
    this.builder.push(this.point)
    if (!Number.isNaN(time)) {
      if (Number.isNaN(this.lapFirstTime)) this.lapFirstTime = time
      if (!(time < this.lapLastTime)) this.lapLastTime = time
      if (!(time < this.segmentLastTime)) this.segmentLastTime = time
    }
    this.inPoint = false
  }
}

/**
 * Reads a TCX file from disk, streaming.
 * @throws TrackFileError (`track_xml_invalid`, `track_no_track`, `track_invalid_coordinates`, …)
 */
export async function importTcxFile(path: string): Promise<Track[]> {
  const handler = new TcxHandler()
  await readXmlFile(path, handler)
  return handler.result()
}

/** Reads a TCX document held in memory (same rules as {@link importTcxFile}). */
export function importTcxString(xml: string): Track[] {
  const handler = new TcxHandler()
  readXmlString(xml, handler)
  return handler.result()
}
