import { describe, expect, it } from 'vitest'
import { TrackSegmentBuilder } from './track-builder'
import { withDeviceDistance, withMoment } from './track-distance'

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


describe('the edges of each rule', () => {
  const at = (s: number): number => start + s * 1000
  const withSpeed = (seconds: number[], speeds: number[]) => ({ ...segment(seconds.map((s) => ({ time: at(s) }))), recordedSpeed: Float64Array.from(speeds) })
  const distances = (result: { recordedDistance: Float64Array | null } | undefined): number[] => Array.from(result?.recordedDistance ?? [])
  const values = (column: Float64Array | null | undefined): number[] | null => (column ? Array.from(column) : null)

  it('spreads laps given in any order, counts a lap of no duration at its instant, and gives a point before the first lap 0 m and one without a time none', () => {
    // A length logged at one instant (60 s, 50 m) between a lap of 100 m and one of 100 m from 90 s.
    const laps = [
      { startTime: at(90), endTime: at(120), distanceM: 100 },
      { startTime: at(60), endTime: at(60), distanceM: 50 },
      { startTime: at(10), endTime: at(60), distanceM: 100 },
    ]
    const points = segment([0, 10, 35, 60, 90, 105, 120].map((s) => ({ time: at(s) })))
    expect(distances(withDeviceDistance([points], laps)[0])).toEqual([0, 0, 50, 150, 150, 200, 250])
    const untimed = segment([{ time: at(10) }, { time: Number.NaN }, { time: at(60) }])
    expect(distances(withDeviceDistance([untimed], laps)[0])).toEqual([0, Number.NaN, 150])
  })

  it("trusts the points' own distance when its largest reading lies exactly 3 % from the laps' total, and reads past a last record without one", () => {
    const points = segment([{ time: at(0), recordedDistance: 0 }, { time: at(60), recordedDistance: 103 }, { time: at(70) }])
    const [result] = withDeviceDistance([points], [{ startTime: at(0), endTime: at(70), distanceM: 100 }])
    expect(distances(result)).toEqual([0, 103, Number.NaN])
  })

  // 300 readings of a counter going up 10 m a second but for `glitches` readings 1 m below the one before (each
  // after a record without a distance) and 30 that repeat the one before; one lap states the largest reading.
  function glitching(glitches: number) {
    const readings: number[] = []
    for (let i = 0; readings.filter((value) => !Number.isNaN(value)).length < 300; i++) {
      const last = readings.findLast((value) => !Number.isNaN(value)) ?? 0
      const k = readings.length
      if (k % 50 === 25 && k / 50 < glitches) readings.push(Number.NaN, last - 1)
      else if (k % 10 === 5) readings.push(last)
      else readings.push(i * 10)
    }
    const points = segment(readings.map((recordedDistance, s) => ({ time: at(s), recordedDistance })))
    const largest = Math.max(...readings.filter((value) => !Number.isNaN(value)))
    return { points, readings, laps: [{ startTime: at(0), endTime: at(readings.length - 1), distanceM: largest }] }
  }

  it('reads a counter going down at most once in 100 readings as one counter, and at more as two', () => {
    const three = glitching(3)
    expect(three.readings.filter((value, i) => value < (three.readings.slice(0, i).findLast((v) => !Number.isNaN(v)) ?? 0)).length).toBe(3)
    expect(withDeviceDistance([three.points], three.laps)[0]?.recordedDistance).toBe(three.points.recordedDistance)
    const four = glitching(4)
    const [spread] = withDeviceDistance([four.points], four.laps)
    expect(spread?.recordedDistance).not.toBe(four.points.recordedDistance)
    // Segments without a recorded distance add no readings to the share.
    const unread = Array.from({ length: 100 }, (_, k) => segment([{ time: at(1000 + k) }]))
    expect(withDeviceDistance([four.points, ...unread], four.laps)[0]?.recordedDistance).not.toBe(four.points.recordedDistance)
    // Spread over the lap: the points' times, from 0 to the lap's distance, evenly.
    const last = four.readings.length - 1
    expect(distances(spread).every((value, s) => Math.abs(value - ((four.laps[0]?.distanceM ?? 0) * s) / last) < 1e-9)).toBe(true)
  })

  it('leaves a segment without recorded distance as it is among segments read from the records, and one whose points already agree', () => {
    const counted = segment([{ time: at(0), recordedDistance: 0 }, { time: at(10), recordedDistance: 40 }, { time: at(10), recordedDistance: 40 }])
    const none = segment([{ time: at(20) }, { time: at(30) }])
    // A lap agreeing with the records: they, not the lap, give the distance.
    const result = withDeviceDistance([counted, none], [{ startTime: at(0), endTime: at(30), distanceM: 40 }])
    expect(result[0]).toBe(counted)
    expect(result[1]).toBe(none)
    // Positions in one segment measure the whole activity.
    const positioned = segment([{ time: at(40), lat: 45, lon: 6 }])
    const unread = segment([{ time: at(0) }, { time: at(10), recordedDistance: 40 }])
    expect(withDeviceDistance([unread, positioned], [])[0]).toBe(unread)
  })

  it('starts the first segment at the first lap, a later one at the last lap begun since the segment before ended, and only when the counter moved on', () => {
    const first = segment([40, 60].map((s, i) => ({ time: at(s), recordedDistance: (i + 1) * 25 })))
    // Laps at 0, 20, 60, 70 and 90 s stating these metres (their total agrees with the records).
    const laps = (...metres: number[]) => [0, 20, 60, 70, 90].slice(0, metres.length).map((s, i) => ({ startTime: at(s), endTime: at(s + 10), distanceM: metres[i] ?? 0 }))
    const second = segment([120, 150].map((s, i) => ({ time: at(s), recordedDistance: 75 + i * 25 })))
    const [a, b] = withDeviceDistance([first, second], laps(25, 25, 0, 0, 50))
    // Two laps before the first record: the activity started at the first.
    expect(Array.from(a?.time ?? [])).toEqual([at(0), at(40), at(60)])
    // The lap at 60 s began with the first segment's last record, not since; of 70 and 90 s the later.
    expect(Array.from(b?.time ?? [])).toEqual([at(90), at(120), at(150)])
    expect(distances(b)).toEqual([50, 75, 100])
    // Only laps begun before the first segment (or as it ended): nothing is made up for the second.
    expect(withDeviceDistance([first, second], laps(25, 75, 0))[1]).toBe(second)
    // A counter reading after the pause just where it stood, or reset below it: no point is added.
    const still = segment([120, 150].map((s, i) => ({ time: at(s), recordedDistance: 50 + i * 25 })))
    expect(withDeviceDistance([first, still], laps(25, 25, 0, 0, 25))[1]).toBe(still)
    const reset = segment([{ time: at(120) }, { time: at(150), recordedDistance: 10 }])
    expect(distances(withDeviceDistance([first, reset], laps(25, 25, 0, 0, 0))[1])).toEqual([Number.NaN, 10])
    // A lap begun at the very moment of the segment's first record: that record is already the moment the counter resumed.
    const atLap = segment([90, 120].map((s, i) => ({ time: at(s), recordedDistance: 75 + i * 25 })))
    expect(withDeviceDistance([first, atLap], [0, 20, 60, 90].map((s, i) => ({ startTime: at(s), endTime: at(s + 10), distanceM: [25, 25, 0, 50][i] ?? 0 })))[1]).toBe(atLap)
  })

  it('integrates speeds from 0 to the ground speed limit, skips the rest, a step back in time and points before the first speed, and goes on across segments', () => {
    // 300 km/h is the limit: 83.33… m/s over 3 s.
    const limit = 300 / 3.6
    expect(distances(withDeviceDistance([withSpeed([0, 3], [limit, limit])], [])[0])).toEqual([0, 3 * limit])
    // No speed at the first two points; a standstill at 0 m/s counts; a negative speed is junk; 10 → 5 s goes back.
    const [result] = withDeviceDistance([withSpeed([0, 10, 20, 30, 40, 50, 45, 55], [Number.NaN, Number.NaN, 0, 2, -1, 2, 2, 4])], [])
    // 20 → 30 s at a mean 1 m/s, 30 → 50 s at 2 m/s (40 s skipped), 45 → 55 s at 3 m/s.
    expect(distances(result)).toEqual([Number.NaN, Number.NaN, 0, 10, Number.NaN, 50, 50, 80])
    // A segment ending without a speed passes on its last distance; one without speeds has no distance; one still at 0 m/s does not stop the others.
    const ending = withSpeed([0, 10, 20], [2, 2, Number.NaN])
    const noSensor = segment([30, 40].map((s) => ({ time: at(s) })))
    const still = withSpeed([50, 60], [0, 0])
    const moving = withSpeed([70, 80], [1, 1])
    const all = withDeviceDistance([still, ending, noSensor, moving], [])
    expect(all.map(distances)).toEqual([[0, 0], [0, 20, Number.NaN], [Number.NaN, Number.NaN], [20, 30]])
    expect(withDeviceDistance([noSensor], [])[0]).toBe(noSensor)
  })

  it('adds a moment first or last reading the counter and nothing else, sensors the segment has included', () => {
    const base = { ...segment([{ time: at(10), lat: 45, lon: 6, recordedDistance: 5 }]), heartRate: Float64Array.from([120]) }
    const first = withMoment(base, 'start', at(0), 0)
    expect([first.size, values(first.time), values(first.recordedDistance), values(first.heartRate), values(first.lat)]).toEqual([
      2,
      [at(0), at(10)],
      [0, 5],
      [Number.NaN, 120],
      [Number.NaN, 45],
    ])
    const last = withMoment(base, 'end', at(20), 9)
    expect([values(last.time), values(last.recordedDistance), values(last.heartRate), values(last.lon)]).toEqual([[at(10), at(20)], [5, 9], [120, Number.NaN], [6, Number.NaN]])
    expect([last.cadence, last.power, last.temperature, last.recordedSpeed]).toEqual([null, null, null, null])
    const unmeasured = withMoment(segment([{ time: at(10) }]), 'end', at(20), 9)
    expect(unmeasured.recordedDistance).toBeNull()
  })
})
