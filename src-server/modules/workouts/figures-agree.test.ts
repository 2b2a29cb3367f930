import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyseForStorage, type StoredAnalysis } from '../../../src/domain/analysis'
import type { Track, TrackSegment } from '../../../src/domain/track'
import { TrackSegmentBuilder } from '../../../src/domain/track-builder'
import { isAppError } from '../../../src/errors/app-error'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { chartColumns, packChart } from '../../compute/stored-chart'
import { importTrackFile } from '../../importers/import-track-file'
import { realCorpusFiles, realFixtures } from '../../test/workouts'
import { presentSegmentChart, presentWorkoutChart } from './chart.presenter'

/**
 * What a user sees of one workout never contradicts itself: no best effort is faster than the
 * workout's top speed, the chart never draws a speed above it (so neither does its smoothed line,
 * an average of the chart's points), and the chart ends at the workout's distance. Checked on
 * every activity of the real corpus and on generated tracks with stops, gaps and GPS spikes.
 */
function expectAgreement(label: string, analysis: StoredAnalysis): void {
  const points = chartColumns(packChart(analysis.chart))
  const top = analysis.workout.maxSpeedKmh
  const km = analysis.workout.distanceKm
  if (top === null || km === null) {
    // No distance: nothing on the chart or among the efforts may make one up.
    expect(analysis.insights.distanceEfforts, label).toEqual([])
    expect(presentWorkoutChart(points, top, false).filter((point) => point.distance !== null || point.speed !== null), label).toEqual([])
    return
  }
  const apiTop = Number(top.toFixed(2))
  for (const effort of analysis.insights.distanceEfforts) {
    const kmh = (effort.distanceM / effort.movingMs) * 3600
    expect(kmh, `${label}: best ${effort.distanceM} m at ${kmh.toFixed(2)} km/h, top speed ${top.toFixed(2)}`).toBeLessThanOrEqual(top + 1e-9)
  }
  const chart = presentWorkoutChart(points, top, true)
  expect(Math.max(...chart.map((point) => point.speed ?? Number.NaN)), `${label}: chart above the top speed`).toBeLessThanOrEqual(apiTop)
  expect(chart.at(-1)?.distance, `${label}: chart end`).toBe(Number(km.toFixed(3)))
  for (const segment of analysis.segments) {
    const segmentTop = segment.maxSpeedKmh ?? Number.NaN
    const own = presentSegmentChart(points, segment.index, segmentTop, true)
    expect(Math.max(...own.map((point) => point.speed ?? Number.NaN)), `${label}: segment ${segment.index} chart`).toBeLessThanOrEqual(Number(segmentTop.toFixed(2)))
  }
}

describe('best efforts and chart agree with the figures', () => {
  it('on every activity of the real corpus', async () => {
    let checked = 0
    for (const name of await realCorpusFiles()) {
      let activities: readonly Track[]
      try {
        activities = (await importTrackFile(join(realFixtures(), name))).activities
      } catch (error) {
        if (isAppError(error)) continue // refused files are the corpus tests' business
        throw error
      }
      for (const [index, activity] of activities.entries()) {
        let analysis: StoredAnalysis
        try {
          analysis = analyseForStorage(activity, { stoppedSpeedThresholdKmh: 1 })
        } catch (error) {
          if (isAppError(error)) continue // a transition of one record
          throw error
        }
        expectAgreement(`${name}#${index}`, analysis)
        checked++
      }
    }
    // 78 files, a few refused, multisport files with several activities.
    expect(checked).toBeGreaterThan(75)
  }, 300_000)

  it('on generated tracks with stops, timer gaps, points without time and GPS spikes', () => {
    const random = seededRandom(29)
    for (let run = 0; run < 60; run++) {
      const segments: TrackSegment[] = []
      let time = Date.UTC(2025, 5, 1, 7)
      let lat = 44 + random()
      for (let s = 0, count = 1 + Math.floor(random() * 4); s < count; s++) {
        const builder = new TrackSegmentBuilder()
        for (let i = 0, points = 200 + Math.floor(random() * 1500); i < points; i++) {
          const seconds = 1 + Math.floor(random() * 4)
          time += seconds * 1000
          const kmh = random() < 0.01 ? 300 + random() * 500 : random() < 0.1 ? 0 : 5 + random() * 45
          lat += (kmh / 3.6) * seconds / 111_195
          builder.push({ lat, lon: 6, ele: 300 + 50 * Math.sin(i / 50), time: random() < 0.02 ? Number.NaN : time })
        }
        segments.push(builder.build())
        time += Math.floor(random() * 900_000)
        lat += random() * 0.01 // the timer stopped while the rider went on
      }
      const track: Track = { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments }] }
      // Every run is measured: a spike beside a fix without a time, or a jump the rider cannot make, loses
      // only the impossible fixes, never most of the track (which would refuse it as impossible positions).
      expectAgreement(`run ${run}`, analyseForStorage(track, { stoppedSpeedThresholdKmh: 1 }))
    }
  })
})
