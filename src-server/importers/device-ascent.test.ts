import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Decoder, Stream } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../src/domain/analysis'
import { realFixtures } from '../test/workouts'
import { importTrackFile } from './import-track-file'

/**
 * Ascent against the devices' own figure: every FIT session of the real corpus that states its
 * `total_ascent` (decoded by Garmin's SDK), beside the ascent we count on the same session's
 * records. Devices differ (barometer or GPS, their own thresholds), so the check is the corpus as
 * a whole, with a bound no session may pass: summing every wobble of 1 s data gave 1.34× the
 * devices' total on average and up to 3.6× on one ride.
 */

/** Sessions climbing less say little: a device counting in whole metres is 5 % off at 20 m. */
const MIN_DEVICE_ASCENT_M = 20

interface Pair {
  readonly session: string
  readonly deviceM: number
  readonly oursM: number
}

/** The FIT sessions of the corpus with a device ascent, matched with our workouts in time order. */
async function pairs(): Promise<Pair[]> {
  const folder = join(realFixtures(), 'fit')
  const found: Pair[] = []
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.fit')).sort()) {
    const path = join(folder, name)
    const { messages } = new Decoder(Stream.fromBuffer(await readFile(path))).read()
    const sessions = [...(messages.sessionMesgs ?? [])].sort((a, b) => Number(a.startTime) - Number(b.startTime))
    if (!sessions.some((session) => typeof session.totalAscent === 'number' && session.totalAscent >= MIN_DEVICE_ASCENT_M)) continue
    const file = await importTrackFile(path)
    // Legs we join or leave out (a transition of one record) cannot be matched one to one.
    if (file.activities.length !== sessions.length) continue
    file.activities.forEach((activity, index) => {
      const deviceM = sessions[index]?.totalAscent
      if (typeof deviceM !== 'number' || deviceM < MIN_DEVICE_ASCENT_M) return
      const oursM = analyseTrack(activity, { stoppedSpeedThresholdKmh: 1 }).workout.ascentM ?? 0
      found.push({ session: `${name}#${index}`, deviceM, oursM })
    })
  }
  return found
}

describe('ascent of real files against the devices\' own total', () => {
  it('is the devices\' figure on average, within 15 % for three sessions in four, never 1.5× it', async () => {
    const found = await pairs()
    // 71 on 2026-11-28; a smaller count means the corpus or the decoding lost sessions.
    expect(found.length).toBeGreaterThanOrEqual(70)
    const ratios = found.map((pair) => pair.oursM / pair.deviceM)
    const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length
    expect(mean, 'mean ratio to the device').toBeGreaterThan(0.95)
    expect(mean, 'mean ratio to the device').toBeLessThan(1.05)
    const within = ratios.filter((ratio) => Math.abs(ratio - 1) <= 0.15).length
    expect(within / found.length, `${within} of ${found.length} within 15 %`).toBeGreaterThanOrEqual(0.75)
    expect(found.filter((pair) => pair.oursM > 1.5 * pair.deviceM)).toEqual([])
  }, 300_000)
})
