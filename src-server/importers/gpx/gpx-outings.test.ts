import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/errors/app-error'
import { analyseTrack } from '../../../src/domain/analysis'
import type { Track } from '../../../src/domain/track'
import { gpxOutings, importGpxString } from './gpx-importer'

/** A `<trk>` named `name` of three points a minute apart from `start` (ISO), 0.001° of longitude apart. */
function trk(name: string, start: string): string {
  const points = [0, 1, 2].map((i) => `<trkpt lat="42.5" lon="${(1.5 + i * 0.001).toFixed(3)}"><time>${new Date(Date.parse(start) + i * 60_000).toISOString()}</time></trkpt>`)
  return `<trk><name>${name}</name><trkseg>${points.join('')}</trkseg></trk>`
}

/** The file's only outing. */
function onlyOuting(xml: string): Track {
  const outings = gpxOutings(importGpxString(xml))
  expect(outings).toHaveLength(1)
  const [outing] = outings
  if (!outing) throw new Error('no outing')
  return outing
}

function gpx(...tracks: string[]): string {
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${tracks.join('')}</gpx>`
}

describe('the outings of a GPX file of several tracks', () => {
  it('tracks written out of time order that do not overlap are a workout each, earliest first', () => {
    // togeojson's Blue Hills file: June, October, then May.
    const outings = gpxOutings(importGpxString(gpx(trk('Big loop', '2001-06-24T15:00:00Z'), trk('Buck hill', '2001-10-13T17:00:00Z'), trk('Short loop', '2001-05-26T15:00:00Z'))))
    expect(outings.map((outing) => outing.name)).toEqual(['Short loop', 'Big loop', 'Buck hill'])
    expect(outings.map((outing) => analyseTrack(outing).workout.durationS)).toEqual([120, 120, 120])
  })

  it("tracks that follow each other with pauses of up to a day stay one workout (the reference tracker's rule)", () => {
    const outing = onlyOuting(gpx(trk('Day 1', '2001-05-26T15:00:00Z'), trk('Day 2', '2001-05-27T15:00:00Z')))
    expect(analyseTrack(outing).workout.durationS).toBe(24 * 3600 + 120)
    // The pause from 15:02 to 15:02 the next day is exactly a day.
    expect(gpxOutings(importGpxString(gpx(trk('Day 1', '2001-05-26T15:00:00Z'), trk('Day 2', '2001-05-27T15:02:00Z'))))).toHaveLength(1)
  })

  it('a pause of more than a day between tracks in time order starts another outing: no workout of six years', () => {
    // phpGPX's TimeZero export: a track in 2010, another in 2016.
    const years = gpxOutings(importGpxString(gpx(trk('2010', '2010-01-01T14:48:00Z'), trk('2016', '2016-04-03T14:13:00Z'))))
    expect(years.map((outing) => [outing.name, analyseTrack(outing).workout.durationS])).toEqual([
      ['2010', 120],
      ['2016', 120],
    ])
    // One millisecond over a day; the tracks of an outing stay together, named after its first.
    const over = gpxOutings(
      importGpxString(gpx(trk('Sat', '2001-05-26T15:00:00Z'), trk('Sat later', '2001-05-26T16:00:00Z'), trk('Sun', new Date(Date.parse('2001-05-27T16:02:00Z') + 1).toISOString()))),
    )
    expect(over.map((outing) => [outing.name, outing.tracks.length])).toEqual([
      ['Sat', 2],
      ['Sun', 1],
    ])
  })

  it('tracks that overlap stay one activity, refused as overlapping (the same ride twice)', () => {
    const outing = onlyOuting(gpx(trk('Copy', '2001-05-26T15:01:00Z'), trk('Ride', '2001-05-26T15:00:00Z')))
    expect(() => analyseTrack(outing)).toThrow(new AppError('track_segments_overlap'))
  })
})
