import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { analyseTrack, type MotionFigures } from '../../src/domain/analysis'
import { importTrackFile } from './import-track-file'
import { singleActivity } from './test-support/single-activity'

const fixtures = fileURLToPath(new URL('../../tests/fixtures/', import.meta.url))

async function figuresOf(name: string): Promise<MotionFigures> {
  return analyseTrack(singleActivity(await importTrackFile(join(fixtures, name))), { stoppedSpeedThresholdKmh: 1 }).workout
}

describe('the same ride as GPX, TCX and FIT', () => {
  it('gives the same figures within 0.5 %', async () => {
    const [gpx, tcx, fit] = await Promise.all(
      ['gpx-generated/same_ride.gpx', 'tcx/same_ride.tcx', 'fit/same_ride.fit'].map(figuresOf),
    )
    if (!gpx || !tcx || !fit) throw new Error('missing figures')
    // The ride: 1,200 s with three 30 s stops, ~8.4 km.
    expect(gpx.durationS).toBe(1199)
    expect(gpx.movingS).toBeLessThan(1199 - 60)
    expect(gpx.distanceKm).toBeGreaterThan(7.5)
    const keys = ['durationS', 'movingS', 'pausesS', 'distanceKm', 'aveSpeedKmh', 'maxSpeedKmh', 'minAltM', 'maxAltM', 'ascentM', 'descentM'] as const
    for (const other of [tcx, fit]) {
      for (const key of keys) {
        const reference = gpx[key] ?? Number.NaN
        const value = other[key] ?? Number.NaN
        expect(Math.abs(value - reference), `${key}: ${value} vs ${reference}`).toBeLessThanOrEqual(Math.abs(reference) * 0.005)
      }
      expect(other.startTime).toBe(gpx.startTime)
    }
  })
})
