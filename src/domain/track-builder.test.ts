import { describe, expect, it } from 'vitest'
import type { TrackSegment } from './track'
import { TrackSegmentBuilder } from './track-builder'

const missing = Number.NaN
const values = (column: Float64Array | null): number[] | null => (column ? Array.from(column) : null)

/** `n` points: latitude i, longitude −i, time i s, heart rate on odd points only, cadence from point `cadenceFrom` on. */
function built(n: number, expectedPoints?: number, cadenceFrom = 3): TrackSegment {
  const builder = new TrackSegmentBuilder(expectedPoints)
  for (let i = 0; i < n; i++) {
    builder.push({
      lat: i,
      lon: -i,
      time: i * 1000,
      heartRate: i % 2 === 1 ? 100 + i : undefined,
      cadence: i >= cadenceFrom ? 80 : Number.NaN,
      temperature: Number.NaN,
    })
  }
  expect(builder.length).toBe(n)
  return builder.build()
}

function expectPoints(segment: TrackSegment, n: number, cadenceFrom = 3): void {
  const range = Array.from({ length: n }, (_, i) => i)
  expect(segment.size).toBe(n)
  expect(values(segment.lat)).toEqual(range)
  expect(values(segment.lon)).toEqual(range.map((i) => -i))
  expect(values(segment.time)).toEqual(range.map((i) => i * 1000))
  expect(values(segment.heartRate)).toEqual(range.map((i) => (i % 2 === 1 ? 100 + i : missing)))
  expect(values(segment.cadence)).toEqual(range.map((i) => (i >= cadenceFrom ? 80 : missing)))
  // Elevation is a column every segment has; the optional ones nobody filled are absent.
  expect(values(segment.ele)).toEqual(range.map(() => missing))
  expect([segment.power, segment.temperature, segment.recordedDistance]).toEqual([null, null, null])
}

describe('a track segment built point by point', () => {
  it('gives back every value pushed, in order, a missing one as NaN, across each doubling of its columns', () => {
    // Capacity 16 (the least), so 100 points regrow the columns three times; cadence starts after the first growth.
    expectPoints(built(100, 1, 40), 100, 40)
    expectPoints(built(100), 100)
    // Small segments (≤ 64 points) take the other way out; the largest of them too.
    expectPoints(built(5), 5)
    expectPoints(built(64, 16, 20), 64, 20)
    expectPoints(built(65, 16, 20), 65, 20)
    const empty = new TrackSegmentBuilder().build()
    expect([empty.size, empty.lat.length, empty.time.length, empty.heartRate]).toEqual([0, 0, 0, null])
  })

  it('starts its columns at 16 points however few are expected, and at most at 2^22 however many (a corrupt header)', () => {
    for (const expected of [0, -5, 20.7]) expectPoints(built(70, expected), 70)
    // From 16, 70 points double the columns to 128 (a view of them: see below).
    expect(built(70, 0).lat.buffer.byteLength).toBe(128 * 8)
    // A column of 2^40 points could not be allocated: the builder must not try.
    const huge = new TrackSegmentBuilder(2 ** 40)
    huge.push({ lat: 1 })
    expect(values(huge.build().lat)).toEqual([1])
  })

  it('puts the columns of a segment of at most 64 points in shared 64 KB blocks, each in a place of its own', () => {
    // 600 segments of 1 to 64 points: 9 columns each fill several blocks, so blocks are replaced as they fill.
    const segments = Array.from({ length: 600 }, (_, s) => {
      const builder = new TrackSegmentBuilder()
      for (let i = 0; i <= s % 64; i++) builder.push({ lat: s, lon: i, time: s * 1e6 + i })
      return builder.build()
    })
    for (const [s, segment] of segments.entries()) {
      const n = (s % 64) + 1
      expect(values(segment.lat)).toEqual(Array.from({ length: n }, () => s))
      expect(values(segment.lon)).toEqual(Array.from({ length: n }, (_, i) => i))
      expect(values(segment.time)).toEqual(Array.from({ length: n }, (_, i) => s * 1e6 + i))
      expect(values(segment.ele)).toEqual(Array.from({ length: n }, () => missing))
      // A view of a block of 8,192 values, not a buffer of its own.
      expect(segment.lat.buffer.byteLength).toBe(8192 * 8)
      expect(segment.ele.buffer.byteLength).toBe(8192 * 8)
    }
    // The same block holds a segment's columns side by side.
    const [first] = segments
    expect(first?.lon.buffer).toBe(first?.lat.buffer)
    expect(first?.lon.byteOffset).toBe((first?.lat.byteOffset ?? 0) + 8)
    // A block's last place is used: 64-point segments of the four columns every segment has fill each new block exactly.
    const full = Array.from({ length: 300 }, (_, s) => {
      const builder = new TrackSegmentBuilder()
      for (let i = 0; i < 64; i++) builder.push({ lat: s, time: i })
      return builder.build()
    })
    expect(full.every((segment, s) => segment.lat.every((lat) => lat === s) && segment.time.every((time, i) => time === i))).toBe(true)
    const columns = full.flatMap((segment) => [segment.lat, segment.lon, segment.ele, segment.time])
    expect(columns.some((column) => column.byteOffset === (8192 - 64) * 8)).toBe(true)
  })

  it('hands a larger segment its own column, copied to its size when the capacity is over twice it plus 1,024 values', () => {
    // Capacity 256 for 65 points: a view of the column itself.
    expect(built(65).lat.buffer.byteLength).toBe(256 * 8)
    // A column no point filled: its own, of the segment's size.
    expect(built(65).ele.buffer.byteLength).toBe(65 * 8)
    // 4,096 for 100: copied, the rest released.
    expect(built(100, 4096).lat.buffer.byteLength).toBe(100 * 8)
    // Exactly at the edge, 2 × 512 + 1,024 = 2,048: kept; one value more: copied.
    expect(built(512, 2048).lat.buffer.byteLength).toBe(2048 * 8)
    expect(built(512, 2049).lat.buffer.byteLength).toBe(512 * 8)
    expectPoints(built(512, 2049), 512)
  })

  it('starts a new, empty segment after each build, none sharing values with another', () => {
    const builder = new TrackSegmentBuilder(4)
    const pushes: [number, { lat: number; heartRate?: number; power?: number }][] = [
      [1, { lat: 1, heartRate: 90 }],
      [300, { lat: 2, power: 200 }],
      [3, { lat: 3 }],
      [100, { lat: 4, heartRate: 120 }],
      [0, { lat: 5 }],
      [2, { lat: 6 }],
    ]
    const segments = pushes.map(([n, point]) => {
      for (let i = 0; i < n; i++) builder.push(point)
      return builder.build()
    })
    // Written only after every segment is built: a later segment written over an earlier one's columns shows here.
    for (const [s, [n, point]] of pushes.entries()) {
      const segment = segments[s]
      expect(segment?.size).toBe(n)
      expect(values(segment?.lat ?? null)).toEqual(Array.from({ length: n }, () => point.lat))
      expect(values(segment?.ele ?? null)).toEqual(Array.from({ length: n }, () => missing))
      expect(values(segment?.heartRate ?? null)).toEqual(point.heartRate === undefined ? null : Array.from({ length: n }, () => point.heartRate))
      expect(values(segment?.power ?? null)).toEqual(point.power === undefined ? null : Array.from({ length: n }, () => point.power))
    }
  })
})
