import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../src/domain/analysis'
import type { Track, TrackSegment } from '../../src/domain/track'
import { realFixtures } from '../test/workouts'
import { importTrackFile } from './import-track-file'

/**
 * A single bad altitude sample (a GPS glitch to 0 m, a chip's −500 m, a barometer splashed or
 * spiking) cannot wreck a real workout's altitude figures: its minimum and maximum stay those the
 * device itself recorded in its session (Garmin's SDK reads them), and its ascent and descent move
 * by less than a metre.
 */

const corpus = realFixtures()

/** Real rides and runs whose session carries the device's own minimum and maximum altitude. */
const files = [
  'fit/broken-start-latlng.fit',
  'fit/elemnt-bolt-devdata-noappid.fit',
  'fit/gpsbabel-garmin-oregon-700.fit',
  'fit/gpsbabel-wahoo-elemnt-bolt.fit',
  'fit/sportslib-27-days-activity.fit',
  'fit/goldencheetah-hammerhead-karoo.fit',
  'fit/goldencheetah-sigma-rox11.fit',
  'fit/wahoo-elemnt-ride.fit',
]

/** The device's own session extremes, metres. */
function deviceExtremes(path: string): { min: number; max: number } {
  const { messages } = new Decoder(Stream.fromBuffer(readFileSync(path))).read()
  const session = messages.sessionMesgs?.[0]
  const min = Number(session?.enhancedMinAltitude ?? session?.minAltitude)
  const max = Number(session?.enhancedMaxAltitude ?? session?.maxAltitude)
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new Error(`${path}: no session altitude`)
  return { min, max }
}

/** `track` with the elevation of the middle point of its longest segment replaced by `ele`. */
function withGlitch(track: Track, ele: number): Track {
  const segments = track.tracks.flatMap((part) => part.segments)
  const longest = segments.reduce((a, b) => (b.size > a.size ? b : a))
  const glitched: TrackSegment = { ...longest, ele: Float64Array.from(longest.ele) }
  glitched.ele[longest.size >> 1] = ele
  return {
    ...track,
    tracks: track.tracks.map((part) => ({ ...part, segments: part.segments.map((segment) => (segment === longest ? glitched : segment)) })),
  }
}

describe('altitude figures a single bad sample cannot wreck', () => {
  for (const name of files) {
    it(`${name}: a sample at 0 m, −500 m, or 100 m / 45 m off its neighbours changes no altitude figure`, async () => {
      const path = join(corpus, name)
      const device = deviceExtremes(path)
      const activity = (await importTrackFile(path)).activities[0]
      if (!activity) throw new Error('no activity')
      const clean = analyseTrack(activity).workout
      const middle = activity.tracks.flatMap((part) => part.segments).reduce((a, b) => (b.size > a.size ? b : a))
      const around = middle.ele[middle.size >> 1] ?? Number.NaN
      // 0 m is a glitch only where the ground lies well above or below sea level.
      const glitches = [...(Math.abs(around) > 50 ? [0] : []), -500, around + 100, around - 100, around + 45, around - 45]
      for (const glitch of glitches) {
        const { workout } = analyseTrack(withGlitch(activity, glitch))
        expect(workout.minAltM, `${glitch} m: minimum vs the device's`).toBeCloseTo(device.min, -0.5)
        expect(workout.maxAltM, `${glitch} m: maximum vs the device's`).toBeCloseTo(device.max, -0.5)
        expect(Math.abs((workout.ascentM ?? Number.NaN) - (clean.ascentM ?? Number.NaN)), `${glitch} m: ascent`).toBeLessThan(1)
        expect(Math.abs((workout.descentM ?? Number.NaN) - (clean.descentM ?? Number.NaN)), `${glitch} m: descent`).toBeLessThan(1)
      }
    }, 60_000)
  }
})
