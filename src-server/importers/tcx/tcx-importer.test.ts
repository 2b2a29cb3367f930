import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { isAppError } from '../../../src/errors/app-error'
import { importTcxFile, importTcxString } from './tcx-importer'
import { singleActivity } from '../test-support/single-activity'

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/tcx/', import.meta.url))

describe('TCX importer', () => {
  it('reads laps as segments, keeps position-less points for time and heart rate only', async () => {
    const track = singleActivity(await importTcxFile(join(fixtures, 'two_laps_with_indoor_point.tcx')))
    expect(track.format).toBe('tcx')
    expect(track.sport).toBe('running')
    expect(track.description).toBe('Morning run & stretch')
    const lap2 = track.tracks[0]?.segments[1]
    expect(track.tracks[0]?.segments.map((segment) => segment.size)).toEqual([5, 4])
    expect(Number.isNaN(lap2?.lat[2] ?? 0)).toBe(true)
    expect(lap2?.heartRate?.[2]).toBe(99)
    expect(Array.from(track.tracks[0]?.segments[0]?.cadence ?? [])).toEqual([NaN, 80, NaN, NaN, NaN])

    const { workout, segments } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    // Same points as the first 9 of gpx_file, whose two-segment version gives 0:01:30 and 0.113 km
    // for them; here lap 2's position-less point is bridged, as in a GPX without it: 12:45:55 →
    // 12:46:15 is one 20 s interval, so lap 2 moves for all its 45 s.
    expect(workout.durationS).toBe(90)
    expect(segments.map((segment) => segment.durationS)).toEqual([25, 45])
    expect(segments[1]?.movingS).toBe(45)
    expect(workout.pausesS).toBe(90 - workout.movingS)
    expect(workout.movingS).toBe(25 + 45)
    expect(workout.distanceKm).toBeGreaterThan(0.05)
    expect(workout.distanceKm).toBeLessThan(0.113)
    expect(workout.bounds).toEqual([44.67995, 6.07356, 44.68095, 6.07367])
  })

  it('gives one activity per <Activity>, each with its own sport and notes', () => {
    const activity = (sport: string, day: string, notes: string): string => `<Activity Sport="${sport}"><Id>${day}T08:00:00Z</Id>
      <Lap StartTime="${day}T08:00:00Z"><Track>
      <Trackpoint><Time>${day}T08:00:00Z</Time><Position><LatitudeDegrees>45</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>${day}T08:00:10Z</Time><Position><LatitudeDegrees>45.0005</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap><Notes>${notes}</Notes></Activity>`
    const xml = `<TrainingCenterDatabase><Activities>${activity('Running', '2014-05-01', 'first')}${activity('Biking', '2016-12-03', 'second')}</Activities></TrainingCenterDatabase>`
    const activities = importTcxString(xml)
    expect(activities.map((track) => [track.sport, track.description])).toEqual([
      ['running', 'first'],
      ['biking', 'second'],
    ])
    const durations = activities.map((track) => analyseTrack(track).workout.durationS)
    expect(durations).toEqual([10, 10])
  })

  it("reads a MultiSportSession's first and next sports as activities of their own", () => {
    const activity = (sport: string, day: string): string => `<Activity Sport="${sport}"><Id>${day}T08:00:00Z</Id>
      <Lap StartTime="${day}T08:00:00Z"><Track>
      <Trackpoint><Time>${day}T08:00:00Z</Time><Position><LatitudeDegrees>45</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>${day}T08:00:10Z</Time><Position><LatitudeDegrees>45.0005</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity>`
    const xml = `<TrainingCenterDatabase><Activities><MultiSportSession><Id>2011-11-29T08:00:00Z</Id>
      <FirstSport>${activity('Running', '2011-11-29')}</FirstSport><NextSport>${activity('Biking', '2011-12-01')}</NextSport>
      </MultiSportSession></Activities></TrainingCenterDatabase>`
    expect(importTcxString(xml).map((track) => track.sport)).toEqual(['running', 'biking'])
  })

  it('refuses a file holding only a course (planned route)', async () => {
    const error = await importTcxFile(join(fixtures, 'course_only.tcx')).catch((caught: unknown) => caught)
    expect(isAppError(error) && error.code).toBe('track_no_track')
  })

  it('refuses a trackpoint with half a position', () => {
    const xml = `<TrainingCenterDatabase><Activities><Activity Sport="Biking"><Lap><Track>
      <Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>45</LatitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>`
    expect(() => importTcxString(xml)).toThrow(expect.objectContaining({ code: 'track_invalid_coordinates' }))
  })
})
