import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { syntheticRide } from '../test-support/synthetic-ride'
import { activityOfParsedFit, importFitBytes, parseFitWithLibrary } from './fit-importer'
import { fitCrc, readFitActivity, type FitActivityData } from './fit-reader'
import { encodeFitActivity } from './fit-test-writer'
import { singleActivity } from '../test-support/single-activity'
import { seededRandom } from '../../../src/test-support/seeded-random'

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/fit/', import.meta.url))

/** The fast reader's result, which must exist, next to fit-file-parser's. */
async function bothDecoders(bytes: Uint8Array): Promise<[FitActivityData, FitActivityData]> {
  const fast = readFitActivity(bytes)
  expect(fast, 'the fast reader handles this file').not.toBeNull()
  const reference = activityOfParsedFit(await parseFitWithLibrary(bytes))
  return [fast ?? reference, reference]
}

/** Plain arrays, so that a difference shows as values (NaN equals NaN for `toEqual`). */
function plain(data: FitActivityData): unknown {
  const { records } = data
  return {
    timers: data.timers,
    sessions: data.sessions,
    count: records.count,
    columns: [records.time, records.lat, records.lon, records.ele, records.heartRate, records.cadence, records.power, records.temperature, records.distance].map(
      (column) => Array.from(column),
    ),
  }
}

// A minimal FIT writer for layouts fit-file-parser's encoder does not produce (big-endian,
// developer data, compressed timestamps).
const FIT_EPOCH_S = 631_065_600

function fitFile(messages: readonly number[][]): Uint8Array {
  const data = messages.flat()
  const bytes = new Uint8Array(14 + data.length + 2)
  const view = new DataView(bytes.buffer)
  bytes[0] = 14
  bytes[1] = 0x20
  view.setUint16(2, 2132, true)
  view.setUint32(4, data.length, true)
  bytes.set([0x2e, 0x46, 0x49, 0x54], 8)
  view.setUint16(12, fitCrc(bytes, 0, 12), true)
  bytes.set(data, 14)
  view.setUint16(14 + data.length, fitCrc(bytes, 0, 14 + data.length), true)
  return bytes
}

function uint(value: number, size: number, littleEndian: boolean): number[] {
  const out: number[] = []
  for (let i = 0; i < size; i++) out.push((value >>> (8 * i)) & 0xff)
  return littleEndian ? out : out.reverse()
}

/** Record definition (timestamp, lat, lon, heart rate) and `count` records, one a second. */
function recordMessages(count: number, littleEndian: boolean, header = 0x40): number[][] {
  const messages = [[header, 0, littleEndian ? 0 : 1, ...uint(20, 2, littleEndian), 4, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85, 3, 1, 0x02]]
  if ((header & 0x20) !== 0) messages[0]?.push(1, 0, 1, 0)
  const start = Date.UTC(2024, 4, 1) / 1000 - FIT_EPOCH_S
  for (let i = 0; i < count; i++) {
    const lat = Math.round(((45 + i * 1e-4) * 2 ** 31) / 180)
    const message = [0, ...uint(start + i, 4, littleEndian), ...uint(lat >>> 0, 4, littleEndian), ...uint(Math.round((6 * 2 ** 31) / 180), 4, littleEndian), 120 + i]
    if ((header & 0x20) !== 0) message.push(7)
    messages.push(message)
  }
  return messages
}

describe('purpose-built FIT reader', () => {
  it('decodes every FIT fixture exactly as fit-file-parser does', async () => {
    const files = readdirSync(fixtures).filter((name) => name.endsWith('.fit'))
    expect(files.length).toBeGreaterThanOrEqual(5)
    for (const name of files) {
      const [fast, reference] = await bothDecoders(readFileSync(join(fixtures, name)))
      expect(plain(fast), name).toEqual(plain(reference))
    }
  })

  it('agrees on values at the edges: temperatures, missing fields, invalid values, sports', async () => {
    const ride = syntheticRide(50).map((point, i) => ({
      ...point,
      temperature: i % 7 === 0 ? undefined : -20 + i,
      heartRate: i % 5 === 0 ? undefined : point.heartRate,
      lat: i % 11 === 0 ? undefined : point.lat,
      ele: i % 13 === 0 ? undefined : -120.4 + i,
    }))
    for (const sport of [0, 1, 2, 5, 200]) {
      const [fast, reference] = await bothDecoders(encodeFitActivity({ records: ride, sport }))
      expect(plain(fast), `sport ${sport}`).toEqual(plain(reference))
    }
  })

  it('reads big-endian files', async () => {
    const bytes = fitFile(recordMessages(20, false))
    const [fast, reference] = await bothDecoders(bytes)
    expect(plain(fast)).toEqual(plain(reference))
    expect(fast.records.count).toBe(20)
    expect(fast.records.heartRate[3]).toBe(123)
  })

  it('leaves damaged and unusual files to fit-file-parser', async () => {
    const good = encodeFitActivity({ records: syntheticRide(30), sport: 2 })
    expect(readFitActivity(good)).not.toBeNull()
    const flipped = Uint8Array.from(good)
    flipped[100] = (flipped[100] ?? 0) ^ 0x01
    expect(readFitActivity(flipped)).toBeNull()
    expect(readFitActivity(good.subarray(0, good.length - 10))).toBeNull()
    expect(readFitActivity(new Uint8Array(0))).toBeNull()

    // Developer data and compressed timestamps: fit-file-parser decodes them, the import works.
    const developer = fitFile(recordMessages(10, true, 0x60))
    expect(readFitActivity(developer)).toBeNull()
    const viaLibrary = await importFitBytes(developer)
    expect(singleActivity(viaLibrary).tracks[0]?.segments[0]?.size).toBe(10)

    const messages = recordMessages(2, true)
    // A second definition without timestamp, then a compressed-timestamp record (local 1, +2 s).
    messages.push([0x41, 0, 0, 20, 0, 1, 3, 1, 0x02])
    const last = messages[2]?.slice(1, 5) ?? []
    const lastTime = (last[0] ?? 0) | ((last[1] ?? 0) << 8) | ((last[2] ?? 0) << 16) | ((last[3] ?? 0) << 24)
    messages.push([0x80 | (1 << 5) | ((lastTime + 2) & 0x1f), 150])
    const compressed = fitFile(messages)
    expect(readFitActivity(compressed)).toBeNull()
    const reference = activityOfParsedFit(await parseFitWithLibrary(compressed))
    expect(reference.records.count).toBe(3)
  })

  it('on damaged files with a valid CRC, agrees with fit-file-parser or leaves the file to it', async () => {
    const good = encodeFitActivity({ records: syntheticRide(40), pauses: [], sport: 2 })
    const random = seededRandom(99)
    let decodedByBoth = 0
    for (let round = 0; round < 300; round++) {
      const bytes = Uint8Array.from(good)
      const dataEnd = bytes.length - 2
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--) {
        bytes[14 + Math.floor(random() * (dataEnd - 14))] = Math.floor(random() * 256)
      }
      new DataView(bytes.buffer).setUint16(dataEnd, fitCrc(bytes, 0, dataEnd), true)
      const fast = readFitActivity(bytes)
      const reference = await parseFitWithLibrary(bytes).then(activityOfParsedFit, () => null)
      // A file fit-file-parser refuses is never accepted by the fast reader.
      if (reference === null) expect(fast, `round ${round}`).toBeNull()
      if (fast !== null && reference !== null) {
        decodedByBoth++
        expect(plain(fast), `round ${round}`).toEqual(plain(reference))
      }
      // Whatever happens, the import ends in a track or a catalogued error.
      await importFitBytes(bytes).catch((error: unknown) => {
        expect(error, `round ${round}`).toMatchObject({ code: expect.stringMatching(/^(fit_|track_)/) as unknown })
      })
    }
    expect(decodedByBoth).toBeGreaterThan(50)
  })
})
