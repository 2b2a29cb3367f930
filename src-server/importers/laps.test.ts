import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIXTURES } from '../test/workouts'
import { importFitBytes } from './fit/fit-importer'
import { parseFitWithLibrary } from './test-support/fit-library-reference'
import { importTrackFile } from './import-track-file'

describe('device laps', () => {
  it('a TCX <Lap> spans its first to last trackpoint', async () => {
    const parsed = await importTrackFile(join(FIXTURES, 'tcx', 'two_laps_with_indoor_point.tcx'))
    const laps = parsed.activities[0]?.laps ?? []
    expect(laps).toHaveLength(2)
    expect(laps[0]).toEqual({ startTime: Date.parse('2018-03-13T12:44:45Z'), endTime: Date.parse('2018-03-13T12:45:10Z') })
    expect(laps[1]?.startTime).toBe(Date.parse('2018-03-13T12:45:30Z'))
  })

  it('a GPX file has no laps', async () => {
    const parsed = await importTrackFile(join(FIXTURES, 'gpx', 'gpx_file.gpx'))
    expect(parsed.activities[0]?.laps).toBeUndefined()
  })

  // Real device files (see tests/fixtures/fit/SOURCES.md).
  it.each(['garmin-fenix5-run.fit', 'garmin-edge820-bike.fit'])(
    'FIT lap messages of %s, as fit-file-parser (the reference decoder) reads them',
    async (name) => {
      const bytes = await readFile(join(FIXTURES, 'fit', name))
      const reference = await parseFitWithLibrary(bytes)
      const expected = (reference.laps ?? []).map((lap) => ({ startTime: lap.start_time?.getTime(), endTime: lap.timestamp?.getTime() }))
      const { activities } = importFitBytes(bytes)
      const laps = activities.flatMap((activity) => activity.laps ?? [])
      expect(expected.length).toBeGreaterThan(0)
      expect(laps).toEqual(expected)
    },
  )
})
