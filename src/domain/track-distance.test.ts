import { describe, expect, it } from 'vitest'
import { TrackSegmentBuilder } from './track-builder'
import { withDeviceDistance } from './track-distance'

const start = Date.UTC(2024, 0, 1)

function segment(points: { time: number; lat?: number; lon?: number; recordedDistance?: number }[]) {
  const builder = new TrackSegmentBuilder()
  for (const point of points) builder.push(point)
  return builder.build()
}

describe('distance of an activity without positions', () => {
  it('spreads the laps over their time: a rest lap of 0 m stays put', () => {
    const points = [0, 30, 60, 90, 120].map((s) => ({ time: start + s * 1000 }))
    const laps = [
      { startTime: start, endTime: start + 60_000, distanceM: 100 },
      { startTime: start + 60_000, endTime: start + 90_000, distanceM: 0 },
      { startTime: start + 90_000, endTime: start + 120_000, distanceM: 50 },
    ]
    const [result] = withDeviceDistance([segment(points)], laps)
    expect(Array.from(result?.recordedDistance ?? [])).toEqual([0, 50, 100, 100, 150])
  })

  it('keeps positions, and the points own distance when the laps carry none', () => {
    const positioned = segment([{ time: start, lat: 45, lon: 6 }, { time: start + 1000, lat: 45.001, lon: 6 }])
    const laps = [{ startTime: start, endTime: start + 1000, distanceM: 500 }]
    expect(withDeviceDistance([positioned], laps)[0]).toBe(positioned)
    const indoor = segment([{ time: start, recordedDistance: 0 }, { time: start + 1000, recordedDistance: 4 }])
    expect(withDeviceDistance([indoor], [{ ...laps[0], distanceM: Number.NaN } as never])[0]).toBe(indoor)
  })

  it('integrates the recorded speed over time when the device wrote no distance, skipping impossible speeds', () => {
    const indoor = { ...segment([0, 10, 20, 30, 40].map((s) => ({ time: start + s * 1000 }))), recordedSpeed: Float64Array.from([2, 4, Number.NaN, 500, 6]) }
    const [result] = withDeviceDistance([indoor], [])
    // 10 s at a mean 3 m/s; then no speed (NaN) and 500 m/s (junk): the last step runs 4 → 6 m/s over 30 s.
    expect(Array.from(result?.recordedDistance ?? [])).toEqual([0, 30, Number.NaN, Number.NaN, 180])
    // The next segment goes on from there; the device's own distance or lap totals come first.
    const later = { ...segment([50, 60].map((s) => ({ time: start + s * 1000 }))), recordedSpeed: Float64Array.from([1, 1]) }
    expect(Array.from(withDeviceDistance([indoor, later], [])[1]?.recordedDistance ?? [])).toEqual([180, 190])
    const withDistance = { ...segment([{ time: start, recordedDistance: 0 }, { time: start + 1000, recordedDistance: 4 }]), recordedSpeed: Float64Array.from([9, 9]) }
    expect(withDeviceDistance([withDistance], [])[0]).toBe(withDistance)
    const [lapped] = withDeviceDistance([indoor], [{ startTime: start, endTime: start + 40_000, distanceM: 400 }])
    expect(lapped?.recordedDistance?.[4]).toBe(400)
  })

  it('gives 0 m to a trainer whose laps state 0 m and whose speed sensor never moved, and leaves the distance unknown without such laps', () => {
    const still = { ...segment([0, 10, 20].map((s) => ({ time: start + s * 1000 }))), recordedSpeed: Float64Array.from([0, 0, 0]) }
    const [zero] = withDeviceDistance([still], [{ startTime: start, endTime: start + 20_000, distanceM: 0 }])
    expect(Array.from(zero?.recordedDistance ?? [])).toEqual([0, 0, 0])
    expect(withDeviceDistance([still], [])[0]).toBe(still)
    // A lap of negative length or ending before it starts is no measurement.
    const bad = [
      { startTime: start, endTime: start + 20_000, distanceM: -5 },
      { startTime: start + 20_000, endTime: start, distanceM: 100 },
    ]
    expect(withDeviceDistance([still], bad)[0]).toBe(still)
  })
})

describe('the precedence of distances without positions: records, then laps, then speed', () => {
  const at = (s: number): number => start + s * 1000

  it("takes the points' own distance before the laps: a lap spread over its time would run through the pauses", () => {
    // 100 m before a 60 s pause, 100 m after; one lap of 200 m over the whole 180 s.
    const before = segment([0, 30, 60].map((s, i) => ({ time: at(s), recordedDistance: i * 50 })))
    const after = segment([120, 150, 180].map((s, i) => ({ time: at(s), recordedDistance: 100 + i * 50 })))
    const laps = [{ startTime: at(0), endTime: at(180), distanceM: 200 }]
    const [first, second] = withDeviceDistance([before, after], laps)
    expect(Array.from(first?.recordedDistance ?? [])).toEqual([0, 50, 100])
    expect(Array.from(second?.recordedDistance ?? [])).toEqual([100, 150, 200])
  })

  it('falls back to the laps when the last reading disagrees with their total by more than 3 %', () => {
    const points = segment([0, 60, 120].map((s, i) => ({ time: at(s), recordedDistance: i * 40 })))
    const [result] = withDeviceDistance([points], [{ startTime: at(0), endTime: at(120), distanceM: 100 }])
    expect(Array.from(result?.recordedDistance ?? [])).toEqual([0, 50, 100])
  })

  it('gives points that share a time the last reading of that time, so no increase is lost between them', () => {
    // Five records a second, as a device writing at 5 Hz with whole-second times.
    const points = segment([0, 0, 0, 1, 1, 1, 2].map((s, i) => ({ time: at(s), recordedDistance: i * 2 })))
    const [result] = withDeviceDistance([points], [])
    expect(Array.from(result?.recordedDistance ?? [])).toEqual([4, 4, 4, 10, 10, 10, 12])
  })

  it("counts a pool swim's first length: the counter reads one length at the first record, written when it ends", () => {
    const points = segment([40, 75, 110].map((s, i) => ({ time: at(s), recordedDistance: (i + 1) * 25 })))
    const laps = [{ startTime: at(0), endTime: at(110), distanceM: 75 }]
    const [result] = withDeviceDistance([points], laps)
    expect(Array.from(result?.time ?? [])).toEqual([at(0), at(40), at(75), at(110)])
    expect(Array.from(result?.recordedDistance ?? [])).toEqual([0, 25, 50, 75])
    expect(result?.size).toBe(4)
  })

  it('counts the length swum after a pause from the lap that resumed it, not from the rest before', () => {
    // 50 m, a rest from 60 s to 90 s (a lap of 0 m), a lap resumed at 90 s whose first record is written at 120 s, reading 75 m.
    const before = segment([30, 60].map((s, i) => ({ time: at(s), recordedDistance: (i + 1) * 25 })))
    const after = segment([120, 150].map((s, i) => ({ time: at(s), recordedDistance: 75 + i * 25 })))
    const laps = [
      { startTime: at(0), endTime: at(60), distanceM: 50 },
      { startTime: at(60), endTime: at(90), distanceM: 0 },
      { startTime: at(90), endTime: at(150), distanceM: 50 },
    ]
    const [first, second] = withDeviceDistance([before, after], laps)
    expect(Array.from(first?.time ?? [])).toEqual([at(0), at(30), at(60)])
    expect(Array.from(second?.time ?? [])).toEqual([at(90), at(120), at(150)])
    expect(Array.from(second?.recordedDistance ?? [])).toEqual([50, 75, 100])
    // Without a lap begun since the pause, nothing is made up.
    expect(withDeviceDistance([before, after], [])[1]).toBe(after)
  })

  it('starts a segment without a first reading where the counter stood: 0 at the start, its last reading after a pause', () => {
    const first = segment([{ time: at(0) }, { time: at(30), recordedDistance: 50 }])
    const second = segment([{ time: at(90) }, { time: at(120) }, { time: at(150), recordedDistance: 100 }])
    const [a, b] = withDeviceDistance([first, second], [])
    expect(Array.from(a?.recordedDistance ?? [])).toEqual([0, 50])
    expect(Array.from(b?.recordedDistance ?? [])).toEqual([50, Number.NaN, 100])
  })
})

describe('a record distance that is not one counter, and positions that are not the road', () => {
  // Two counters interleaved, as a virtual ride's head unit and game wrote them: one at 10 m/s, one at 1 m/s.
  const times = Array.from({ length: 100 }, (_, i) => i)
  const interleaved = segment(times.map((s) => ({ time: start + s * 1000, recordedDistance: s % 2 === 0 ? s * 10 : s, lat: 45 + s * 0.01, lon: 6 })))
  const laps = [{ startTime: start, endTime: start + 99_000, distanceM: 500 }]

  it('a counter going down at every other reading is not trusted: the laps measure the distance', () => {
    const [result] = withDeviceDistance([interleaved], laps, false)
    expect(result?.recordedDistance?.at(-1)).toBeCloseTo(500, 9)
    // A counter reset once (a new lap on some units) is still one counter.
    const reset = segment([0, 1, 2, 3].map((s) => ({ time: start + s * 1000, recordedDistance: [0, 100, 5, 105][s] ?? 0 })))
    expect(withDeviceDistance([reset], [])[0]).toBe(reset)
  })

  it('positions measure the distance unless told they are not the road (a virtual ride), which keeps them for the map', () => {
    expect(withDeviceDistance([interleaved], laps)[0]).toBe(interleaved)
    const [virtual] = withDeviceDistance([interleaved], laps, false)
    expect(Array.from(virtual?.lat ?? [])).toEqual(Array.from(interleaved.lat))
  })
})

