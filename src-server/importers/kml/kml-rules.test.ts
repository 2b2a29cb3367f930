import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAppError } from '../../../src/errors/app-error'
import type { Track } from '../../../src/domain/track'
import { kmlDocument } from '../test-support/kml'
import { importKmlFile } from './kml-importer'

// The KML reader's rules, each on a hand-written document whose expected figures are its own text.
describe('KML reader rules', () => {
  let folder: string
  let files = 0
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'waymark-kml-rules-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  async function read(text: string): Promise<Track> {
    files += 1
    const path = join(folder, `${files}.kml`)
    await writeFile(path, text)
    return importKmlFile(path)
  }
  async function codeOf(text: string): Promise<string> {
    try {
      await read(text)
      return 'no error'
    } catch (error) {
      return isAppError(error) ? error.code : `unhandled: ${String(error)}`
    }
  }
  async function detailOf(text: string): Promise<string | undefined> {
    try {
      await read(text)
      return 'no error'
    } catch (error) {
      return isAppError(error) ? error.detail : `unhandled: ${String(error)}`
    }
  }
  const when = (second: number): string => `<when>2021-05-29T18:06:${String(second).padStart(2, '0')}Z</when>`
  const track = (coords: readonly string[], extra = ''): string =>
    `<gx:Track>${coords.map((_, i) => when(i)).join('')}${coords.map((c) => `<gx:coord>${c}</gx:coord>`).join('')}${extra}</gx:Track>`
  const sensorArray = (name: string, values: readonly number[]): string =>
    `<gx:SimpleArrayData name="${name}">${values.map((v) => `<gx:value>${v}</gx:value>`).join('')}</gx:SimpleArrayData>`
  const column = (values: Float64Array | null): (number | null)[] | null =>
    values === null ? null : Array.from(values, (v) => (Number.isNaN(v) ? null : v))

  it('refuses a document whose root is not <kml> as an unsupported format', async () => {
    expect(await codeOf('<?xml version="1.0"?><gpx><trk/></gpx>')).toBe('track_format_unsupported')
  })

  it('tells a document without any track or line (only a point placemark) from a track without positions', async () => {
    expect(await codeOf(kmlDocument('<Placemark><Point><coordinates>14,3,0</coordinates></Point></Placemark>'))).toBe(
      'track_no_track',
    )
    expect(await codeOf(kmlDocument(`<Placemark>${track(['', ''])}</Placemark>`))).toBe('track_no_points')
  })

  it('refuses a gx:Track whose <when>s and <gx:coord>s do not pair up, and a position off the globe', async () => {
    const unpaired = `<gx:Track>${when(0)}${when(1)}${when(2)}<gx:coord>14 3 0</gx:coord><gx:coord>14 3 0</gx:coord></gx:Track>`
    expect(await codeOf(kmlDocument(`<Placemark>${unpaired}</Placemark>`))).toBe('track_invalid_coordinates')
    expect(await codeOf(kmlDocument(`<Placemark>${track(['14 91 0'])}</Placemark>`))).toBe('track_invalid_coordinates')
    expect(await codeOf(kmlDocument(`<Placemark>${track(['181 3 0'])}</Placemark>`))).toBe('track_invalid_coordinates')
    expect(await codeOf(kmlDocument('<Placemark><LineString><coordinates>14,-91</coordinates></LineString></Placemark>'))).toBe(
      'track_invalid_coordinates',
    )
  })

  it('reads each gx:Track point as lon, lat, altitude at its <when>, a missing altitude as none', async () => {
    const activity = await read(kmlDocument(`<Placemark>${track(['14.5 -3.25 120.5', '14.6  -3.3'])}</Placemark>`))
    expect(activity.format).toBe('kml')
    expect(activity.sport).toBeNull()
    const [segment] = activity.tracks.flatMap((part) => part.segments)
    expect(Array.from(segment?.lon ?? [])).toEqual([14.5, 14.6])
    expect(Array.from(segment?.lat ?? [])).toEqual([-3.25, -3.3])
    expect(column(segment?.ele ?? null)).toEqual([120.5, null])
    expect(Array.from(segment?.time ?? [])).toEqual([Date.UTC(2021, 4, 29, 18, 6, 0), Date.UTC(2021, 4, 29, 18, 6, 1)])
  })

  it('makes each LineString a segment of untimed positions (lon,lat[,alt] tuples split by any white space)', async () => {
    const activity = await read(
      kmlDocument(
        '<Placemark><LineString><coordinates>\n  14,3,10\n\t14.1,3.1,11   14.2,3.2\n</coordinates></LineString></Placemark>' +
          '<Placemark><LineString><coordinates>15,4,5</coordinates></LineString></Placemark>',
      ),
    )
    const segments = activity.tracks.flatMap((part) => part.segments)
    expect(segments.map((segment) => Array.from(segment.lon))).toEqual([[14, 14.1, 14.2], [15]])
    expect(segments.map((segment) => Array.from(segment.lat))).toEqual([[3, 3.1, 3.2], [4]])
    expect(segments.map((segment) => column(segment.ele))).toEqual([[10, 11, null], [5]])
    expect(segments.every((segment) => Array.from(segment.time).every(Number.isNaN))).toBe(true)
  })

  it('reads a LineString tuple written with spaces beside its commas as one position', async () => {
    const activity = await read(kmlDocument('<Placemark><LineString><coordinates>\n 4.86697, 44.85691, 0.000000 \n 4.87199 ,44.89223 , 12\n</coordinates></LineString></Placemark>'))
    const [segment] = activity.tracks.flatMap((part) => part.segments)
    expect(Array.from(segment?.lon ?? [])).toEqual([4.86697, 4.87199])
    expect(Array.from(segment?.lat ?? [])).toEqual([44.85691, 44.89223])
    expect(column(segment?.ele ?? null)).toEqual([0, 12])
  })

  it('keeps only the timed tracks when a document has both gx:Tracks and LineStrings', async () => {
    const activity = await read(
      kmlDocument(
        '<Placemark><LineString><coordinates>15,4 15.1,4.1</coordinates></LineString></Placemark>' +
          `<Placemark>${track(['14 3 0', '14.001 3 0'])}</Placemark>`,
      ),
    )
    expect(activity.tracks.flatMap((part) => part.segments).map((segment) => Array.from(segment.lon))).toEqual([[14, 14.001]])
  })

  it('reads heart rate, cadence, power and temperature arrays by their names in any case, values outside physical ranges as missing', async () => {
    const coords = ['14 3 0', '14.001 3 0', '14.002 3 0']
    const arrays =
      sensorArray('HeartRate', [0, 1, 300]) +
      sensorArray('cadence', [-1, 0, 400]) +
      sensorArray('power', [5000, 5001, -1]) +
      sensorArray('temperature', [-91, -90, 90])
    const [segment] = (await read(kmlDocument(`<Placemark>${track(coords, `<ExtendedData><SchemaData>${arrays}</SchemaData></ExtendedData>`)}</Placemark>`))).tracks.flatMap(
      (part) => part.segments,
    )
    expect(column(segment?.heartRate ?? null)).toEqual([null, 1, 300])
    expect(column(segment?.cadence ?? null)).toEqual([null, 0, 400])
    expect(column(segment?.power ?? null)).toEqual([5000, null, null])
    expect(column(segment?.temperature ?? null)).toEqual([null, -90, 90])
  })

  it('takes "hr" and "heartrate" as heart rate, ignores arrays of other names, and a short array leaves the last points without a value', async () => {
    const coords = ['14 3 0', '14.001 3 0', '14.002 3 0']
    for (const name of ['hr', 'heartrate']) {
      const [segment] = (await read(kmlDocument(`<Placemark>${track(coords, sensorArray(name, [120, 121]))}</Placemark>`))).tracks.flatMap(
        (part) => part.segments,
      )
      expect(column(segment?.heartRate ?? null)).toEqual([120, 121, null])
    }
    const [other] = (await read(kmlDocument(`<Placemark>${track(coords, sensorArray('speed', [120, 121, 122]))}</Placemark>`))).tracks.flatMap(
      (part) => part.segments,
    )
    expect([other?.heartRate, other?.cadence, other?.power, other?.temperature]).toEqual([null, null, null, null])
  })

  it("names the activity after the first Document or Placemark name and description, white space collapsed, other elements' names ignored", async () => {
    const body =
      '<Style><name>Style name</name></Style>' +
      `<Placemark><name>  Evening \n  run </name><description>Along\tthe  river</description>${track(['14 3 0'])}</Placemark>` +
      `<Placemark><name>Second</name><description>Other</description>${track(['15 3 0'])}</Placemark>`
    const text = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>${body}</Document></kml>`
    const activity = await read(text)
    expect([activity.name, activity.description]).toEqual(['Evening run', 'Along the river'])
    expect(activity.tracks.map((part) => [part.name, part.description])).toEqual([['Evening run', 'Along the river']])
    expect(activity.tracks.flatMap((part) => part.segments)).toHaveLength(2)
  })

  it('has no name or description when the document gives none, or only blank ones', async () => {
    const text = `<?xml version="1.0"?><kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name> </name><Placemark>${track(['14 3 0'])}</Placemark></Document></kml>`
    const activity = await read(text)
    expect([activity.name, activity.description]).toEqual([null, null])
  })

  it('says in the wire detail what was wrong: the root element, the counts that do not pair, the coordinates, what is missing', async () => {
    expect(await detailOf('<?xml version="1.0"?><gpx><trk/></gpx>')).toBe('root element <gpx>')
    const unpaired = `<gx:Track>${when(0)}${when(1)}${when(2)}<gx:coord>14 3 0</gx:coord><gx:coord>14 3 0</gx:coord></gx:Track>`
    expect(await detailOf(kmlDocument(`<Placemark>${unpaired}</Placemark>`))).toBe('3 <when> for 2 <gx:coord>')
    expect(await detailOf(kmlDocument(`<Placemark>${track(['14 91 0'])}</Placemark>`))).toBe('coordinates "14 91 0"')
    const long = `14 91 ${'1'.repeat(100)}`
    expect(await detailOf(kmlDocument(`<Placemark>${track([long])}</Placemark>`))).toBe(`coordinates "${long.slice(0, 80)}"`)
    expect(await detailOf(kmlDocument(`<Placemark>${track([''])}</Placemark>`))).toBe('gx:Track without a position')
    expect(await detailOf(kmlDocument('<Placemark><Point><coordinates>14,3</coordinates></Point></Placemark>'))).toBe('no gx:Track or LineString')
  })

  it("names the activity after the Document when its placemark has no name", async () => {
    const activity = await read(kmlDocument(`<Placemark>${track(['14 3 0'])}</Placemark>`))
    expect(activity.name).toBe('Morning walk')
  })

  it('reads pretty-printed coordinates padded with line breaks, and a blank <gx:coord> as a pause marker', async () => {
    const body = `<Placemark><gx:Track>${when(0)}${when(1)}${when(2)}<gx:coord>\n   14.5 3.5 7\n</gx:coord><gx:coord> </gx:coord><gx:coord>\n 14.6 3.6 8 </gx:coord></gx:Track></Placemark>`
    const segments = (await read(kmlDocument(body))).tracks.flatMap((part) => part.segments)
    expect(segments.map((segment) => [Array.from(segment.lon), Array.from(segment.lat), Array.from(segment.ele)])).toEqual([
      [[14.5], [3.5], [7]],
      [[14.6], [3.6], [8]],
    ])
  })

  it("reads no position from a track's gx:angles, a LineString's tessellate or altitudeMode, or a coord nested in another element", async () => {
    const angles = `<Placemark><gx:Track>${when(0)}${when(1)}<gx:coord>14 3 0</gx:coord><gx:coord>14.001 3 0</gx:coord><gx:angles>45 0 0</gx:angles><gx:angles>46 0 0</gx:angles><ExtendedData><x:info xmlns:x="urn:x"><x:when>2030-01-01T00:00:00Z</x:when><x:coord>1 2 3</x:coord></x:info></ExtendedData></gx:Track></Placemark>`
    const tracked = (await read(kmlDocument(angles))).tracks.flatMap((part) => part.segments)
    expect(tracked.map((segment) => Array.from(segment.lon))).toEqual([[14, 14.001]])
    const line = '<Placemark><LineString><extrude>1</extrude><tessellate>1</tessellate><altitudeMode>absolute</altitudeMode><coordinates>14,3,1 14.1,3.1,2</coordinates></LineString></Placemark>'
    const lines = (await read(kmlDocument(line))).tracks.flatMap((part) => part.segments)
    expect(lines.map((segment) => Array.from(segment.lon))).toEqual([[14, 14.1]])
  })
})
