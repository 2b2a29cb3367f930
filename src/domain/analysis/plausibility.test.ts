import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../test-support/seeded-random'
import type { Track } from '../track'
import { TrackSegmentBuilder } from '../track-builder'
import { groundDistanceM } from '../geo/distance'
import { IMPOSSIBLE_STEP_M, credibleAltitudeRange, dropElevationSpikes, dropImpossibleElevations, dropImpossiblePositions } from './plausibility'
import { analyseTrack } from './workout-analysis'

const seconds = (count: number): Float64Array => Float64Array.from({ length: count }, (_, i) => i * 1000)

describe('impossible elevations', () => {
  it('drops a spike of several samples and keeps the real profile', () => {
    // (The rule takes the longest plausible stretch as the truth: junk is the shorter part.)
    const ele = Float64Array.from([1085, 1085, 1085, 1085, 12136, 12136, 12136, 1086, 1087])
    dropImpossibleElevations(ele, seconds(9))
    expect(Array.from(ele)).toEqual([1085, 1085, 1085, 1085, NaN, NaN, NaN, 1086, 1087])
  })

  it('keeps the longest plausible run when the track starts on a wrong value', () => {
    const ele = Float64Array.from([0, 0, 1200, 1201, 1202, 1203])
    dropImpossibleElevations(ele, seconds(6))
    expect(Array.from(ele)).toEqual([NaN, NaN, 1200, 1201, 1202, 1203])
  })

  it('keeps a steep but possible descent, and steps it cannot time', () => {
    const descent = Float64Array.from([2000, 1991, 1982, 1973])
    dropImpossibleElevations(descent, seconds(4))
    expect(Array.from(descent)).toEqual([2000, 1991, 1982, 1973])
    const untimed = Float64Array.from([100, 900, 100])
    dropImpossibleElevations(untimed, Float64Array.from([NaN, NaN, NaN]))
    expect(Array.from(untimed)).toEqual([100, 900, 100])
  })

  // Real recordings carry epoch times: only the time between two samples may count.
  const at = (...offsetsS: number[]): Float64Array => Float64Array.from(offsetsS, (s) => Date.UTC(2024, 5, 1, 8) + s * 1000)

  it('a step is possible up to 50 m plus 10 m per second between the samples, in either direction of time', () => {
    // 3 s apart: up to 80 m. The truth is the longer run, so the odd sample out is the one judged.
    const within = Float64Array.from([1000, 1000, 1000, 1080])
    dropImpossibleElevations(within, at(0, 1, 2, 5))
    expect(Array.from(within)).toEqual([1000, 1000, 1000, 1080])
    const beyond = Float64Array.from([1000, 1000, 1000, 1080.5])
    dropImpossibleElevations(beyond, at(0, 1, 2, 5))
    expect(Array.from(beyond)).toEqual([1000, 1000, 1000, NaN])
    // A clock that stepped back is judged by the time between, as one that went forward.
    const back = Float64Array.from([1000, 1000, 1000, 1080])
    dropImpossibleElevations(back, at(10, 11, 12, 9))
    expect(Array.from(back)).toEqual([1000, 1000, 1000, 1080])
    const farBack = Float64Array.from([1000, 1000, 1000, 1080.5])
    dropImpossibleElevations(farBack, at(10, 11, 12, 9))
    expect(Array.from(farBack)).toEqual([1000, 1000, 1000, NaN])
  })

  it('on a tie between two runs the first is kept: the recording began on real ground', () => {
    const ele = Float64Array.from([500, 501, 502, 3000, 3001, 3002])
    dropImpossibleElevations(ele, at(0, 1, 2, 3, 4, 5))
    expect(Array.from(ele)).toEqual([500, 501, 502, NaN, NaN, NaN])
  })

  it('missing samples split no run, and a run is reached from its last known sample', () => {
    const gap = Float64Array.from([100, 101, NaN, 102, 103, 104])
    dropImpossibleElevations(gap, at(0, 1, 2, 3, 4, 5))
    expect(Array.from(gap)).toEqual([100, 101, NaN, 102, 103, 104])
    // The true run ends on a missing sample; what follows the spike is judged from 500 m, the last known.
    const trailing = Float64Array.from([500, 500, 500, 500, NaN, 9000, 501])
    dropImpossibleElevations(trailing, at(0, 1, 2, 3, 4, 5, 6))
    expect(Array.from(trailing)).toEqual([500, 500, 500, 500, NaN, NaN, 501])
  })
})

describe('elevation spikes', () => {
  const spikesDropped = (values: readonly number[], stepS = 1): number[] => {
    const ele = Float64Array.from(values)
    dropElevationSpikes(ele, Float64Array.from(values, (_, i) => i * stepS * 1000))
    return Array.from(ele)
  }

  it('drops one or two samples that leave the profile and come back: 0 m, −500 m, a splashed barometer', () => {
    expect(spikesDropped([300, 301, 0, 302, 303, 304])).toEqual([300, 301, NaN, 302, 303, 304])
    expect(spikesDropped([300, 301, -500, -500, 302, 303, 304])).toEqual([300, 301, NaN, NaN, 302, 303, 304])
    expect(spikesDropped([243.2, 281.2, 290, 293, 293.8, 293.4])).toEqual([NaN, 281.2, 290, 293, 293.8, 293.4])
  })

  it('keeps what lasts or what the time allows: steep slopes, a recalibration step, a summit logged every 10 s', () => {
    const descent = [2000, 1991, 1982, 1973, 1964, 1955]
    expect(spikesDropped(descent)).toEqual(descent)
    const step = [500, 500, 500, 530, 530, 530]
    expect(spikesDropped(step)).toEqual(step)
    // Up a chairlift at 5 m/s, skied down at 3 m/s.
    const summit = [1900, 1950, 2000, 1970, 1940, 1910]
    expect(spikesDropped(summit, 10)).toEqual(summit)
  })

  it('judges nothing without times, or with fewer than five samples', () => {
    const ele = Float64Array.from([300, 301, 0, 302, 303])
    dropElevationSpikes(ele, Float64Array.from([NaN, NaN, NaN, NaN, NaN]))
    expect(Array.from(ele)).toEqual([300, 301, 0, 302, 303])
    expect(spikesDropped([300, 0, 301, 302])).toEqual([300, 0, 301, 302])
  })

  const epoch = (values: readonly number[], stepS = 1): number[] => {
    const ele = Float64Array.from(values)
    dropElevationSpikes(ele, Float64Array.from(values, (_, i) => Date.UTC(2024, 5, 1, 8) + i * stepS * 1000))
    return Array.from(ele)
  }

  it('judges a segment of exactly five samples, on real clocks', () => {
    expect(epoch([300, 301, 0, 302, 303])).toEqual([300, 301, NaN, 302, 303])
  })

  it('a sample may stand 20 m plus 2 m per second of its neighbourhood from the median, and no more', () => {
    // The middle sample's neighbourhood spans 2 s: up to 24 m from the median (300 m).
    expect(epoch([300, 300, 324, 300, 300])).toEqual([300, 300, 324, 300, 300])
    expect(epoch([300, 300, 324.5, 300, 300])).toEqual([300, 300, NaN, 300, 300])
  })

  it('two spikes at either end of a segment are judged against the five samples nearest them', () => {
    expect(epoch([300, 301, 302, 303, 0, 0])).toEqual([300, 301, 302, 303, NaN, NaN])
    expect(epoch([0, 0, 300, 301, 302, 303])).toEqual([NaN, NaN, 300, 301, 302, 303])
  })

  it('a climb that lasts a minute keeps every sample: only the neighbourhood is the reference', () => {
    const climb = Array.from({ length: 60 }, (_, i) => 1000 + 5 * i)
    expect(epoch(climb)).toEqual(climb)
  })

  it('missing samples are skipped: the neighbourhood is made of known ones', () => {
    expect(epoch([300, NaN, 301, 0, 302, NaN, 303])).toEqual([300, NaN, 301, NaN, 302, NaN, 303])
  })
})

interface Fix {
  readonly lat: number
  readonly lon: number
  readonly time: number
}

/** A ride of `count` fixes a second apart at up to 15 m/s, with GPS jitter of up to 10 m. */
function plausibleRide(random: () => number, count: number): Fix[] {
  const fixes: Fix[] = []
  let lat = -50 + random() * 100
  let lon = -170 + random() * 340
  let time = Date.UTC(2024, 0, 1) + Math.floor(random() * 1e9)
  for (let i = 0; i < count; i++) {
    const heading = random() * 2 * Math.PI
    const metres = random() * 15
    lat += (Math.cos(heading) * metres) / 111_000
    lon += (Math.sin(heading) * metres) / (111_000 * Math.cos((lat * Math.PI) / 180))
    const jitter = (): number => ((random() - 0.5) * 20) / 111_000
    fixes.push({ lat: lat + jitter(), lon: lon + jitter(), time })
    time += 1000
  }
  return fixes
}

function trackOf(fixes: readonly Fix[]): Track {
  const builder = new TrackSegmentBuilder()
  for (const fix of fixes) builder.push({ ...fix, ele: Number.NaN })
  return { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
}

const figures = (fixes: readonly Fix[]) => {
  const { workout } = analyseTrack(trackOf(fixes), { stoppedSpeedThresholdKmh: 1 })
  return { distanceKm: workout.distanceKm, maxSpeedKmh: workout.maxSpeedKmh, bounds: workout.bounds }
}

describe('impossible positions', () => {
  const random = seededRandom(4_242)
  const rides = Array.from({ length: 40 }, (_, i) => plausibleRide(random, 20 + i * 25))

  it('keeps every fix of rides at possible speeds', () => {
    for (const ride of rides) {
      const lat = Float64Array.from(ride, (fix) => fix.lat)
      const lon = Float64Array.from(ride, (fix) => fix.lon)
      dropImpossiblePositions(lat, lon, Float64Array.from(ride, (fix) => fix.time))
      expect(Array.from(lat)).toEqual(ride.map((fix) => fix.lat))
      expect(Array.from(lon)).toEqual(ride.map((fix) => fix.lon))
    }
  })

  it('a spike of one to three fixes kilometres off adds no distance, no max speed, no bounds', () => {
    for (const ride of rides) {
      const at = 1 + Math.floor(random() * (ride.length - 2))
      const before = ride[at - 1] ?? ride[0]
      const length = 1 + Math.floor(random() * 3)
      const kilometres = 2 + random() * 500
      // Between two fixes a second apart: the spike's fixes take times in between.
      const spike = Array.from({ length }, (_, k) => ({
        lat: (before?.lat ?? 0) + kilometres / 111,
        lon: before?.lon ?? 0,
        time: (before?.time ?? 0) + ((k + 1) * 1000) / (length + 1),
      }))
      const spiked = [...ride.slice(0, at), ...spike, ...ride.slice(at)]
      expect(figures(spiked)).toEqual(figures(ride))
    }
  })

  it('the (0, 0) a GPS chip writes before its first fix adds no distance, no max speed, no bounds', () => {
    for (const ride of rides.slice(0, 10)) {
      const first = ride[0]?.time ?? 0
      const zeros = Array.from({ length: 5 }, (_, k) => ({ lat: 0, lon: 0, time: first - (5 - k) * 1000 }))
      expect(figures([...zeros, ...ride])).toEqual(figures(ride))
      // In a segment of their own (the timer paused until the fix), likewise.
      const builder = new TrackSegmentBuilder()
      for (const fix of zeros) builder.push({ ...fix, ele: Number.NaN })
      const track = trackOf(ride)
      const split: Track = { ...track, tracks: [{ name: null, description: null, segments: [builder.build(), ...(track.tracks[0]?.segments ?? [])] }] }
      const { workout } = analyseTrack(split, { stoppedSpeedThresholdKmh: 1 })
      expect({ distanceKm: workout.distanceKm, maxSpeedKmh: workout.maxSpeedKmh, bounds: workout.bounds }).toEqual(figures(ride))
    }
  })

  it('hands back each known fix\'s ground distance from the previous known one when it drops nothing', () => {
    const lat = Float64Array.from([45, NaN, 45 + 10 / 111_000, 45 + 30 / 111_000])
    const lon = Float64Array.from([6, NaN, 6, 6])
    const steps = dropImpossiblePositions(lat, lon, Float64Array.from([0, 1000, 2000, 3000]))
    const expected = [0, 0, groundDistanceM(45, 6, 45 + 10 / 111_000, 6), groundDistanceM(45 + 10 / 111_000, 6, 45 + 30 / 111_000, 6)]
    expect(Array.from(steps)).toEqual(expected)
    // After a drop, from the previous kept fix: the spike is bridged.
    const spiked = Float64Array.from([45, 45, 46, 45, 45])
    const bridged = dropImpossiblePositions(spiked, Float64Array.from([6, 6, 6, 6, 6]), Float64Array.from([0, 1000, 2000, 3000, 4000]))
    expect(Array.from(spiked)).toEqual([45, 45, NaN, 45, 45])
    expect(Array.from(bridged)).toEqual([0, 0, 0, 0, 0])
  })

  it('does not judge fixes whose times are unknown', () => {
    const lat = Float64Array.from([45, 45.5, 45])
    dropImpossiblePositions(lat, Float64Array.from([6, 6, 6]), Float64Array.from([NaN, NaN, NaN]))
    expect(Array.from(lat)).toEqual([45, 45.5, 45])
  })

  it('keeps a car at 130 km/h and a long gap in the recording', () => {
    const lat = Float64Array.from([45, 45 + 36 / 111_000, 45 + 72 / 111_000, 45.5, 45.5 + 10 / 111_000])
    const lon = Float64Array.from([6, 6, 6, 6, 6])
    // 36 m a second, then 55 km in an hour.
    dropImpossiblePositions(lat, lon, Float64Array.from([0, 1000, 2000, 3_602_000, 3_603_000]))
    expect(Array.from(lat).every((value) => !Number.isNaN(value))).toBe(true)
  })
})

/** Which fixes the rule keeps (true) and drops, after it ran on `fixes`. */
function keptOf(fixes: readonly Fix[]): boolean[] {
  const lat = Float64Array.from(fixes, (fix) => fix.lat)
  const lon = Float64Array.from(fixes, (fix) => fix.lon)
  dropImpossiblePositions(lat, lon, Float64Array.from(fixes, (fix) => fix.time))
  return Array.from(lat, (value) => !Number.isNaN(value))
}

/** The haversine length of a list of fixes, metres, over the steps whose two fixes have a time (the reference tracker's rule). */
const lengthM = (fixes: readonly Fix[]): number =>
  fixes.reduce((total, fix, i) => {
    const previous = fixes[i - 1]
    return previous && !Number.isNaN(previous.time + fix.time) ? total + groundDistanceM(previous.lat, previous.lon, fix.lat, fix.lon) : total
  }, 0)

/** Some fixes of a ride lose their time, as GPX points without `<time>` do (never the first or last). */
function untimed(random: () => number, ride: readonly Fix[], share: number): Fix[] {
  return ride.map((fix, i) => (i > 0 && i < ride.length - 1 && random() < share ? { ...fix, time: Number.NaN } : fix))
}

describe('impossible positions among fixes without a time, and jumps with real ground on both sides', () => {
  const random = seededRandom(2_929)
  const rides = Array.from({ length: 30 }, (_, i) => plausibleRide(random, 40 + i * 30))

  it('keeps every fix of a possible ride whatever share of them lost its time', () => {
    for (const ride of rides) expect(keptOf(untimed(random, ride, random() * 0.5)).every(Boolean)).toBe(true)
  })

  it('drops exactly the fixes of a spike, even beside or made of fixes without a time, and keeps every other', () => {
    for (const ride of rides) {
      const base = untimed(random, ride, 0.05)
      const at = 2 + Math.floor(random() * (base.length - 4))
      const before = ride[at - 1] ?? ride[0]
      const length = 1 + Math.floor(random() * 3)
      const kilometres = 2 + random() * 500
      // The spike's fixes, or the fix beside them, may have no time: the bug that let a spike in.
      const spike = Array.from({ length }, (_, k) => ({
        lat: (before?.lat ?? 0) + kilometres / 111,
        lon: before?.lon ?? 0,
        time: random() < 0.5 ? Number.NaN : (before?.time ?? 0) + ((k + 1) * 1000) / (length + 1),
      }))
      const neighbour = base[at - 1]
      const beside = [...base.slice(0, at - 1), ...(neighbour && random() < 0.5 ? [{ ...neighbour, time: Number.NaN }] : base.slice(at - 1, at))]
      const spiked = [...beside, ...spike, ...base.slice(at)]
      const expected = spiked.map((_, i) => i < at || i >= at + length)
      expect(keptOf(spiked)).toEqual(expected)
      expect(figures(spiked)).toEqual(figures([...beside, ...base.slice(at)]))
    }
  })

  it('a jump nobody can make loses neither side: both are measured, the jump adds no distance and no speed', () => {
    for (const [index, ride] of rides.entries()) {
      const cut = 5 + Math.floor(random() * (ride.length - 10))
      const kilometres = 1 + random() * 300
      // From `cut` on the ride is moved north, one second after the fix before: a receiver or clock that jumped.
      const jumped = ride.map((fix, i) => (i < cut ? fix : { ...fix, lat: fix.lat + kilometres / 111 }))
      const track = index % 2 === 0 ? untimed(random, jumped, 0.05) : jumped
      const first = track.slice(0, cut)
      const second = track.slice(cut)
      expect(keptOf(track).every(Boolean)).toBe(true)
      const { distanceKm, maxSpeedKmh } = figures(track)
      expect(distanceKm).toBeCloseTo((lengthM(first) + lengthM(second)) / 1000, 9)
      expect(maxSpeedKmh).toBeLessThanOrEqual(15 * 3.6 + 20 * 3.6)
      const steps = dropImpossiblePositions(
        Float64Array.from(jumped, (fix) => fix.lat),
        Float64Array.from(jumped, (fix) => fix.lon),
        Float64Array.from(jumped, (fix) => fix.time),
      )
      expect(steps[cut]).toBe(IMPOSSIBLE_STEP_M)
      expect(Array.from(steps).filter((metres) => metres === IMPOSSIBLE_STEP_M)).toHaveLength(1)
    }
  })

  it('a stretch of fewer than five fixes beyond a jump that leads nowhere is dropped; five are kept', () => {
    const ride = rides[5] ?? []
    for (const [count, kept] of [
      [4, false],
      [5, true],
    ] as const) {
      const tail = ride.length - count
      const jumped = ride.map((fix, i) => (i < tail ? fix : { ...fix, lat: fix.lat + 0.5 }))
      expect(keptOf(jumped)).toEqual(ride.map((_, i) => i < tail || kept))
      // At the start alike.
      const head = ride.map((fix, i) => (i >= count ? fix : { ...fix, lat: fix.lat + 0.5 }))
      expect(keptOf(head)).toEqual(ride.map((_, i) => i >= count || kept))
    }
  })

  it('a long excursion that comes back is dropped: the return is nearer the last kept fix than the way out', () => {
    const ride = rides[10] ?? []
    const out = ride.map((fix, i) => (i >= 20 && i < 30 ? { ...fix, lat: fix.lat + 0.5 } : fix))
    expect(keptOf(out)).toEqual(ride.map((_, i) => i < 20 || i >= 30))
  })

  it('two jumps in a row lose no side, even when the third stretch lands nearer the first, out of reach', () => {
    const ride = rides[8] ?? []
    const third = Math.floor(ride.length / 3)
    // 60 km north for the middle third, then 40 km south of the start for the last: each step out of reach in a second.
    const moved = ride.map((fix, i) => (i < third ? fix : { ...fix, lat: fix.lat + (i < 2 * third ? 60 : -40) / 111 }))
    expect(keptOf(moved).every(Boolean)).toBe(true)
    // Forward twice, 1 km each (a receiver that jumped, then jumped again): the last stretch is within reach of
    // the first over the middle one's time but farther than the middle one, so it does not come back: all kept.
    const onward = ride.map((fix, i) => (i < third ? fix : { ...fix, lat: fix.lat + (i < 2 * third ? 1 : 2) / 111 }))
    expect(keptOf(onward).every(Boolean)).toBe(true)
    // A fix without a position at the end of a stretch: the stretch is judged from its last known fix.
    const gap = moved.map((fix, i) => (i === third - 1 || i === 2 * third - 1 ? { ...fix, lat: Number.NaN, lon: Number.NaN } : fix))
    expect(keptOf(gap)).toEqual(gap.map((fix) => !Number.isNaN(fix.lat)))
  })

  it("a phone's network fixes kilometres off for a minute, hopping under 100 m a step, then back: no part of the walk", () => {
    // An iPhone in Tokyo (CoreGPX's Open GPX Tracker file): Wi-Fi or cell fixes 3.2 km off for 75 s, 22 of them
    // wandering up to 100 m a step (some in the same second), then back beside where the walk left off.
    const walk = rides[12] ?? []
    const from = 30
    const away = walk.map((fix, i) => {
      if (i < from || i >= from + 22) return fix
      const k = i - from
      return { lat: (walk[from - 1]?.lat ?? 0) + 3.2 / 111 + (k % 3) * 0.0003, lon: fix.lon + (k % 2) * 0.0004, time: fix.time }
    })
    expect(keptOf(away)).toEqual(walk.map((_, i) => i < from || i >= from + 22))
    const straight = [...walk.slice(0, from), ...walk.slice(from + 22)]
    expect(figures(away).distanceKm).toBeCloseTo(lengthM(straight) / 1000, 9)
  })

  it('an excursion after the real ground, as before it, is dropped', () => {
    const ride = rides[10] ?? []
    const end = ride.length
    const out = ride.map((fix, i) => (i >= end - 30 && i < end - 20 ? { ...fix, lat: fix.lat + 0.5 } : fix))
    expect(keptOf(out)).toEqual(ride.map((_, i) => i < end - 30 || i >= end - 20))
  })

  it('judges a fix without a time with the widest time its timed neighbours allow', () => {
    // 400 m beyond, between fixes 1 s apart: out of reach (100 m + 83.3 m); 10 s apart: within reach.
    const lat = (metres: number): number => 45 + metres / 111_195
    const run = (gapS: number): boolean[] => {
      const fixes = [0, 1, 2, 3, 4, 5].map((s) => ({ lat: lat(s), lon: 6, time: s * 1000 }))
      const last = fixes[5]?.time ?? 0
      const after = [0, 1, 2, 3, 4, 5].map((s) => ({ lat: lat(6 + s), lon: 6, time: last + gapS * 1000 + s * 1000 }))
      return keptOf([...fixes, { lat: lat(405), lon: 6, time: Number.NaN }, ...after])
    }
    expect(run(1)[6]).toBe(false)
    expect(run(10)[6]).toBe(true)
  })
})

describe('the two rules a planted bug did not reach (stop 33)', () => {
  // Fixes along a meridian: `metres` north of 45° N, `s` seconds after 08:00 (NaN: no time).
  const fix = (metres: number, s: number): Fix => ({ lat: 45 + metres / 111_195, lon: 6, time: Number.isNaN(s) ? s : Date.UTC(2024, 5, 1, 8) + s * 1000 })

  it('a stretch beyond a jump is an excursion only when the track comes back nearer than it went: one that moves on is kept', () => {
    // 40 fixes at 5 m/s; 7 fixes 1 km on (out of reach in 1 s); 14 s later 10 fixes 1.7 km the other side of
    // the last real fix: within its reach over those 21 s, but farther than the stretch went, and out of the
    // stretch's own reach. The 7 fixes lead somewhere: they stay.
    const ground = Array.from({ length: 40 }, (_, i) => fix(5 * i, i))
    const onward = Array.from({ length: 7 }, (_, k) => fix(5 * (40 + k) + 1000, 40 + k))
    const across = Array.from({ length: 10 }, (_, k) => fix(195 - 1700 - 5 * k, 60 + k))
    expect(keptOf([...ground, ...onward, ...across]).every(Boolean)).toBe(true)
    // The same 7 fixes, and a track that comes back nearer than they went: an excursion, dropped.
    const back = Array.from({ length: 10 }, (_, k) => fix(195 + 500 + 5 * k, 48 + k))
    expect(keptOf([...ground, ...onward, ...back])).toEqual([...ground.map(() => true), ...onward.map(() => false), ...back.map(() => true)])
  })

  it('a fix without a time, where the clock steps back, is judged with the widest time either reading allows', () => {
    // Timed points without a position read 510 s (a clock that jumped) then 11 s (back again): the untimed
    // fixes on either side of them lie up to 499 s apart, so 4.99 km between them is within reach (and
    // 2 s, the span of the outer readings alone, would drop the far ones).
    const noPosition = (s: number): Fix => ({ lat: Number.NaN, lon: Number.NaN, time: Date.UTC(2024, 5, 1, 8) + s * 1000 })
    const fixes = [fix(0, 10), fix(10, Number.NaN), noPosition(510), noPosition(11), fix(5_000, Number.NaN), fix(5_010, 12)]
    expect(keptOf(fixes)).toEqual([true, true, false, false, true, true])
  })
})

describe('the lowest and highest altitude a person can have reached (issue 29)', () => {
  // Samples every `stepS` seconds on a real clock.
  const range = (values: readonly number[], stepS = 1) =>
    credibleAltitudeRange(Float64Array.from(values), Float64Array.from(values, (_, i) => Date.UTC(2021, 6, 27, 11) + i * stepS * 1000))
  const level = (metres: number, count: number): number[] => Array.from({ length: count }, () => metres)

  it('a barometer under water for 10 to 20 s, 200 m below the lake, is not the minimum; a pressure jump as long is not the maximum', () => {
    for (const width of [10, 15, 20]) {
      expect(range([...level(100, 30), ...level(-100, width), ...level(100, 30)])).toEqual({ minM: 100, maxM: 100 })
      expect(range([...level(100, 30), ...level(300, width), ...level(100, 30)])).toEqual({ minM: 100, maxM: 100 })
    }
  })

  it('the samples on the way down and back are cut as far as a person could not have made them: 10 m below the lake stays', () => {
    // 60 m is 40 m below the lake 2 s either side: 40 m down and up in 4 s; 90 m is within the 10 m allowance.
    expect(range([...level(100, 20), 90, 60, ...level(-100, 15), 60, 90, ...level(100, 20)])).toEqual({ minM: 90, maxM: 100 })
  })

  it('a valley or summit reached and left at 5 m/s stays, one left faster is cut', () => {
    // 100 m down and up in 20 s each way: 5 m/s.
    expect(range([1000, 1000, 950, 900, 950, 1000, 1000], 10)).toEqual({ minM: 900, maxM: 1000 })
    expect(range([1000, 1000, 1050, 1100, 1050, 1000, 1000], 10)).toEqual({ minM: 1000, maxM: 1100 })
    // 100 m in 15 s each way: 6.7 m/s.
    expect(range([1000, 1000, 900, 1000, 1000], 15)).toEqual({ minM: 1000, maxM: 1000 })
    expect(range([1000, 1000, 1100, 1000, 1000], 15)).toEqual({ minM: 1000, maxM: 1000 })
  })

  it('a sample a second from its neighbours may stand 15 m beyond them, not 16', () => {
    expect(range([100, 100, 85, 100, 100])).toEqual({ minM: 85, maxM: 100 })
    expect(range([100, 100, 84, 100, 100])).toEqual({ minM: 100, maxM: 100 })
    expect(range([100, 100, 115, 100, 100])).toEqual({ minM: 100, maxM: 115 })
    expect(range([100, 100, 116, 100, 100])).toEqual({ minM: 100, maxM: 100 })
  })

  it('a step that stays (a recalibration) keeps both levels: it is not left again', () => {
    expect(range([...level(100, 10), ...level(0, 10)])).toEqual({ minM: 0, maxM: 100 })
    expect(range([...level(0, 10), ...level(100, 10)])).toEqual({ minM: 0, maxM: 100 })
    // Drifting back up 8 m after it, within a barometer's wobble, leaves it no more than a level does.
    expect(range([...level(100, 10), ...level(0, 10), ...level(8, 10)])).toEqual({ minM: 0, maxM: 100 })
  })

  it('an excursion is judged down and back together: a drop of 100 m in a second is no way down, however slowly it climbs back', () => {
    // Back up at 4 m/s (a pace a person can climb at), then level: the way down alone was impossible (85 m
    // of margin against 13 m short on the way back). Cut up to where the climb stands within 10 m of the level.
    const climb = Array.from({ length: 25 }, (_, k) => 4 * k)
    expect(range([...level(100, 10), ...climb, ...level(100, 20)])).toEqual({ minM: 92, maxM: 100 })
  })

  it('judges no sample without a time, and skips missing samples', () => {
    const untimed = credibleAltitudeRange(Float64Array.from([100, 0, 100]), Float64Array.from([NaN, NaN, NaN]))
    expect(untimed).toEqual({ minM: 0, maxM: 100 })
    expect(range([100, NaN, 100, -100, 100, NaN, 100])).toEqual({ minM: 100, maxM: 100 })
    expect(range([NaN, NaN])).toEqual({ minM: NaN, maxM: NaN })
    // A sample without a time beside a dip says nothing of it: the dip is judged by the timed ones.
    const values = [...level(100, 10), ...level(-100, 15), ...level(100, 10)]
    const times = values.map((_, i) => (i === 27 ? NaN : Date.UTC(2021, 6, 27, 11) + i * 1000))
    expect(credibleAltitudeRange(Float64Array.from(values), Float64Array.from(times))).toEqual({ minM: 100, maxM: 100 })
  })

  it("a workout's minimum leaves the dip out, its way down and back up too; its profile keeps it", () => {
    // A fenix 3 swimming in a lake (fit2geo-fenix3-7198898968.fit, 13:35:46–13:36:21): no step beyond the
    // plausibility rules, 15 samples wide. The first sample within 10 m of the level on both sides stays.
    const dip = [-274, -278.6, -291.2, -324.4, -368.4, -415, -453, -473.2, -483.4, -488.4, -489.2, -448.2, -395, -336, -306.4, -291.6]
    const after = [-284.2, -280.4, -278.6, -277.6, -277.2, -277, -276.6, -276, -275.4]
    const builder = new TrackSegmentBuilder()
    const profile = [...level(-273, 60), ...dip, ...after, ...level(-275, 60)]
    profile.forEach((ele, i) => builder.push({ lat: 45 + i * 1e-5, lon: 6, ele, time: Date.UTC(2021, 6, 27, 11) + i * 1000 }))
    const track: Track = { format: 'gpx', name: null, description: null, sport: null, tracks: [{ name: null, description: null, segments: [builder.build()] }] }
    const { workout, series } = analyseTrack(track, { stoppedSpeedThresholdKmh: 1 })
    expect([workout.minAltM, workout.maxAltM]).toEqual([-284.2, -273])
    expect(Math.min(...Array.from(series.ele).filter((ele) => !Number.isNaN(ele)))).toBe(-489.2)
  })
})
