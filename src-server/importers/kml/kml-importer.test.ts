import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kmlDocument } from '../test-support/kml'
import { importKmlFile } from './kml-importer'

describe('KML recordings with pause markers', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'waymark-kml-unit-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  async function segmentsOf(name: string, text: string) {
    const path = join(folder, name)
    await writeFile(path, text)
    return (await importKmlFile(path)).tracks.flatMap((track) => track.segments)
  }

  const when = (second: number): string => `<when>2021-05-29T18:06:${String(second).padStart(2, '0')}Z</when>`

  it('cuts a gx:Track at each empty <gx:coord/> (OpenTracks start, pause and resume), heart rate kept in step', async () => {
    // OpenTracks writes an empty coord where the recording starts, pauses and resumes; the whens
    // and the heart rates pair with the coords by position, empty ones included.
    const coords = ['', '14.000 3.0 10', '14.001 3.0 10', '', '', '14.010 3.0 11', '14.011 3.0 11', '']
    const body =
      `<Placemark><gx:MultiTrack><gx:Track>${coords.map((_, i) => when(i)).join('')}` +
      `${coords.map((coord) => (coord === '' ? '<gx:coord/>' : `<gx:coord>${coord}</gx:coord>`)).join('')}` +
      `<ExtendedData><SchemaData schemaUrl="#schema"><gx:SimpleArrayData name="heart_rate">${coords.map((_, i) => `<gx:value>${100 + i}</gx:value>`).join('')}</gx:SimpleArrayData></SchemaData></ExtendedData>` +
      '</gx:Track></gx:MultiTrack></Placemark>'
    const segments = await segmentsOf('opentracks.kml', kmlDocument(body))
    expect(segments.map((segment) => Array.from(segment.lon))).toEqual([
      [14, 14.001],
      [14.01, 14.011],
    ])
    expect(segments.map((segment) => Array.from(segment.time).map((time) => new Date(time).getUTCSeconds()))).toEqual([
      [1, 2],
      [5, 6],
    ])
    expect(segments.map((segment) => Array.from(segment.heartRate ?? []))).toEqual([
      [101, 102],
      [105, 106],
    ])
  })

  it('reads KML 2.3, whose Track and coord are in the main namespace (FitTrackee, OpenTracks exports)', async () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.3"><Document><Placemark><MultiTrack><Track>' +
      `${when(0)}<coord/>${when(10)}<coord>6.07367 44.68095 998</coord>${when(20)}<coord>6.07367 44.68091 998</coord>` +
      '</Track></MultiTrack></Placemark></Document></kml>'
    const segments = await segmentsOf('kml23.kml', text)
    expect(segments.map((segment) => segment.size)).toEqual([2])
  })
})
