import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { analyseTrack, type TrackAnalysis } from '../../src/domain/analysis'
import { isAppError } from '../../src/errors/app-error'
import { encodeFitActivity } from './fit/fit-test-writer'
import { importTrackFile } from './import-track-file'
import { TrackFileError } from './track-file-error'
import { singleActivity } from './test-support/single-activity'

const fixtures = fileURLToPath(new URL('../../tests/fixtures/', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'waymark-hostile-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let counter = 0
/** Writes `content` to a fresh temp file and imports + analyses it like the pipeline will. */
async function run(content: string | Uint8Array): Promise<TrackAnalysis> {
  counter += 1
  const path = join(work, `input-${counter}`)
  writeFileSync(path, content)
  return analyseTrack(singleActivity(await importTrackFile(path)), { stoppedSpeedThresholdKmh: 1 })
}

/** The catalogue code the input is refused with; any other kind of failure fails the test. */
async function refusal(content: string | Uint8Array): Promise<string> {
  return run(content).then(
    () => 'accepted',
    (error: unknown) => {
      if (!isAppError(error)) throw new Error(`unhandled error: ${String(error)}`)
      expect(error.status).toBe(400)
      return error.code
    },
  )
}

const gpxFile = readFileSync(join(fixtures, 'gpx/gpx_file.gpx'), 'utf8')

function gpx(points: string, extra = ''): string {
  return `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${extra}<trk><trkseg>${points}</trkseg></trk></gpx>`
}

function pt(lat: string | number, lon: string | number, time: string, ele = '100'): string {
  return `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele><time>${time}</time></trkpt>`
}

/** A seeded generator (mulberry32) so "random" bytes are the same on every run. */
function seededBytes(seed: number, size: number): Uint8Array {
  let state = seed >>> 0
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff
  }
  return bytes
}

describe('files that cannot become a workout get a clear reason', () => {
  it('empty and blank files', async () => {
    expect(await refusal('')).toBe('track_file_empty')
    expect(await refusal('   \n\t  ')).toBe('track_file_empty')
  })

  it('binary and foreign files', async () => {
    expect(await refusal(seededBytes(42, 4096))).toBe('track_format_unsupported')
    expect(await refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(
      'track_format_unsupported',
    )
    expect(await refusal('{"type": "FeatureCollection"}')).toBe('track_format_unsupported')
    // KML is read now: one without a track is refused as such.
    expect(await refusal('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>')).toBe('track_no_track')
  })

  it('truncated and malformed XML, with the parser position in the detail', async () => {
    // Cut off and closed early: malformed before its end (a file only cut off keeps its points, gpx-cut.test.ts).
    expect(await refusal(`${gpxFile.slice(0, gpxFile.length / 2)}</gpx>`)).toBe('track_xml_invalid')
    expect(await refusal('<?xml version="1.0"?>')).toBe('track_xml_invalid')
    expect(await refusal(gpx(pt(44, 6, '2018-03-13T12:44:45Z')).replace('</trkseg>', '</trk>'))).toBe('track_xml_invalid')
    // Cut off inside its root's start tag: no document opened, nothing to keep.
    const error = await run(gpxFile.slice(0, gpxFile.indexOf('<gpx') + 10)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TrackFileError)
    expect(error instanceof TrackFileError && error.detail).toMatch(/^character \d+: unexpected end of document/)
  })

  it("a NUL in character data (a C string's padding) is dropped and the file imports; one in markup is malformed XML", async () => {
    const points = pt(45, 6, '2020-01-01T10:00:00Z') + pt(45.001, 6, '2020-01-01T10:01:00Z')
    const padded = gpx(points.replace('<ele>100</ele>', '<ele>100\u0000</ele>'), '<metadata><name>Morning\u0000\u0000 ride</name></metadata>')
    expect((await run(padded)).workout.distanceKm).toBeCloseTo(0.111, 3)
    expect(await refusal(gpx(points).replace('version="1.1"', 'version="1.1\u0000"'))).toBe('track_xml_invalid')
  })

  it('entity bombs and external entities never expand', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
      <gpx><trk><name>&d;</name></trk></gpx>`
    expect(await refusal(bomb)).toBe('track_xml_doctype')
    const external = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><trk><name>&xxe;</name></trk></gpx>`
    expect(await refusal(external)).toBe('track_xml_doctype')
    // Without a DTD an unknown entity is simply an XML error.
    expect(await refusal(gpx(pt(44, 6, '2018-03-13T12:44:45Z'), '<metadata><name>&xxe;</name></metadata>'))).toBe(
      'track_xml_invalid',
    )
  })

  it('NaN, missing, out-of-range and huge coordinates', async () => {
    const t = '2018-03-13T12:44:45Z'
    expect(await refusal(gpx(pt('NaN', 6, t) + pt(44, 6, t)))).toBe('track_invalid_coordinates')
    expect(await refusal(gpx(`<trkpt lon="6"><time>${t}</time></trkpt>`))).toBe('track_invalid_coordinates')
    expect(await refusal(gpx(pt(91, 6, t)))).toBe('track_invalid_coordinates')
    expect(await refusal(gpx(pt('1e400', 6, t)))).toBe('track_invalid_coordinates')
    expect(await refusal(gpx(pt('', 6, t)))).toBe('track_invalid_coordinates')
  })

  it('huge elevations and sensor values are ignored, not stored', async () => {
    const points =
      pt(44.68095, 6.07367, '2018-03-13T12:44:45Z', '1e308') +
      pt(44.68091, 6.07367, '2018-03-13T12:44:50Z', '99999999999999999999') +
      `<trkpt lat="44.6808" lon="6.07364"><time>2018-03-13T12:45:00Z</time><extensions><hr>1e20</hr></extensions></trkpt>`
    const { workout, series } = await run(gpx(points))
    expect(workout.minAltM).toBeNull()
    expect(workout.ascentM).toBeNull()
    expect(series.heartRate).toBeNull()
    expect(workout.durationS).toBe(15)
  })

  it('extension names from Object.prototype are not sensors (no TypeError)', async () => {
    const ext = (name: string): string =>
      `<extensions><gpxtpx:TrackPointExtension><gpxtpx:${name}>5</gpxtpx:${name}></gpxtpx:TrackPointExtension><${name}>6</${name}></extensions>`
    const points = ['constructor', 'toString', '__proto__', 'hasOwnProperty']
      .map((name, i) => `<trkpt lat="44.68${i}" lon="6.07"><time>2018-03-13T12:44:4${i}Z</time>${ext(name)}</trkpt>`)
      .join('')
    const { series, workout } = await run(gpx(points))
    expect(series.heartRate).toBeNull()
    expect(workout.durationS).toBe(3)
  })

  it('invalid UTF-8 is an XML error; a declared ISO-8859-1 file is read as such', async () => {
    const head = Buffer.from('<?xml version="1.0"?><gpx version="1.1"><trk><name>Caf')
    const tail = Buffer.from(`</name><trkseg>${pt(44.68, 6.07, '2018-03-13T12:44:45Z')}${pt(44.681, 6.07, '2018-03-13T12:44:50Z')}</trkseg></trk></gpx>`)
    expect(await refusal(Buffer.concat([head, Buffer.from([0xe9]), tail]))).toBe('track_xml_invalid')
    const latin1 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'),
      head.subarray(head.indexOf('<gpx')),
      Buffer.from([0xe9]),
      tail,
    ])
    writeFileSync(join(work, 'latin1.gpx'), latin1)
    expect(singleActivity(await importTrackFile(join(work, 'latin1.gpx'))).name).toBe('Café')
  })

  it('routes and waypoints only: "looks like a planned route"', async () => {
    const routeOnly = `<gpx version="1.1"><wpt lat="44" lon="6"/><rte><rtept lat="44" lon="6"/><rtept lat="44.1" lon="6"/></rte></gpx>`
    expect(await refusal(routeOnly)).toBe('track_no_track')
  })

  it('tracks without enough points or without time', async () => {
    expect(await refusal(gpx(pt(44, 6, '2018-03-13T12:44:45Z')))).toBe('track_no_points')
    expect(await refusal('<gpx version="1.1"><trk><name>empty</name></trk></gpx>')).toBe('track_empty')
    expect(await refusal(gpx(pt(44, 6, 'yesterday') + pt(44.001, 6, 'not a time')))).toBe('track_no_timestamps')
  })

  it('times going backwards or all identical', async () => {
    const backwards = pt(44, 6, '2018-03-13T12:45:00Z') + pt(44.001, 6, '2018-03-13T12:44:50Z') + pt(44.002, 6, '2018-03-13T12:44:40Z')
    expect(await refusal(gpx(backwards))).toBe('track_times_invalid')
    const same = pt(44, 6, '2018-03-13T12:45:00Z') + pt(44.001, 6, '2018-03-13T12:45:00Z')
    expect(await refusal(gpx(same))).toBe('track_times_invalid')
  })

  it('times spanning more than 2^31 − 1 s (68 years: a damaged clock) are refused with that reason; exactly that long imports', async () => {
    const start = Date.parse('2018-03-13T12:00:00Z')
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString()
    const longest = 2 ** 31 - 1
    const span = (end: string) => pt(44, 6, at(0)) + pt(44.001, 6, at(3600)) + pt(44.002, 6, end)
    expect(await refusal(gpx(span(at(longest + 1))))).toBe('track_times_span')
    expect((await run(gpx(span(at(longest))))).workout.durationS).toBe(longest)
  })

  it('a clock glitch or duplicate timestamps inside a track still import, moving ≤ duration', async () => {
    const points =
      pt(44.68095, 6.07367, '2018-03-13T12:44:45Z') +
      pt(44.68091, 6.07367, '2018-03-13T12:44:50Z') +
      pt(44.6808, 6.07364, '2018-03-13T12:44:50Z') + // duplicate time: a place of its own, its 12.47 m count
      pt(44.68075, 6.07364, '2018-03-13T12:44:30Z') + // backwards: no distance from the previous point, no time
      pt(44.68071, 6.07364, '2018-03-13T12:45:10Z') // later than the point before it: its 4.45 m count
    const { workout } = await run(gpx(points))
    expect(workout.durationS).toBe(25)
    // 12:44:50 → 12:45:10: 12.47 + 4.45 m in 20 s (3.0 km/h) is moving; so is 4.45 m in the first 5 s.
    expect(workout.movingS).toBe(25)
    expect(workout.pausesS).toBe(0)
    expect(workout.distanceKm).toBeCloseTo(0.0214, 4)
  })

  it('FIT files without positions and distance import (distance unknown); damaged ones are refused', async () => {
    const start = Date.UTC(2024, 0, 1)
    const hrOnly = encodeFitActivity({ records: [0, 1, 2].map((i) => ({ time: start + i * 1000, heartRate: 100 })) })
    // Heart rate over time is a workout (an indoor session): its distance is unknown, not refused.
    expect(await refusal(hrOnly)).toBe('accepted')
    expect(await refusal(hrOnly.subarray(0, hrOnly.length - 10))).toBe('accepted')
    // Cut before its second record: too little to read.
    const firstRecordCut = hrOnly.subarray(0, hrOnly.indexOf(100) + 1)
    expect(await refusal(firstRecordCut)).toBe('fit_corrupt')
    const headerOnly = hrOnly.subarray(0, 14)
    expect(await refusal(headerOnly)).toBe('fit_corrupt')
  })

  it('reads GPX 1.0 with a byte-order mark and offsets in times', async () => {
    const gpx10 = `\uFEFF<?xml version="1.0" encoding="UTF-8"?><gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">
      <trk><name>One &amp; only</name><trkseg>
      <trkpt lat="44.68095" lon="6.07367"><ele>998</ele><time>2018-03-13T13:44:45+01:00</time><speed>1.2</speed></trkpt>
      <trkpt lat="44.68091" lon="6.07367"><ele>998</ele><time>2018-03-13T13:44:50.5+0100</time></trkpt>
      </trkseg></trk></gpx>`
    const path = join(work, 'gpx10.gpx')
    writeFileSync(path, gpx10)
    const track = singleActivity(await importTrackFile(path))
    expect(track.name).toBe('One & only')
    const { workout } = analyseTrack(track)
    expect(new Date(workout.startTime ?? 0).toISOString()).toBe('2018-03-13T12:44:45.000Z')
    expect(workout.endTime).toBe(Date.UTC(2018, 2, 13, 12, 44, 50, 500))
  })
})
