import { describe, expect, it } from 'vitest'
import { isAppError } from '../../../src/errors/app-error'
import type { Track } from '../../../src/domain/track'
import { gpxOutings, importGpxString } from './gpx-importer'

// The GPX reader's rules (GPX 1.1 schema: where each element may sit), each on a hand-written
// document whose expected values are its own text. Every document is read through the XML events
// and through the <trkpt> fast path: both must follow the rule.
const gpx = (body: string) => `<?xml version="1.0"?><gpx version="1.1" creator="rules" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">${body}</gpx>`
const at = (minute: number) => new Date(Date.UTC(2020, 0, 1, 8, minute)).toISOString()
const point = (minute: number, inner = '') => `<trkpt lat="45" lon="${(6 + minute * 1e-4).toFixed(4)}"><time>${at(minute)}</time>${inner}</trkpt>`
const segment = (...minutes: number[]) => `<trkseg>${minutes.map((minute) => point(minute)).join('')}</trkseg>`
const track = (inner: string) => `<trk>${inner}</trk>`
const PATHS = [true, false] as const

/** The track of `xml`, the same through both paths. */
function read(xml: string): Track {
  const [fast, events] = PATHS.map((fastPoints) => importGpxString(xml, { fastPoints }))
  expect(fast).toEqual(events)
  if (!events) throw new Error('unread')
  return events
}
/** The code and detail of the error reading `xml`, the same through both paths. */
function errorOf(xml: string): string {
  const [fast, events] = PATHS.map((fastPoints) => {
    try {
      importGpxString(xml, { fastPoints })
      return 'no error'
    } catch (error) {
      return isAppError(error) ? `${error.code}: ${error.detail ?? ''}` : `unhandled: ${String(error)}`
    }
  })
  expect(fast).toBe(events)
  return events ?? ''
}
const column = (values: Float64Array | null | undefined): (number | null)[] | null =>
  values ? Array.from(values, (v) => (Number.isNaN(v) ? null : v)) : null
const sensorsOf = (xml: string) => {
  const [only] = read(xml).tracks.flatMap((part) => part.segments)
  return { heartRate: column(only?.heartRate), cadence: column(only?.cadence), power: column(only?.power), temperature: column(only?.temperature) }
}

describe('GPX reader rules', () => {
  it('refuses another root, and says whether a file without tracks had routes or waypoints', () => {
    expect(errorOf('<?xml version="1.0"?><kml><trk/></kml>')).toBe('track_format_unsupported: root element <kml>')
    expect(errorOf(gpx('<rte><rtept lat="1" lon="2"/></rte>'))).toBe('track_no_track: only routes or waypoints')
    expect(errorOf(gpx('<wpt lat="1" lon="2"/>'))).toBe('track_no_track: only routes or waypoints')
    expect(errorOf(gpx('<metadata><name>x</name></metadata>'))).toBe('track_no_track: no <trk>')
    // A route or a track anywhere but right under <gpx> is not one.
    expect(errorOf(gpx('<extensions><rte/><wpt/></extensions>'))).toBe('track_no_track: no <trk>')
    expect(errorOf(gpx(`<extensions>${track(segment(0, 1))}</extensions>`))).toBe('track_no_track: no <trk>')
  })

  it('reads segments only right inside a track, and points only right inside a segment', () => {
    const [part] = read(gpx(track(`${segment(0, 1)}<extensions>${segment(5, 6)}</extensions>`))).tracks
    expect(part?.segments.map((s) => Array.from(s.time))).toEqual([[Date.parse(at(0)), Date.parse(at(1))]])
    const pointsOf = (xml: string) => read(xml).tracks.flatMap((part) => part.segments.map((s) => Array.from(s.time, (time, i) => [s.lat[i], s.lon[i], time])))
    const expected = [[[45, 6, Date.parse(at(0))], [45, 6.0001, Date.parse(at(1))]]]
    expect(pointsOf(gpx(track(`<trkseg>${point(0)}<extensions>${point(3)}</extensions>${point(1)}</trkseg>`)))).toEqual(expected)
    // Nor is a <trkpt> inside a point one: the point keeps its own children.
    expect(pointsOf(gpx(track(`<trkseg><trkpt lat="45" lon="6"><extensions><trkpt lat="1" lon="1"/></extensions><time>${at(0)}</time></trkpt>${point(1)}</trkseg>`)))).toEqual(expected)
    // A <trk> nested in a track's extensions starts nothing: the track keeps its name and segments.
    const outer = read(gpx(track(`<name>Outer</name>${segment(0, 1)}<extensions><trk><name>Inner</name></trk></extensions>`)))
    expect(outer.name).toBe('Outer')
    expect(outer.tracks.map((t) => t.segments.length)).toEqual([1])
  })

  it('names the workout after the first named track, else the metadata; likewise its description', () => {
    const meta = '<metadata><name>Meta name</name><desc>Meta desc</desc><type>cycling</type></metadata>'
    const both = read(gpx(`${meta}${track(segment(0, 1))}${track(`<name>Second</name><desc>Second desc</desc>${segment(2, 3)}`)}${track(`<name>Third</name><desc>Third desc</desc>${segment(4, 5)}`)}`))
    expect([both.name, both.description]).toEqual(['Second', 'Second desc'])
    const metaOnly = read(gpx(`${meta}${track(segment(0, 1))}`))
    expect([metaOnly.name, metaOnly.description]).toEqual(['Meta name', 'Meta desc'])
    // The metadata's <type> is not a sport; a track's name and description never come from a point or a waypoint.
    expect(metaOnly.sport).toBeNull()
    const elsewhere = read(gpx(`<wpt lat="1" lon="2"><name>Wpt</name><desc>Wpt desc</desc></wpt>${track(`<trkseg><trkpt lat="45" lon="6"><name>Pt</name><desc>Pt desc</desc><time>${at(0)}</time></trkpt>${point(1)}</trkseg>`)}`))
    expect([elsewhere.name, elsewhere.description]).toEqual([null, null])
    expect(read(gpx(track(`<desc>Only a description</desc>${segment(0, 1)}`))).tracks[0]).toMatchObject({ name: null, description: 'Only a description' })
  })

  it("takes the sport from the first track's non-blank <type>, in lower case", () => {
    expect(read(gpx(track(`<type>Running</type>${segment(0, 1)}`) + track(`<type>Cycling</type>${segment(2, 3)}`))).sport).toBe('running')
    expect(read(gpx(track(`<type> </type>${segment(0, 1)}`) + track(`<type>Hiking</type>${segment(2, 3)}`))).sport).toBe('hiking')
    expect(read(gpx(track(segment(0, 1)))).format).toBe('gpx')
  })

  it('reads sensors only inside a point\'s <extensions>, until it closes', () => {
    const tpx = (inner: string) => `<extensions><gpxtpx:TrackPointExtension>${inner}</gpxtpx:TrackPointExtension></extensions>`
    const one = (inner: string) => gpx(track(`<trkseg>${point(0, inner)}${point(1)}</trkseg>`))
    expect(sensorsOf(one(tpx('<gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad>')))).toEqual({ heartRate: [150, null], cadence: [90, null], power: null, temperature: null })
    // Right in the point, or in another child of it: not a sensor.
    expect(sensorsOf(one('<hr>150</hr><cad>90</cad>'))).toEqual({ heartRate: null, cadence: null, power: null, temperature: null })
    expect(sensorsOf(one('<foo><hr>150</hr></foo>'))).toEqual({ heartRate: null, cadence: null, power: null, temperature: null })
    // After </extensions>, a later child's sensor-like element is not read either.
    expect(sensorsOf(one(`${tpx('<gpxtpx:hr>150</gpxtpx:hr>')}<foo><cad>90</cad></foo>`))).toEqual({ heartRate: [150, null], cadence: null, power: null, temperature: null })
    // An <extensions> nested inside closes nothing: the outer one still holds sensors.
    expect(sensorsOf(one('<extensions><x><extensions></extensions></x><power>250</power><atemp>21.5</atemp></extensions>'))).toEqual({ heartRate: null, cadence: null, power: [250, null], temperature: [21.5, null] })
    // Each point starts without the previous one's values.
    expect(sensorsOf(gpx(track(`<trkseg>${point(0, tpx('<gpxtpx:hr>150</gpxtpx:hr>'))}${point(1, '<foo><hr>99</hr></foo>')}</trkseg>`)))).toEqual({ heartRate: [150, null], cadence: null, power: null, temperature: null })
  })

  it('names the coordinates of a refused point as the file wrote them', () => {
    expect(errorOf(gpx(track('<trkseg><trkpt lat="91" lon="2"/></trkseg>')))).toBe('track_invalid_coordinates: lat="91" lon="2"')
    expect(errorOf(gpx(track('<trkseg><trkpt lat="1"/></trkseg>')))).toBe('track_invalid_coordinates: lat="1" lon=""')
    expect(errorOf(gpx(track('<trkseg><trkpt lon="x"/></trkseg>')))).toBe('track_invalid_coordinates: lat="" lon="x"')
  })

  it('reads a segment written as runs out of time order in time order, and one whose runs overlap in time as written', () => {
    const pointsOf = (xml: string) => read(xml).tracks.flatMap((part) => part.segments.map((s) => Array.from(s.time, (time, i) => [s.lon[i], (time - Date.parse(at(0))) / 60_000])))
    const inOrder = (...minutes: number[]) => minutes.map((minute) => [Number((6 + minute * 1e-4).toFixed(4)), minute])
    // A logger's later minutes written before its earlier ones: each point keeps its place and time.
    expect(pointsOf(gpx(track(segment(20, 21, 22, 5, 6))))).toEqual([inOrder(5, 6, 20, 21, 22)])
    expect(pointsOf(gpx(track(segment(30, 31, 10, 11, 20, 21))))).toEqual([inOrder(10, 11, 20, 21, 30, 31)])
    // A step back into a run's own span (a clock's jitter, a stretch written again) is left as written.
    expect(pointsOf(gpx(track(segment(0, 2, 1, 3))))).toEqual([inOrder(0, 2, 1, 3)])
    expect(pointsOf(gpx(track(segment(0, 1, 2, 1, 2, 3))))).toEqual([inOrder(0, 1, 2, 1, 2, 3)])
    // However little it overlaps: a run starting 0.4 s before the one it follows in time ends stays where it was written.
    const second = (iso: string, lon: string) => `<trkpt lat="45" lon="${lon}"><time>2020-01-01T08:00:${iso}Z</time></trkpt>`
    const jitter = read(gpx(track(`<trkseg>${second('10.5', '6.3')}${second('11.0', '6.4')}${second('10.0', '6.1')}${second('10.9', '6.2')}</trkseg>`)))
    expect(Array.from(jitter.tracks[0]?.segments[0]?.lon ?? [])).toEqual([6.3, 6.4, 6.1, 6.2])
    // Two points of one second (a logger writing a fix twice) are one run: its later minutes still move after the earlier.
    expect(pointsOf(gpx(track(segment(20, 21, 21, 5, 6))))).toEqual([inOrder(5, 6, 20, 21, 21)])
    // And a point dated before the run it interrupts: moved first, it would make that run's time run backwards.
    expect(pointsOf(gpx(track(segment(5, 6, 7, 4, 8))))).toEqual([inOrder(5, 6, 7, 4, 8)])
    // And a lone point between two steps back, or a segment whose every step goes back: no logger's blocks.
    expect(pointsOf(gpx(track(segment(20, 21, 10, 5, 6))))).toEqual([inOrder(20, 21, 10, 5, 6)])
    expect(pointsOf(gpx(track(segment(3, 2, 1))))).toEqual([inOrder(3, 2, 1)])
    // So is a segment with an untimed point where its time steps back.
    const untimed = '<trkpt lat="45" lon="7"></trkpt>'
    expect(read(gpx(track(`<trkseg>${point(20)}${point(21)}${untimed}${point(5)}${point(6)}</trkseg>`))).tracks[0]?.segments[0]?.lon[0]).toBe(6.002)
  })
})

describe('GPX outings rules', () => {
  const timed = (name: string, ...isoTimes: string[]) =>
    `<trk><name>${name}</name><trkseg>${isoTimes.map((time, i) => `<trkpt lat="45" lon="${(6 + i * 1e-4).toFixed(4)}"><time>${time}</time></trkpt>`).join('')}</trkseg></trk>`
  const namesOf = (xml: string) => gpxOutings(read(xml)).map((outing) => outing.tracks.map((part) => part.name))

  it("measures a track's span from its earliest to its latest time, whatever their order in the file", () => {
    // A ends on day 3 though its last point is on day 1: B (day 2) is inside A's span, so both stay one activity.
    expect(namesOf(gpx(timed('A', '2020-01-01T10:00:00Z', '2020-01-03T12:00:00Z', '2020-01-01T11:00:00Z') + timed('B', '2020-01-02T12:00:00Z', '2020-01-02T12:01:00Z')))).toEqual([['A', 'B']])
    // A track whose points share one time spans that instant: two days later is another outing.
    expect(namesOf(gpx(timed('A', '2020-01-01T10:00:00Z', '2020-01-01T10:00:00Z') + timed('B', '2020-01-03T10:00:00Z', '2020-01-03T10:01:00Z')))).toEqual([['A'], ['B']])
  })

  it('keeps a file one workout when one of its tracks has no time at all', () => {
    const untimed = '<trk><name>U</name><trkseg><trkpt lat="45" lon="6"/><trkpt lat="45" lon="6.0001"/></trkseg></trk>'
    expect(namesOf(gpx(timed('A', '2020-01-01T10:00:00Z', '2020-01-01T10:01:00Z', '2020-01-01T10:02:00Z') + untimed + timed('B', '2020-03-01T10:00:00Z', '2020-03-01T10:01:00Z', '2020-03-01T10:02:00Z')))).toEqual([['A', 'U', 'B']])
  })

  it('continues a workout with a track that starts the second the previous one ends, and splits touching tracks written out of order', () => {
    expect(namesOf(gpx(timed('A', '2020-01-01T10:00:00Z', '2020-01-01T10:01:00Z') + timed('B', '2020-01-01T10:01:00Z', '2020-01-01T10:02:00Z')))).toEqual([['A', 'B']])
    expect(namesOf(gpx(timed('Later', '2020-01-01T10:01:00Z', '2020-01-01T10:02:00Z') + timed('Earlier', '2020-01-01T10:00:00Z', '2020-01-01T10:01:00Z')))).toEqual([['Earlier'], ['Later']])
  })

  it('joins tracks in time order within a day whenever they were recorded, 1969 too', () => {
    expect(namesOf(gpx(timed('A', '1969-07-20T20:00:00Z', '1969-07-20T20:10:00Z') + timed('B', '1969-07-20T21:00:00Z', '1969-07-20T21:10:00Z')))).toEqual([['A', 'B']])
  })

  it("names each outing after its first track, else after the file (its first named track), and describes it likewise", () => {
    const unnamed = (time: string) => `<trk><trkseg><trkpt lat="45" lon="6"><time>${time}</time></trkpt><trkpt lat="45" lon="6.0001"><time>${time.replace(':00Z', ':30Z')}</time></trkpt></trkseg></trk>`
    const described = (name: string, time: string) => timed(name, time, time.replace(':00Z', ':30Z')).replace('</name>', `</name><desc>${name} desc</desc>`)
    for (const order of ['in order', 'out of order'] as const) {
      const tracks = [unnamed('2020-01-01T10:00:00Z'), described('Second', '2020-02-01T10:00:00Z'), described('Third', '2020-03-01T10:00:00Z')]
      const outings = gpxOutings(read(gpx((order === 'in order' ? tracks : [...tracks].reverse()).join(''))))
      // The file's name is its first named track in file order.
      const file = order === 'in order' ? 'Second' : 'Third'
      expect(outings.map((outing) => [outing.name, outing.description]), order).toEqual([
        [file, `${file} desc`],
        ['Second', 'Second desc'],
        ['Third', 'Third desc'],
      ])
    }
  })
})
