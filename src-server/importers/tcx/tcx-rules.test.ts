import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { isAppError } from '../../../src/errors/app-error'
import { importTcxString } from './tcx-importer'

// The TCX reader's rules, each on a hand-written document whose expected figures are its own text
// (Garmin's TCX v2 schema names where each value sits).
const root = (body: string) =>
  `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">${body}</TrainingCenterDatabase>`
const activities = (body: string) => root(`<Activities>${body}</Activities>`)
const at = (second: number) => `2020-01-01T08:00:${String(second).padStart(2, '0')}Z`
const position = (lat: number, lon: number) => `<Position><LatitudeDegrees>${lat}</LatitudeDegrees><LongitudeDegrees>${lon}</LongitudeDegrees></Position>`
const point = (second: number, inner = position(45, 6 + second * 1e-4)) => `<Trackpoint><Time>${at(second)}</Time>${inner}</Trackpoint>`
const lap = (points: string, head = '', start = at(0)) => `<Lap StartTime="${start}">${head}<Track>${points}</Track></Lap>`
const activity = (laps: string, sport = 'Running', extra = '') => `<Activity Sport="${sport}"><Id>${at(0)}</Id>${laps}${extra}</Activity>`

function codeOf(xml: string): string {
  try {
    importTcxString(xml)
    return 'no error'
  } catch (error) {
    return isAppError(error) ? error.code : `unhandled: ${String(error)}`
  }
}
const column = (values: Float64Array | null | undefined): (number | null)[] | null =>
  values ? Array.from(values, (v) => (Number.isNaN(v) ? null : v)) : null
const only = (xml: string) => {
  const [track, ...more] = importTcxString(xml)
  expect(more).toEqual([])
  if (!track) throw new Error('no activity')
  return track
}
const segmentsOf = (xml: string) => only(xml).tracks.flatMap((part) => part.segments)

describe('TCX reader rules', () => {
  it('refuses another root, a document without activities and an activity outside the lists', () => {
    expect(codeOf('<?xml version="1.0"?><gpx><trk/></gpx>')).toBe('track_format_unsupported')
    expect(codeOf(activities(''))).toBe('track_no_track')
    expect(codeOf(root(`<Workouts>${activity(lap(point(0) + point(1)))}</Workouts>`))).toBe('track_no_track')
  })

  it('refuses a position off the globe or with only a longitude', () => {
    expect(codeOf(activities(activity(lap(point(0, position(91, 6))))))).toBe('track_invalid_coordinates')
    expect(codeOf(activities(activity(lap(point(0, position(45, -181))))))).toBe('track_invalid_coordinates')
    expect(codeOf(activities(activity(lap(point(0, '<Position><LongitudeDegrees>6</LongitudeDegrees></Position>')))))).toBe('track_invalid_coordinates')
  })

  it("takes the activity's sport in lower case (none when unsaid) and its own notes, not a lap's", () => {
    const notes = '<Notes>  Easy \n run </Notes>'
    expect([only(activities(activity(lap(point(0)), ' Biking ', notes))).sport, only(activities(activity(lap(point(0)), ' Biking ', notes))).description]).toEqual([
      'biking',
      'Easy run',
    ])
    const unsaid = only(activities(`<Activity><Id>${at(0)}</Id>${lap(point(0), '<Notes>lap note</Notes>')}</Activity>`))
    expect([unsaid.sport, unsaid.description, unsaid.name]).toEqual([null, null, null])
    expect(unsaid.format).toBe('tcx')
  })

  it("reads each trackpoint's time, position, altitude, recorded distance, heart rate, cadence and power from where the schema puts them", () => {
    const inner =
      `${position(45.5, 6.25)}<AltitudeMeters>812.5</AltitudeMeters><DistanceMeters>120.5</DistanceMeters>` +
      '<HeartRateBpm><Value>142</Value></HeartRateBpm><Cadence>88</Cadence><Extensions><ns3:TPX><ns3:Watts>250</ns3:Watts></ns3:TPX></Extensions>'
    const [segment] = segmentsOf(activities(activity(lap(point(3, inner)))))
    expect([column(segment?.time), column(segment?.lat), column(segment?.lon), column(segment?.ele)]).toEqual([[Date.parse(at(3))], [45.5], [6.25], [812.5]])
    expect([column(segment?.recordedDistance), column(segment?.heartRate), column(segment?.cadence), column(segment?.power)]).toEqual([[120.5], [142], [88], [250]])
  })

  it('reads values outside physical ranges and a negative distance as missing, a heart rate only from HeartRateBpm, the first cadence of two', () => {
    const points =
      point(0, `${position(45, 6)}<DistanceMeters>-1</DistanceMeters><HeartRateBpm><Value>301</Value></HeartRateBpm><Cadence>401</Cadence><Extensions><ns3:TPX><ns3:Watts>5001</ns3:Watts></ns3:TPX></Extensions>`) +
      point(1, `${position(45, 6.001)}<Value>150</Value><Cadence>80</Cadence><Extensions><ns3:TPX><ns3:RunCadence>90</ns3:RunCadence></ns3:TPX></Extensions>`) +
      point(2, `${position(45, 6.002)}<DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>1</Value></HeartRateBpm><Cadence>0</Cadence><Extensions><ns3:TPX><ns3:Watts>5000</ns3:Watts></ns3:TPX></Extensions>`)
    const [segment] = segmentsOf(activities(activity(lap(points))))
    expect(column(segment?.recordedDistance)).toEqual([null, null, 0])
    expect(column(segment?.heartRate)).toEqual([null, null, 1])
    expect(column(segment?.cadence)).toEqual([null, 80, 0])
    expect(column(segment?.power)).toEqual([null, null, 5000])
  })

  it("ignores a Lap's DistanceMeters, a Time outside a Trackpoint and coordinates outside a Position for the points", () => {
    const inner = '<LatitudeDegrees>44</LatitudeDegrees><Position><LatitudeDegrees>45</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position><Extensions><Time>2030-01-01T00:00:00Z</Time><AltitudeMeters>9</AltitudeMeters><DistanceMeters>7</DistanceMeters></Extensions>'
    const [segment] = segmentsOf(activities(activity(lap(point(0, inner), '<TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>5000</DistanceMeters>'))))
    expect([column(segment?.time), column(segment?.lat), column(segment?.ele), segment?.recordedDistance ?? null]).toEqual([[Date.parse(at(0))], [45], [null], null])
  })

  it('keeps every lap its span from first to last timed point; a lap without two times has none', () => {
    const track = only(activities(activity(lap(point(0) + point(5) + point(9)) + lap(point(20)) + lap(`<Trackpoint>${position(45, 6.01)}</Trackpoint>${point(30)}${point(40)}`, '', at(30)))))
    expect(track.laps).toEqual([
      { startTime: Date.parse(at(0)), endTime: Date.parse(at(9)) },
      { startTime: Date.parse(at(30)), endTime: Date.parse(at(40)) },
    ])
    expect(only(activities(activity(lap(point(0)))))).not.toHaveProperty('laps')
  })

  describe('laps of one recording', () => {
    // A lap is a press of the lap button: the recording (and the device's distance counter) runs on
    // across it. A lap boundary cuts it only where the device's timer stopped in the lap before
    // (its StartTime + TotalTimeSeconds short of the next lap's StartTime by more than 10 s) and
    // the trackpoints either side stand more than 10 s apart.
    const timed = (start: number, seconds: number | null, ...points: number[]) =>
      lap(points.map((second) => point(second)).join(''), seconds === null ? '' : `<TotalTimeSeconds>${seconds}</TotalTimeSeconds>`, at(start))
    const sizes = (laps: string) => segmentsOf(activities(activity(laps))).map((segment) => segment.size)

    it('joins laps whose timer ran through, however far apart their points (a fix lost at the lap)', () => {
      expect(sizes(timed(0, 10, 0, 5) + timed(10, 30, 40, 45) + timed(40, 10, 50))).toEqual([5])
      // The timer 10 s short of the next lap's start still ran through; the points 30 s apart.
      expect(sizes(timed(0, 10, 0, 5) + timed(20, 10, 35))).toEqual([3])
    })

    it('joins laps whose points are at most 10 s apart, whatever the timer did in the lap before', () => {
      expect(sizes(timed(0, 5, 0, 20) + timed(50, 10, 30))).toEqual([3])
      // Without TotalTimeSeconds: the points decide.
      expect(sizes(timed(0, null, 0, 20) + timed(25, null, 30) + timed(35, null, 40))).toEqual([4])
    })

    it('cuts where the timer stopped in the lap before and the points stand more than 10 s apart (a pause)', () => {
      expect(sizes(timed(0, 5, 0, 5) + timed(20, 10, 20, 25))).toEqual([2, 2])
      expect(sizes(timed(0, null, 0, 5) + timed(16, null, 16))).toEqual([2, 1])
      // The lap after the pause ran through: joined to the one after it, not back to the one before.
      expect(sizes(timed(0, 5, 0, 5) + timed(20, 10, 20, 25) + timed(30, 10, 50))).toEqual([2, 3])
    })

    it("counts the device's counter across a lap of one recording: the step between the laps is ridden", () => {
      const indoor = (second: number, metres: number) => `<Trackpoint><Time>${at(second)}</Time><DistanceMeters>${metres}</DistanceMeters></Trackpoint>`
      const laps = lap(indoor(0, 0) + indoor(9, 90), '<TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>100</DistanceMeters>', at(0)) +
        lap(indoor(10, 100) + indoor(19, 190), '<TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>100</DistanceMeters>', at(10))
      const { workout } = analyseTrack(only(activities(activity(laps, 'Biking'))))
      expect(workout.distanceKm).toBeCloseTo(0.19, 6)
    })
  })

  it("states the device's top speed as its laps' largest MaximumSpeed, per activity, read only directly in a Lap; 0 or less states none", () => {
    const fastest = (value: string) => `<TotalTimeSeconds>10</TotalTimeSeconds><MaximumSpeed>${value}</MaximumSpeed>`
    const stray = '<Extensions><LX><MaximumSpeed>99</MaximumSpeed></LX></Extensions>'
    const [first, second, third] = importTcxString(
      activities(
        activity(lap(point(0), fastest('4.5')) + lap(point(10), fastest('6.25') + stray) + lap(point(20), fastest('-1')) + lap(point(30))) +
          activity(lap(point(40), fastest('0')) + lap(point(50), stray)) +
          activity(lap(point(55), fastest('3'))),
      ),
    )
    expect([first?.deviceMaxSpeedMs, second?.deviceMaxSpeedMs, third?.deviceMaxSpeedMs]).toEqual([6.25, undefined, 3])
    expect(second && 'deviceMaxSpeedMs' in second).toBe(false)
  })

  it("without a lap's MaximumSpeed, states its trackpoints' fastest Speed (TPX) as the device's top speed, per activity; a lap's maximum wins", () => {
    const fast = (second: number, speed: string) => point(second, `${position(45, 6 + second * 1e-4)}<Extensions><ns3:TPX><ns3:Speed>${speed}</ns3:Speed></ns3:TPX></Extensions>`)
    const stray = (second: number) => point(second, `${position(45, 6 + second * 1e-4)}<Extensions><LX><Speed>9</Speed></LX></Extensions>`)
    const [points, capped, none] = importTcxString(
      activities(
        activity(lap(fast(0, '4.5') + fast(1, '5.25') + fast(2, '-7') + point(3)) + lap(fast(10, '5'))) +
          activity(lap(fast(20, '6'), '<TotalTimeSeconds>10</TotalTimeSeconds><MaximumSpeed>5.5</MaximumSpeed>')) +
          activity(lap(fast(30, '0') + stray(31))),
      ),
    )
    expect([points?.deviceMaxSpeedMs, capped?.deviceMaxSpeedMs, none && 'deviceMaxSpeedMs' in none]).toEqual([5.25, 5.5, false])
  })

  it("a rower's whole-second times read no faster than its trackpoints' Speed: a step of 7.5 m stamped 1 s apart is no 27 km/h", () => {
    // About 5 m/s sampled every 1.5 s, stamped to whole seconds: steps of 7.5 m in 1 or 2 s (27 or 13.5 km/h);
    // the device's speed at most 5.3 m/s (19.08 km/h).
    const stamped = Array.from({ length: 40 }, (_, k) => {
      const second = Math.floor(k * 1.5)
      return `<Trackpoint><Time>${new Date(Date.UTC(2020, 0, 1, 8, 0, second)).toISOString()}</Time>${position(45, 6 + (k * 7.5) / 78_710)}<Extensions><ns3:TPX><ns3:Speed>${k % 2 === 0 ? 5 : 5.3}</ns3:Speed></ns3:TPX></Extensions></Trackpoint>`
    }).join('')
    const { workout } = analyseTrack(only(activities(activity(lap(stamped), 'Other'))), { stoppedSpeedThresholdKmh: 1 })
    expect(workout.maxSpeedKmh).toBeCloseTo(19.08, 6)
  })

  it("sums its laps' stated calories, a negative one left out, and states none when no lap does", () => {
    const calories = (kcal: number) => `<TotalTimeSeconds>10</TotalTimeSeconds><Calories>${kcal}</Calories>`
    expect(only(activities(activity(lap(point(0), calories(120)) + lap(point(10), calories(35)) + lap(point(20), calories(-5))))).calories).toBe(155)
    expect(only(activities(activity(lap(point(0), calories(0))))).calories).toBe(0)
    expect(only(activities(activity(lap(point(0))))).calories).toBeNull()
  })

  it("gives an activity without positions the distance its laps state (a treadmill run), each lap's time from TotalTimeSeconds or its points", () => {
    const indoor = (second: number) => `<Trackpoint><Time>${at(second)}</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>`
    const head = (seconds: string, metres: number) => `${seconds}<DistanceMeters>${metres}</DistanceMeters>`
    const xml = activities(
      activity(
        lap(indoor(0) + indoor(10) + indoor(20), head('<TotalTimeSeconds>20</TotalTimeSeconds>', 1000), at(0)) +
          lap(indoor(30) + indoor(40) + indoor(50), head('', 500), at(30)),
      ),
    )
    const { workout } = analyseTrack(only(xml))
    expect(workout.distanceKm).toBeCloseTo(1.5, 3)
  })

  it('says why a file without activities has none, and names what it refused as written', () => {
    const detailOf = (xml: string): string => {
      try {
        importTcxString(xml)
        return 'no error'
      } catch (error) {
        return isAppError(error) ? `${error.code}: ${error.detail ?? ''}` : `unhandled: ${String(error)}`
      }
    }
    expect(detailOf(root(`<Courses><Course><Name>Loop</Name><Track>${point(0)}</Track></Course></Courses>`))).toBe('track_no_track: only courses')
    expect(detailOf(activities(''))).toBe('track_no_track: no <Activity>')
    expect(detailOf('<?xml version="1.0"?><gpx/>')).toBe('track_format_unsupported: root element <gpx>')
    expect(detailOf(activities(activity(lap(point(0, position(91, 6))))))).toBe('track_invalid_coordinates: LatitudeDegrees 91 LongitudeDegrees 6')
  })

  it("reads a point's coordinates from its Position only, even when a stray one follows it", () => {
    const inner = `${position(45, 6)}<LatitudeDegrees>44</LatitudeDegrees><LongitudeDegrees>5</LongitudeDegrees>`
    const [segment] = segmentsOf(activities(activity(lap(point(0, inner)))))
    expect([column(segment?.lat), column(segment?.lon)]).toEqual([[45], [6]])
  })

  it("spans a lap from its earliest to its latest timed point, wherever an untimed or earlier point sits", () => {
    const untimed = `<Trackpoint>${position(45, 6.01)}</Trackpoint>`
    const track = only(activities(activity(lap(point(0) + point(9) + point(5) + untimed))))
    expect(track.laps).toEqual([{ startTime: Date.parse(at(0)), endTime: Date.parse(at(9)) }])
  })

  it('keeps an activity whole when another Activity element sits inside it (in its extensions)', () => {
    const track = only(activities(activity(lap(point(0) + point(1)), 'Running', '<Extensions><Activity Sport="Biking"/></Extensions>')))
    expect([track.sport, track.tracks[0]?.segments.map((segment) => segment.size)]).toEqual(['running', [2]])
  })
  describe("a lap's stated time and distance", () => {
    // An indoor run (no position, no point distance): the points' distance is the laps' DistanceMeters spread
    // over each lap's time, from its StartTime for TotalTimeSeconds, else over its points' span.
    const iso = (second: number) => new Date(Date.UTC(2020, 0, 1, 8, 0, second)).toISOString()
    const indoor = (...seconds: number[]) => seconds.map((second) => `<Trackpoint><Time>${iso(second)}</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>`).join('')
    const indoorLap = (points: string, head: string, start?: number) => `<Lap${start === undefined ? '' : ` StartTime="${iso(start)}"`}>${head}<Track>${points}</Track></Lap>`
    const stated = (seconds: number | null, metres: number | null) =>
      `${seconds === null ? '' : `<TotalTimeSeconds>${seconds}</TotalTimeSeconds>`}${metres === null ? '' : `<DistanceMeters>${metres}</DistanceMeters>`}`
    const distances = (laps: string) => segmentsOf(activities(activity(laps))).map((segment) => column(segment.recordedDistance))

    it('spreads a lap over its stated time from its StartTime, not over its points, and past its end gives its whole distance', () => {
      // Stated 0–100 s for 1,000 m; points at 10, 60 and 110 s: 10 m/s from 0 s, the whole 1,000 m after 100 s.
      expect(distances(indoorLap(indoor(10, 60, 110), stated(100, 1_000), 0))).toEqual([[100, 600, 1_000]])
    })

    it("spreads a lap stating no time, or no StartTime, over its points' span", () => {
      // Lap 1 stated 0–100 s (1,000 m); lap 2 without TotalTimeSeconds (200–300 s by its points, 500 m);
      // lap 3 without StartTime (400–500 s by its points, 300 m).
      const laps = indoorLap(indoor(0, 100), stated(100, 1_000), 0) + indoorLap(indoor(200, 250, 300), stated(null, 500), 200) + indoorLap(indoor(400, 450, 500), stated(100, 300))
      expect(distances(laps)).toEqual([[0, 1_000], [1_000, 1_250, 1_500], [1_500, 1_650, 1_800]])
    })

    it("a lap whose stated time is negative is spread over its points' span; one of 0 s counts whole from its start", () => {
      const laps = indoorLap(indoor(0, 50, 100), stated(-100, 1_000), 0) + indoorLap(indoor(200, 250), stated(0, 400), 200)
      expect(distances(laps)).toEqual([[0, 500, 1_000], [1_400, 1_400]])
    })

    it('a lap with neither a stated time nor two timed points measures nothing: the lap before it goes on', () => {
      const laps = indoorLap(indoor(0, 100), stated(100, 1_000), 0) + indoorLap(indoor(150), stated(null, 700))
      expect(distances(laps)).toEqual([[0, 1_000], [1_000]])
    })

    it("reads a lap's time, distance and calories only where the schema puts them: directly in the Lap", () => {
      const stray = `<Extensions><LX><TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>9000</DistanceMeters><Calories>70</Calories></LX></Extensions>`
      const laps = indoorLap(indoor(0, 50, 100), `${stated(100, 1_000)}<Calories>30</Calories>${stray}`, 0)
      expect(distances(laps)).toEqual([[0, 500, 1_000]])
      expect(only(activities(activity(laps))).calories).toBe(30)
      // A lap nested in an activity's extensions, after its laps, holds nothing of the activity's.
      const nested = activity(laps, 'Running', '<Extensions><Lap><Calories>70</Calories><Track>' + indoor(300) + '</Track></Lap></Extensions>')
      expect(only(activities(nested)).calories).toBe(30)
      expect(segmentsOf(activities(nested)).map((segment) => segment.size)).toEqual([3])
    })

    it("takes a lap's points from its Track only: a Trackpoint in its extensions is none, and lends the next one nothing", () => {
      const stray = `<Extensions><Trackpoint><Time>${iso(70)}</Time><AltitudeMeters>321</AltitudeMeters><HeartRateBpm><Value>150</Value></HeartRateBpm></Trackpoint></Extensions>`
      const [segment, ...more] = segmentsOf(activities(activity(indoorLap(indoor(0, 50, 100), `${stated(100, 1_000)}${stray}`, 0))))
      expect(more).toEqual([])
      expect([column(segment?.recordedDistance), column(segment?.heartRate), column(segment?.ele)]).toEqual([[0, 500, 1_000], [120, 120, 120], [null, null, null]])
    })
  })
})
