import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { syntheticRide } from '../test-support/synthetic-ride'
import { Decoder, Stream } from '@garmin/fitsdk'
import { activityOfParsedFit, comparable, parseFitWithLibrary } from '../test-support/fit-library-reference'
import { codeOf } from '../test-support/error-code'
import { importFitBytes } from './fit-importer'
import { fitCrc, readFitActivity, type FitActivityData } from './fit-reader'
import { encodeFitActivity } from './fit-test-writer'
import { craftedFit } from '../test-support/crafted-fit'
import { singleActivity } from '../test-support/single-activity'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { realFixtures } from '../../test/workouts'

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/fit/', import.meta.url))
// The real files (the whole corpus is compared in fit-reader-corpus.test.ts).
const corpus = join(realFixtures(), 'fit')

/** Where the definition messages of a well-formed file without compressed headers start. */
function definitionsOf(bytes: Uint8Array): number[] {
  const sizes: number[] = []
  const found: number[] = []
  const end = bytes.length - 2
  for (let pos = bytes[0] ?? 0; pos < end; ) {
    const header = bytes[pos] ?? 0
    if ((header & 0x40) === 0) {
      pos += 1 + (sizes[header & 0x0f] ?? 0)
      continue
    }
    found.push(pos)
    const fields = bytes[pos + 5] ?? 0
    let size = 0
    for (let f = 0; f < fields; f++) size += bytes[pos + 7 + f * 3] ?? 0
    sizes[header & 0x0f] = size
    pos += 6 + fields * 3
  }
  return found
}

/** Our reader's result next to fit-file-parser's. */
async function bothDecoders(bytes: Uint8Array): Promise<[FitActivityData, FitActivityData]> {
  return [readFitActivity(bytes), activityOfParsedFit(await parseFitWithLibrary(bytes))]
}

// A minimal FIT writer for layouts fit-file-parser's encoder does not produce (big-endian,
// developer data, compressed timestamps).
const FIT_EPOCH_S = 631_065_600

/** A FIT file of these messages: a 14-byte header (or the protocol's older 12-byte one), the data, the file's CRC. */
function fitFile(messages: readonly number[][], headerSize: 12 | 14 = 14): Uint8Array {
  const data = messages.flat()
  const bytes = new Uint8Array(headerSize + data.length + 2)
  const view = new DataView(bytes.buffer)
  bytes[0] = headerSize
  bytes[1] = 0x20
  view.setUint16(2, 2132, true)
  view.setUint32(4, data.length, true)
  bytes.set([0x2e, 0x46, 0x49, 0x54], 8)
  if (headerSize === 14) view.setUint16(12, fitCrc(bytes, 0, 12), true)
  bytes.set(data, headerSize)
  view.setUint16(headerSize + data.length, fitCrc(bytes, 0, headerSize + data.length), true)
  return bytes
}

/** The file's CRC written again over its bytes as they are now (a test's edit then damages nothing but what it meant to). */
function withCrc(bytes: Uint8Array): Uint8Array {
  new DataView(bytes.buffer, bytes.byteOffset).setUint16(bytes.length - 2, fitCrc(bytes, 0, bytes.length - 2), true)
  return bytes
}

/** Garmin's SDK's decoding of the file (the FIT protocol's own reference decoder). */
function sdkMessages(bytes: Uint8Array): ReturnType<Decoder['read']>['messages'] {
  const { messages, errors } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read()
  expect(errors).toEqual([])
  return messages
}

const sdkTime = (date: unknown): number => (date instanceof Date ? date.getTime() : Number.NaN)
const sdkNumber = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN)

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

describe('FIT reader', () => {
  it('decodes every FIT fixture exactly as fit-file-parser does', { timeout: 60_000 }, async () => {
    const files = readdirSync(fixtures).filter((name) => name.endsWith('.fit'))
    expect(files.length).toBeGreaterThanOrEqual(5)
    for (const name of files) {
      const [fast, reference] = await bothDecoders(readFileSync(join(fixtures, name)))
      expect(comparable(fast), name).toEqual(comparable(reference))
    }
  })


  it('accumulates compressed_speed_distance to the total the device wrote in its session', () => {
    const bytes = readFileSync(join(corpus, 'compressed-speed-distance.fit'))
    const { records } = readFitActivity(bytes)
    const session = new Decoder(Stream.fromBuffer(bytes)).read().messages.sessionMesgs?.[0]
    expect(session?.totalDistance).toBeCloseTo(10_248.67, 2)
    expect(records.count).toBe(755)
    // 12 bits of 1/16 m: the accumulated figure is within 1/16 m of the device's own sum.
    expect(Math.abs((records.distance?.[records.count - 1] ?? 0) - (session?.totalDistance ?? 0))).toBeLessThan(1 / 16)
    const distances = Array.from(records.distance ?? []).filter((distance) => !Number.isNaN(distance))
    expect(distances.length).toBeGreaterThan(700)
    for (let i = 1; i < distances.length; i++) expect(distances[i] ?? 0).toBeGreaterThanOrEqual(distances[i - 1] ?? 0)
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
      expect(comparable(fast), `sport ${sport}`).toEqual(comparable(reference))
    }
  })

  it('reads big-endian files', async () => {
    const bytes = fitFile(recordMessages(20, false))
    const [fast, reference] = await bothDecoders(bytes)
    expect(comparable(fast)).toEqual(comparable(reference))
    expect(fast.records.count).toBe(20)
    expect(fast.records.heartRate?.[3]).toBe(123)
  })

  it('reads developer fields and compressed-timestamp headers', async () => {
    const developer = fitFile(recordMessages(10, true, 0x60))
    const [fast, reference] = await bothDecoders(developer)
    expect(comparable(fast)).toEqual(comparable(reference))
    expect(singleActivity(importFitBytes(developer)).tracks[0]?.segments[0]?.size).toBe(10)

    const messages = recordMessages(2, true)
    // A second definition without timestamp, then compressed-timestamp records (local 1): +2 s,
    // then 25 s more, which crosses a 32 s roll-over.
    messages.push([0x41, 0, 0, 20, 0, 1, 3, 1, 0x02])
    const last = messages[2]?.slice(1, 5) ?? []
    const lastTime = (last[0] ?? 0) | ((last[1] ?? 0) << 8) | ((last[2] ?? 0) << 16) | ((last[3] ?? 0) << 24)
    for (const step of [2, 5, 30]) messages.push([0x80 | (1 << 5) | ((lastTime + step) & 0x1f), 150 + step])
    const compressed = fitFile(messages)
    const [ours, library] = await bothDecoders(compressed)
    expect(comparable(ours)).toEqual(comparable(library))
    expect(Array.from(ours.records.time).map((time) => (time - (ours.records.time[1] ?? 0)) / 1000)).toEqual([-1, 0, 2, 5, 30])
  })

  it('allocates each column once, at the count of record messages, and only the columns the file defines', () => {
    // Records with timestamp, lat, lon and heart rate (and a developer field, skipped).
    const { records } = readFitActivity(fitFile(recordMessages(300, true, 0x60)))
    expect(records.count).toBe(300)
    for (const column of [records.time, records.lat, records.lon, records.ele, records.heartRate]) expect(column?.buffer.byteLength).toBe(300 * 8)
    expect([records.cadence, records.power, records.temperature, records.distance, records.speed]).toEqual([null, null, null, null, null])
    // Indoor: heart rate only, still a column per position field (a segment has them), all missing.
    const indoor = readFitActivity(craftedFit(1_000, 3)).records
    expect(indoor.count).toBe(1_000)
    expect(indoor.heartRate?.buffer.byteLength).toBe(1_000 * 8)
    expect(Array.from(indoor.lat).every(Number.isNaN)).toBe(true)
    expect(indoor.distance).toBeNull()
    // Records before any timestamp are no points, and take no room.
    const late = readFitActivity(craftedFit(1_000, 3, 7)).records
    expect(late.count).toBe(1_000)
    expect(late.heartRate?.buffer.byteLength).toBe(1_000 * 8)
  })

  it('refuses a file past the point budget, counting only records with a time', () => {
    // A budget of 1,000 points stands for the real one (the hostile suite sends a file past that).
    const refusal = { code: 'track_too_many_points' }
    expect(() => readFitActivity(craftedFit(1_001, 3), 1_000)).toThrow(expect.objectContaining(refusal))
    // As many untimed records as it takes to pass the budget: still only the budget's points.
    expect(readFitActivity(craftedFit(1_000, 3, 2), 1_000).records.count).toBe(1_000)
  })

  it('keeps what precedes a damaged end and refuses a structure broken before it', () => {
    const good = fitFile(recordMessages(20, true))
    expect(readFitActivity(good).tailDamaged).toBe(false)
    const wrongCrc = Uint8Array.from(good)
    wrongCrc[good.length - 1] = (wrongCrc[good.length - 1] ?? 0) ^ 0x01
    expect(readFitActivity(wrongCrc)).toMatchObject({ tailDamaged: true, records: { count: 20 } })
    // Cut inside the 20th record (14 header + 18 definition + 19 × 14 bytes, then 5 of the last).
    expect(readFitActivity(good.subarray(0, 14 + 18 + 19 * 14 + 5))).toMatchObject({ tailDamaged: true, records: { count: 19 } })

    // The 10th record's header names local message 5, never defined: no way to read on.
    const broken = Uint8Array.from(good)
    broken[14 + 18 + 9 * 14] = 0x05
    expect(codeOf(() => readFitActivity(broken))).toBe('fit_corrupt')
    expect(codeOf(() => readFitActivity(new Uint8Array(0)))).toBe('fit_corrupt')
    expect(codeOf(() => readFitActivity(good.subarray(0, 11)))).toBe('fit_corrupt')
  })

  it('reads an architecture byte other than 0 or 1 as little-endian, as devices that write one mean it', () => {
    const good = encodeFitActivity({ records: syntheticRide(40), pauses: [], sport: 2 })
    const odd = Uint8Array.from(good)
    const definitions = definitionsOf(odd)
    expect(definitions.length).toBeGreaterThan(2)
    // 229 and 186, as a Lezyne Super GPS writes them (see the corpus).
    definitions.forEach((at, i) => (odd[at + 2] = i % 2 === 0 ? 229 : 186))
    new DataView(odd.buffer).setUint16(odd.length - 2, fitCrc(odd, 0, odd.length - 2), true)
    expect(comparable(readFitActivity(odd))).toEqual(comparable(readFitActivity(good)))
    expect(readFitActivity(odd).records.count).toBe(40)
  })

  it('on damaged files with a valid CRC, agrees with fit-file-parser, marks the damage, or refuses', { timeout: 60_000 }, async () => {
    const good = encodeFitActivity({ records: syntheticRide(40), pauses: [], sport: 2 })
    // fit-file-parser reads an architecture byte other than 0 as big-endian, we read all but 1 as
    // little-endian (see the test below): a flip there is no comparison.
    const architectures = new Set(definitionsOf(good).map((at) => at + 2))
    const random = seededRandom(99)
    let decodedByBoth = 0
    for (let round = 0; round < 300; round++) {
      const bytes = Uint8Array.from(good)
      const dataEnd = bytes.length - 2
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--) {
        // Bytes below 0x80: a flip that turns a header into a compressed-timestamp one makes
        // fit-file-parser count the later full timestamps from 1990 (its quirk, not the protocol),
        // so no comparison would hold. Compressed headers are checked on their own above.
        const at = 14 + Math.floor(random() * (dataEnd - 14))
        if (!architectures.has(at)) bytes[at] = Math.floor(random() * 128)
      }
      new DataView(bytes.buffer).setUint16(dataEnd, fitCrc(bytes, 0, dataEnd), true)
      const fast = (() => {
        try {
          return readFitActivity(bytes)
        } catch (error) {
          expect(error, `round ${round}`).toMatchObject({ code: 'fit_corrupt' })
          return null
        }
      })()
      const reference = await parseFitWithLibrary(bytes).then(activityOfParsedFit, () => null)
      // A file fit-file-parser refuses is refused, or read with its damage marked (a message
      // that runs past the end).
      if (reference === null && fast !== null) expect(fast.tailDamaged, `round ${round}`).toBe(true)
      if (fast !== null && reference !== null && !fast.tailDamaged) {
        decodedByBoth++
        expect(comparable(fast), `round ${round}`).toEqual(comparable(reference))
      }
      // Whatever happens, the import ends in a track or a catalogued error.
      expect(codeOf(() => importFitBytes(bytes)), `round ${round}`).toMatch(/^(no error|fit_\w+|track_\w+)$/)
    }
    expect(decodedByBoth).toBeGreaterThan(50)
  })
})

// 2021-09-08T01:46:40Z: a full timestamp of the FIT protocol (seconds since 1989-12-31T00:00:00Z).
const T0 = 1_000_000_000
const T0_MS = (T0 + FIT_EPOCH_S) * 1000

/** A definition message: header (local type), byte order, global message, fields as [number, size, base type]. */
function definition(local: number, global: number, fields: readonly (readonly [number, number, number])[], littleEndian = true): number[] {
  return [0x40 | local, 0, littleEndian ? 0 : 1, ...uint(global, 2, littleEndian), fields.length, ...fields.flat()]
}

describe('FIT protocol rules, on files built by hand', () => {
  it('reads a field of every base type as Garmin\'s SDK does, in either byte order, its invalid value as missing', () => {
    // [base type, size]: the FIT protocol's base types but strings and 64-bit integers (which no field we read has).
    const types = [[0x00, 1], [0x01, 1], [0x02, 1], [0x83, 2], [0x84, 2], [0x85, 4], [0x86, 4], [0x88, 4], [0x89, 8], [0x0a, 1], [0x8b, 2], [0x8c, 4], [0x0d, 1]] as const
    // Bytes of the value, least significant first: all ones, all ones but a top 0x7f, zero, 0xfe then ones, a top 0x80, 42, and below.
    const patterns = (size: number): number[][] => [
      Array.from({ length: size }, () => 0xff),
      Array.from({ length: size }, (_, i) => (i === size - 1 ? 0x7f : 0xff)),
      Array.from({ length: size }, () => 0),
      Array.from({ length: size }, (_, i) => (i === 0 ? 0xfe : 0xff)),
      Array.from({ length: size }, (_, i) => (i === size - 1 ? 0x80 : 0)),
      Array.from({ length: size }, (_, i) => (i === 0 ? 42 : 0)),
      // The low half all ones, the top byte 0x40: a value (2.0000009… as a float64), not the invalid all ones.
      Array.from({ length: size }, (_, i) => (i < size / 2 ? 0xff : i === size - 1 ? 0x40 : 0)),
    ]
    let compared = 0
    for (const [baseType, size] of types) {
      for (const littleEndian of [true, false]) {
        for (const pattern of patterns(size)) {
          const value = littleEndian ? pattern : [...pattern].reverse()
          const bytes = fitFile([definition(0, 20, [[253, 4, 0x86], [3, size, baseType]], littleEndian), [0, ...uint(T0, 4, littleEndian), ...value]])
          const sdk = sdkNumber(sdkMessages(bytes).recordMesgs?.[0]?.heartRate)
          expect(readFitActivity(bytes).records.heartRate?.[0], `base type ${baseType.toString(16)}, ${littleEndian ? 'little' : 'big'}-endian, ${pattern.join(' ')}`).toBe(sdk)
          compared += Number.isNaN(sdk) ? 0 : 1
        }
      }
    }
    // Most patterns are values; every type's invalid one is among them.
    expect(compared).toBeGreaterThan(100)
  })

  it('reads the older 12-byte header (no header CRC) as the 14-byte one, and a header CRC of 0 as "not computed"', () => {
    const messages = recordMessages(5, true)
    const fourteen = fitFile(messages)
    const twelve = fitFile(messages, 12)
    expect(sdkMessages(twelve).recordMesgs).toHaveLength(5)
    expect(comparable(readFitActivity(twelve))).toEqual(comparable(readFitActivity(fourteen)))
    expect(readFitActivity(twelve).tailDamaged).toBe(false)
    const noHeaderCrc = Uint8Array.from(fourteen)
    noHeaderCrc.set([0, 0], 12)
    expect(readFitActivity(withCrc(noHeaderCrc))).toMatchObject({ tailDamaged: false, records: { count: 5 } })
    // A header CRC that is not the header's: the file is read, its damage marked.
    const wrongHeaderCrc = Uint8Array.from(fourteen)
    wrongHeaderCrc[12] = (wrongHeaderCrc[12] ?? 0) ^ 0x01
    expect(readFitActivity(withCrc(wrongHeaderCrc))).toMatchObject({ tailDamaged: true, records: { count: 5 } })
  })

  it('refuses a file without the header the protocol defines: too short a header, one past the file, no ".FIT"', () => {
    const good = fitFile(recordMessages(3, true))
    const edited = (at: number, byte: number): Uint8Array => {
      const bytes = Uint8Array.from(good)
      bytes[at] = byte
      return bytes
    }
    expect(codeOf(() => readFitActivity(good))).toBe('no error')
    expect(codeOf(() => readFitActivity(edited(0, 11)))).toBe('fit_corrupt')
    expect(codeOf(() => readFitActivity(edited(0, good.length + 1)))).toBe('fit_corrupt')
    for (let at = 8; at < 12; at++) expect(codeOf(() => readFitActivity(edited(at, 0x2a))), `signature byte ${at}`).toBe('fit_corrupt')
    // Exactly a header and nothing else is a FIT file of no data, cut before its CRC.
    expect(readFitActivity(fitFile([], 12).subarray(0, 12))).toMatchObject({ tailDamaged: true, records: { count: 0 } })
  })

  it('marks a file whose CRC is missing or cut, and not one whose CRC is there', () => {
    const good = fitFile(recordMessages(3, true))
    expect(readFitActivity(good).tailDamaged).toBe(false)
    expect(readFitActivity(good.subarray(0, good.length - 1))).toMatchObject({ tailDamaged: true, records: { count: 3 } })
    expect(readFitActivity(good.subarray(0, good.length - 2))).toMatchObject({ tailDamaged: true, records: { count: 3 } })
    // Bytes after the CRC (a chained file's next header, or padding) are not this file's damage.
    const padded = new Uint8Array(good.length + 3)
    padded.set(good)
    expect(readFitActivity(padded)).toMatchObject({ tailDamaged: false, records: { count: 3 } })
  })

  it('refuses a data message whose header sets a reserved bit, and reads a compressed-timestamp header of local type 2 or 3 as data', async () => {
    const messages = recordMessages(3, true)
    // Bit 4 is reserved in a normal header, and bit 5 too in a data message's (it flags developer fields in a definition's).
    for (const bit of [0x10, 0x20]) {
      const bytes = fitFile([...messages, [bit, ...uint(T0, 4, true), 0, 0, 0, 0, 0, 0, 0, 0, 90]])
      expect(codeOf(() => readFitActivity(bytes)), `bit ${bit}`).toBe('fit_corrupt')
    }
    // Local types 2 and 3 set bit 6 of a compressed-timestamp header, which is not the definition bit there.
    for (const local of [2, 3]) {
      const defined = [...messages, definition(local, 20, [[3, 1, 0x02]])]
      const last = T0 + 40
      defined.push([0, ...uint(last, 4, true), 0, 0, 0, 0, 0, 0, 0, 0, 90])
      defined.push([0x80 | (local << 5) | ((last + 3) & 0x1f), 91])
      const bytes = fitFile(defined)
      const [{ records }, library] = await bothDecoders(bytes)
      expect(records.count).toBe(5)
      expect(Array.from(records.time.subarray(3))).toEqual(Array.from(library.records.time.subarray(3)))
      expect(records.time[4]).toBe((last + 3 + FIT_EPOCH_S) * 1000)
      expect(records.heartRate?.[4]).toBe(91)
    }
  })

  it('counts a compressed timestamp from the last full one: the same second when its 5 bits equal the last\'s, 31 s on at most', async () => {
    // The protocol: the 5 bits replace the last timestamp's low 5, plus 32 s when they are below them.
    const last = T0 + 7 // T0 is a multiple of 32
    expect(T0 % 32).toBe(0)
    for (const [offset, step] of [[7, 0], [8, 1], [6, 31], [31, 24], [0, 25]] as const) {
      const bytes = fitFile([definition(0, 20, [[253, 4, 0x86], [3, 1, 0x02]]), [0, ...uint(last, 4, true), 90], definition(1, 20, [[3, 1, 0x02]]), [0x80 | (1 << 5) | offset, 91]])
      const [{ records }, library] = await bothDecoders(bytes)
      expect(records.time[1], `offset ${offset}`).toBe((last + step + FIT_EPOCH_S) * 1000)
      expect(library.records.time[1], `offset ${offset}`).toBe((last + step + FIT_EPOCH_S) * 1000)
    }
    // Before any full timestamp a compressed one counts from nothing: the record has no time and is no point.
    const untimed = fitFile([definition(1, 20, [[3, 1, 0x02]]), [0x80 | (1 << 5) | 3, 91], definition(0, 20, [[253, 4, 0x86], [3, 1, 0x02]]), [0, ...uint(last, 4, true), 90]])
    expect(readFitActivity(untimed).records).toMatchObject({ count: 1, heartRate: Float64Array.of(90) })
  })

  it('keeps the timer events Garmin\'s SDK names start, stop, stop_all and stop_disable_all, in file order, and no other event', () => {
    const event = (time: number, kind: number, type: number): number[] => [0, ...uint(time, 4, true), kind, type]
    const messages = [definition(0, 21, [[253, 4, 0x86], [0, 1, 0x00], [1, 1, 0x00]])]
    // Every event type of a timer event (event 0), one of another event (3, a workout step), and a timer event without a time.
    for (let type = 0; type <= 9; type++) messages.push(event(T0 + type, 0, type))
    messages.push(event(T0 + 20, 3, 0), event(T0 + 21, 3, 1), event(0xffffffff, 0, 0))
    const bytes = fitFile(messages)
    const timers = (sdkMessages(bytes).eventMesgs ?? []).flatMap((message) => {
      const time = sdkTime(message.timestamp)
      if (message.event !== 'timer' || Number.isNaN(time)) return []
      if (message.eventType === 'start') return [{ time, running: true }]
      return message.eventType === 'stop' || message.eventType === 'stopAll' || message.eventType === 'stopDisableAll' ? [{ time, running: false }] : []
    })
    expect(timers.map(({ time }) => (time - T0_MS) / 1000)).toEqual([0, 1, 4, 9])
    expect(readFitActivity(bytes).timers).toEqual(timers)
  })

  it('reads as many laps, sessions, lengths and timer events as its limit, and refuses a file of more (each a kept object)', () => {
    const messages = [
      definition(0, 21, [[253, 4, 0x86], [0, 1, 0x00], [1, 1, 0x00]]),
      definition(1, 19, [[253, 4, 0x86], [2, 4, 0x86]]),
      definition(2, 101, [[253, 4, 0x86], [2, 4, 0x86]]),
      definition(3, 18, [[253, 4, 0x86], [2, 4, 0x86]]),
    ]
    const one = (local: number): number[] => (local === 0 ? [0, ...uint(T0, 4, true), 0, 0] : [local, ...uint(T0 + 1, 4, true), ...uint(T0, 4, true)])
    // A limit of 4 stands for the real 100,000: one of each kind is 4 kept, one more of any kind is past it.
    const limit = 4
    const each = fitFile([...messages, one(0), one(1), one(2), one(3)])
    expect(readFitActivity(each, 1_000, limit)).toMatchObject({ timers: [{ running: true }], laps: [{}], lengths: [{}], sessions: [{}] })
    for (const local of [0, 1, 2, 3]) {
      expect(codeOf(() => readFitActivity(fitFile([...messages, one(0), one(1), one(2), one(3), one(local)]), 1_000, limit)), `one more of local ${local}`).toBe('fit_corrupt')
    }
  })

  it('keeps what precedes a definition cut short, in its fixed part, its fields or its developer fields', () => {
    const records = recordMessages(3, true)
    const before = records.flat().length
    // A record definition with a developer field: 6 fixed bytes, 2 fields, the developer count, 1 developer field.
    const cut = [0x61, 0, 0, 20, 0, 2, 253, 4, 0x86, 3, 1, 0x02, 1, 0, 1, 0]
    for (const length of [3, 5, 6, 8, 11, 12, 13, 15]) {
      const bytes = fitFile([...records, cut.slice(0, length)])
      expect(readFitActivity(bytes), `cut after ${length} bytes`).toMatchObject({ tailDamaged: true, records: { count: 3 } })
    }
    // The file itself cut there, its CRC gone with the rest.
    const full = fitFile([...records, cut])
    for (const length of [1, 3, 4, 5, 6, 13]) {
      expect(readFitActivity(full.subarray(0, 14 + before + length)), `file cut after ${length} bytes`).toMatchObject({ tailDamaged: true, records: { count: 3 } })
    }
    // The whole definition and nothing after it: read, and the file is whole.
    const whole = fitFile([...records, cut])
    expect(whole.length - 16 - before).toBe(cut.length)
    expect(readFitActivity(whole)).toMatchObject({ tailDamaged: false, records: { count: 3 } })
  })

  it('reads a record\'s values, a lap, a length and a session as Garmin\'s SDK scales them', async () => {
    const le = true
    const u = (value: number, size: number): number[] => uint(value, size, le)
    const lat = Math.round((45.5 * 2 ** 31) / 180)
    const lon = Math.round((-6.25 * 2 ** 31) / 180)
    // record: time, lat, lon, altitude, heart rate, cadence, distance, speed, power, temperature, enhanced speed, enhanced altitude.
    const recordFields = [[253, 4, 0x86], [0, 4, 0x85], [1, 4, 0x85], [2, 2, 0x84], [3, 1, 0x02], [4, 1, 0x02], [5, 4, 0x86], [6, 2, 0x84], [7, 2, 0x84], [13, 1, 0x01], [73, 4, 0x86], [78, 4, 0x86]] as const
    const record = (s: number, altitude: number, speed: number, enhancedSpeed: number, enhancedAltitude: number): number[] =>
      [0, ...u(T0 + s, 4), ...u(lat >>> 0, 4), ...u(lon >>> 0, 4), ...u(altitude, 2), 150, 88, ...u(123_456, 4), ...u(speed, 2), ...u(250, 2), 0xf6, ...u(enhancedSpeed, 4), ...u(enhancedAltitude, 4)]
    // lap: time, start, distance, lengths held, first length; length: time, start, elapsed, type; session: time, start,
    // sport, sub-sport, elapsed, distance, calories, max speed, ascent, descent, pool length, enhanced max speed.
    const lapFields = [[253, 4, 0x86], [2, 4, 0x86], [9, 4, 0x86], [32, 2, 0x84], [35, 2, 0x84]] as const
    const lengthFields = [[253, 4, 0x86], [2, 4, 0x86], [3, 4, 0x86], [12, 1, 0x00]] as const
    const sessionFields = [[253, 4, 0x86], [2, 4, 0x86], [5, 1, 0x00], [6, 1, 0x00], [7, 4, 0x86], [9, 4, 0x86], [11, 2, 0x84], [15, 2, 0x84], [22, 2, 0x84], [23, 2, 0x84], [44, 2, 0x84], [125, 4, 0x86]] as const
    const session = (maxSpeed: number, enhancedMaxSpeed: number): number[] =>
      [3, ...u(T0 + 100, 4), ...u(T0, 4), 5, 17, ...u(3_600_500, 4), ...u(250_075, 4), ...u(812, 2), ...u(maxSpeed, 2), ...u(33, 2), ...u(31, 2), ...u(2_500, 2), ...u(enhancedMaxSpeed, 4)]
    const bytes = fitFile([
      definition(0, 20, recordFields),
      record(0, 2_600, 3_210, 0xffffffff, 0xffffffff),
      record(1, 0xffff, 0xffff, 4_321, 2_725),
      record(2, 2_600, 3_210, 4_321, 2_725),
      definition(1, 19, lapFields),
      [1, ...u(T0 + 50, 4), ...u(T0 + 10, 4), ...u(10_050, 4), ...u(4, 2), ...u(7, 2)],
      definition(2, 101, lengthFields),
      [2, ...u(T0 + 30, 4), ...u(T0 + 12, 4), ...u(18_250, 4), 1],
      [2, ...u(T0 + 45, 4), ...u(T0 + 31, 4), ...u(14_000, 4), 0],
      [2, ...u(T0 + 60, 4), ...u(T0 + 46, 4), ...u(14_000, 4), 0xff],
      definition(3, 18, sessionFields),
      session(4_500, 0xffffffff),
      session(0xffff, 5_250),
      session(4_500, 5_250),
    ])
    const sdk = sdkMessages(bytes)
    const { records, laps, lengths, sessions } = readFitActivity(bytes)
    const degrees = 180 / 2 ** 31
    expect(records.count).toBe(3)
    // A record with both the enhanced and the plain field: the SDK expands the plain one over the enhanced one, so fit-file-parser decides.
    ;(sdk.recordMesgs ?? []).slice(0, 2).forEach((message, i) => {
      expect(records.time[i]).toBe(sdkTime(message.timestamp))
      expect(records.lat[i]).toBe(sdkNumber(message.positionLat) * degrees)
      expect(records.lon[i]).toBe(sdkNumber(message.positionLong) * degrees)
      expect(records.ele[i]).toBeCloseTo(sdkNumber(message.enhancedAltitude ?? message.altitude), 9)
      expect(records.heartRate?.[i]).toBe(sdkNumber(message.heartRate))
      expect(records.cadence?.[i]).toBe(sdkNumber(message.cadence))
      expect(records.distance?.[i]).toBeCloseTo(sdkNumber(message.distance), 9)
      expect(records.speed?.[i]).toBeCloseTo(sdkNumber(message.enhancedSpeed ?? message.speed), 9)
      expect(records.power?.[i]).toBe(sdkNumber(message.power))
      expect(records.temperature?.[i]).toBe(sdkNumber(message.temperature))
    })
    // The enhanced fields win over the plain ones when both are there: 2,725 / 5 − 500 m and 4.321 m/s, not 20 m and 3.21 m/s.
    const library = activityOfParsedFit(await parseFitWithLibrary(bytes))
    expect([library.records.ele[2], library.records.speed?.[2]]).toEqual([45, 4.321])
    expect(Array.from(records.ele)).toEqual([20, 45, 45])
    expect(Array.from(records.speed ?? [])).toEqual([3.21, 4.321, 4.321])
    const lap = sdk.lapMesgs?.[0]
    expect(laps).toEqual([{ start: sdkTime(lap?.startTime), end: sdkTime(lap?.timestamp), distanceM: sdkNumber(lap?.totalDistance), firstLength: sdkNumber(lap?.firstLengthIndex), lengthCount: sdkNumber(lap?.numLengths) }])
    expect(lengths).toEqual(
      (sdk.lengthMesgs ?? []).map((length) => ({ start: sdkTime(length.startTime), end: sdkTime(length.startTime) + sdkNumber(length.totalElapsedTime) * 1000, active: length.lengthType === 'active' })),
    )
    // A length of no stated type is not a swum one.
    expect(lengths.map(({ active }) => active)).toEqual([true, false, false])
    expect(sessions).toHaveLength(3)
    ;(sdk.sessionMesgs ?? []).slice(0, 2).forEach((message, i) => {
      const start = sdkTime(message.startTime)
      expect(sessions[i]).toEqual({
        start,
        end: Math.max(sdkTime(message.timestamp), start + sdkNumber(message.totalElapsedTime) * 1000),
        sport: message.sport,
        subSport: 'lap_swimming',
        poolLengthM: sdkNumber(message.poolLength),
        calories: sdkNumber(message.totalCalories),
        distanceM: sdkNumber(message.totalDistance),
        elapsedMs: sdkNumber(message.totalElapsedTime) * 1000,
        ascentM: sdkNumber(message.totalAscent),
        descentM: sdkNumber(message.totalDescent),
        maxSpeedMs: sdkNumber(message.enhancedMaxSpeed ?? message.maxSpeed),
      })
    })
    expect(library.sessions[2]?.maxSpeedMs).toBe(5.25)
    expect(sessions.map(({ maxSpeedMs }) => maxSpeedMs)).toEqual([4.5, 5.25, 5.25])
  })

  it('names the file by its first file_id, and dates only the times below 0x10000000 s by the timestamp_correlation', () => {
    // file_id: activity (4), then a second one (settings, 2), as a file that repeats it.
    const fileId = definition(0, 0, [[0, 1, 0x00]])
    expect(readFitActivity(fitFile([fileId, [0, 4], [0, 2]])).fileType).toBe('activity')
    expect(readFitActivity(fitFile([fileId, [0, 0xff]])).fileType).toBe(null)
    expect(readFitActivity(fitFile([fileId, [0, 200]])).fileType).toBe('200')
    // The protocol: a date_time below 0x10000000 counts seconds from the device's power-on, one from there on is UTC.
    const correlation = definition(1, 162, [[253, 4, 0x86], [1, 4, 0x86]])
    const limit = 0x10000000
    const bytes = fitFile([...recordMessages(0, true), [0, ...uint(limit - 1, 4, true), 0, 0, 0, 0, 0, 0, 0, 0, 90], [0, ...uint(limit, 4, true), 0, 0, 0, 0, 0, 0, 0, 0, 91], correlation, [1, ...uint(T0, 4, true), ...uint(100, 4, true)]])
    const { records } = readFitActivity(bytes)
    expect(Array.from(records.time)).toEqual([(T0 + limit - 1 - 100 + FIT_EPOCH_S) * 1000, (limit + FIT_EPOCH_S) * 1000])
  })

  it('dates every relative time of a correlated file, records, timers, laps, lengths and sessions, by the first correlation with its milliseconds', () => {
    // Seconds since the device's power-on (below 0x10000000): a record, a timer, a lap, a length and a session.
    const R = 1_000
    const messages = [
      definition(0, 0, [[0, 1, 0x00]]),
      [0, 4],
      definition(1, 20, [[253, 4, 0x86], [3, 1, 0x02]]),
      [1, ...uint(R, 4, true), 90],
      [1, ...uint(R + 1, 4, true), 91],
      definition(2, 21, [[253, 4, 0x86], [0, 1, 0x00], [1, 1, 0x00]]),
      [2, ...uint(R, 4, true), 0, 0],
      [2, ...uint(R + 2, 4, true), 0, 4],
      definition(3, 19, [[253, 4, 0x86], [2, 4, 0x86]]),
      [3, ...uint(R + 2, 4, true), ...uint(R, 4, true)],
      definition(4, 101, [[253, 4, 0x86], [2, 4, 0x86], [3, 4, 0x86], [12, 1, 0x00]]),
      [4, ...uint(R + 2, 4, true), ...uint(R, 4, true), ...uint(1_500, 4, true), 1],
      definition(5, 18, [[253, 4, 0x86], [2, 4, 0x86], [7, 4, 0x86]]),
      [5, ...uint(R + 3, 4, true), ...uint(R, 4, true), ...uint(2_000, 4, true)],
    ]
    // timestamp_correlation: timestamp, system_timestamp, timestamp_ms, system_timestamp_ms.
    const correlation = definition(6, 162, [[253, 4, 0x86], [1, 4, 0x86], [4, 2, 0x84], [5, 2, 0x84]])
    const correlated = (timestampMs: number, systemMs: number): number[] => [6, ...uint(T0, 4, true), ...uint(100, 4, true), ...uint(timestampMs, 2, true), ...uint(systemMs, 2, true)]
    // The protocol: UTC = relative time + (timestamp − system_timestamp) + (timestamp_ms − system_timestamp_ms) / 1000, here T0 − 100 s + 150 ms.
    const utc = (seconds: number, offsetMs: number): number => (seconds + T0 - 100 + FIT_EPOCH_S) * 1000 + offsetMs
    // A second correlation, 500 s further, does not date the file again: the first one does.
    const later = [6, ...uint(T0 + 500, 4, true), ...uint(100, 4, true), 0, 0, 0, 0]
    const read = readFitActivity(fitFile([...messages, correlation, correlated(250, 100), later]))
    expect(read.fileType).toBe('activity')
    expect(Array.from(read.records.time)).toEqual([utc(R, 150), utc(R + 1, 150)])
    expect(read.timers).toEqual([{ time: utc(R, 150), running: true }, { time: utc(R + 2, 150), running: false }])
    expect(read.laps).toMatchObject([{ start: utc(R, 150), end: utc(R + 2, 150) }])
    expect(read.lengths).toEqual([{ start: utc(R, 150), end: utc(R, 150) + 1_500, active: true }])
    expect(read.sessions).toMatchObject([{ start: utc(R, 150), end: utc(R + 3, 150), elapsedMs: 2_000 }])
    // Milliseconds of the invalid value (0xffff) count as none.
    const invalidMs = readFitActivity(fitFile([...messages, correlation, correlated(0xffff, 0xffff)]))
    expect(invalidMs.records.time[0]).toBe(utc(R, 0))
    expect(invalidMs.sessions[0]?.start).toBe(utc(R, 0))
    expect(readFitActivity(fitFile([...messages, correlation, correlated(0xffff, 40)])).records.time[0]).toBe(utc(R, -40))
  })

  it('reads compressed_speed_distance\'s 12 distance bits as Garmin\'s SDK accumulates them, all three bytes 0xff as no value', () => {
    // Only all ones is the invalid value of a byte array: one or two bytes of 0xff are part of a value.
    const triples = [[0x10, 0x20, 0x01], [0xff, 0xff, 0xff], [0xff, 0x50, 0x02], [0x00, 0xff, 0xff], [0xff, 0x00, 0xff], [0xff, 0xff, 0x00], [0x00, 0xff, 0x03], [0x00, 0x10, 0xff], [0xff, 0xff, 0xff], [0x00, 0x30, 0x00]]
    const bytes = fitFile([definition(0, 20, [[253, 4, 0x86], [8, 3, 0x0d]]), ...triples.map((triple, i) => [0, ...uint(T0 + i, 4, true), ...triple])])
    const sdk = (sdkMessages(bytes).recordMesgs ?? []).map((message) => sdkNumber(message.distance))
    expect(sdk).toHaveLength(triples.length)
    expect(sdk.filter(Number.isNaN)).toHaveLength(2)
    expect(Array.from(readFitActivity(bytes).records.distance ?? [])).toEqual(sdk)
  })
})
