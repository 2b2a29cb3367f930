import { Decoder, Stream } from '@garmin/fitsdk'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cadenceIn, cadenceUnitOf } from '../../../src/format/cadence'
import { SPORT_ID } from '../../../src/domain/sports'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'

/**
 * What our FIT importer stores as cadence, read as the app shows it, against the watch's own session average decoded
 * by Garmin's SDK (one foot's strides, or a pedal's turns, a minute): runners see both feet's steps.
 */
function cadenceOf(file: string) {
  const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/real/fit', file))
  const session = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]
  if (typeof session?.avgCadence !== 'number') throw new Error(`${file}: no session cadence`)
  const stored = singleActivity(importFitBytes(bytes)).tracks.flatMap((track) => track.segments.flatMap((segment) => [...(segment.cadence ?? [])]))
  const known = stored.filter((value) => Number.isFinite(value))
  if (known.length === 0) throw new Error(`${file}: no cadence stored`)
  return { device: session.avgCadence, stored: known }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

describe('cadence as shown', () => {
  it('a run reads in steps a minute: twice the strides a Fenix 2 recorded (162 where the watch says 81)', () => {
    const { device, stored } = cadenceOf('garmin-fenix2-run.fit')
    const unit = cadenceUnitOf(SPORT_ID.running)
    expect(unit).toBe('spm')
    // The watch's average leaves out a few still seconds and its own rounding: within 1 step a minute.
    expect(Math.abs(mean(stored.map((cycles) => cadenceIn(cycles, unit))) - 2 * device)).toBeLessThan(1)
  })

  it("each record's cadence keeps its fractional part (fractional_cadence), as Garmin's SDK decodes it", () => {
    const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/real/fit/garmin-fenix5-run.fit'))
    const records = new Decoder(Stream.fromBuffer(bytes)).read().messages.recordMesgs ?? []
    const device = records.map((record) => (record.cadence ?? Number.NaN) + (record.fractionalCadence ?? 0))
    // 12 of its 21 records carry a fraction (half a stride a minute, and more).
    expect(device.filter((value) => !Number.isInteger(value))).toHaveLength(12)
    const stored = singleActivity(importFitBytes(bytes)).tracks.flatMap((track) => track.segments.flatMap((segment) => [...(segment.cadence ?? [])]))
    expect(stored).toEqual(device)
  })

  it('a ride stays in revolutions a minute: an Edge 810 says 87', () => {
    const { device, stored } = cadenceOf('garmin-edge810-vector.fit')
    const unit = cadenceUnitOf(SPORT_ID.cyclingSport)
    expect(unit).toBe('rpm')
    expect(Math.abs(mean(stored.map((cycles) => cadenceIn(cycles, unit))) - device)).toBeLessThan(1)
  })
})
