import { describe, expect, it } from 'vitest'
import { seededRandom } from '../test-support/seeded-random'
import { boundsOfLines, chartOutsideZones, inPrivacyZone, linesOutsideZones, touchesZones, zoneNearBounds, type PrivacyZone } from './privacy-zones'

/**
 * Property tests on seeded random tracks and zones (no fast-check here: a small seeded generator,
 * so a failure names the seed that reproduces it). Whether a point is inside a zone is decided
 * by an independent formula (the spherical law of cosines), and points within half a metre of a
 * zone's edge, where two correct formulas may disagree, are not generated.
 */
const EARTH_RADIUS_M = 6_378_137
const RAD = Math.PI / 180

function lawOfCosinesM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const cos = Math.sin(lat1 * RAD) * Math.sin(lat2 * RAD) + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon2 - lon1) * RAD)
  return EARTH_RADIUS_M * Math.acos(Math.min(1, Math.max(-1, cos)))
}

const inside = (lat: number, lon: number, zones: readonly PrivacyZone[]) => zones.some((zone) => lawOfCosinesM(lat, lon, zone.latitude, zone.longitude) < zone.radius)
const nearEdge = (lat: number, lon: number, zones: readonly PrivacyZone[]) =>
  zones.some((zone) => Math.abs(lawOfCosinesM(lat, lon, zone.latitude, zone.longitude) - zone.radius) < 0.5)

interface Case {
  zones: PrivacyZone[]
  lines: [number, number][][]
}

/** Up to 3 zones (200 m – 2 km) and 1–3 segments of random walks around them (steps up to 150 m), somewhere on Earth away from the poles. */
function generate(seed: number): Case {
  const next = seededRandom(seed)
  const baseLat = -70 + next() * 140
  const baseLon = -179 + next() * 358
  const metresToLat = (m: number) => m / 111_320
  const metresToLon = (m: number) => m / (111_320 * Math.cos(baseLat * RAD))
  const zones = Array.from({ length: Math.floor(next() * 4) }, () => ({
    latitude: baseLat + metresToLat((next() - 0.5) * 4000),
    longitude: baseLon + metresToLon((next() - 0.5) * 4000),
    radius: Math.round(200 + next() * 1800),
  }))
  const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
    let [lat, lon] = [baseLat + metresToLat((next() - 0.5) * 3000), baseLon + metresToLon((next() - 0.5) * 3000)]
    const line: [number, number][] = []
    for (let i = Math.floor(next() * 300); i > 0; i--) {
      lat += metresToLat((next() - 0.5) * 300)
      lon += metresToLon((next() - 0.5) * 300)
      if (!nearEdge(lat, lon, zones)) line.push([lat, lon])
    }
    return line
  })
  return { zones, lines }
}

const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1)

describe('privacy zones', () => {
  it('no position returned for a line or a chart lies within a zone; every position outside all zones is kept, in order', () => {
    let hidden = 0
    let kept = 0
    for (const seed of SEEDS) {
      const { zones, lines } = generate(seed)
      const shown = linesOutsideZones(lines, zones)
      const outside = lines.map((line) => line.filter(([lat, lon]) => !inside(lat, lon, zones)))
      expect(shown, `seed ${seed}`).toEqual(outside)
      for (const [lat, lon] of shown.flat()) expect(inside(lat, lon, zones), `seed ${seed}`).toBe(false)

      const chart = lines.flat().map(([latitude, longitude], i) => ({ distance: i / 10, speed: i % 7, latitude, longitude }))
      const shownChart = chartOutsideZones(chart, zones)
      expect(shownChart.map(({ distance, speed }) => ({ distance, speed })), `seed ${seed}`).toEqual(chart.map(({ distance, speed }) => ({ distance, speed })))
      const positions = shownChart.flatMap(({ latitude, longitude }) => (latitude === null || longitude === null ? [] : [[latitude, longitude] as const]))
      expect(positions, `seed ${seed}`).toEqual(outside.flat())

      expect(touchesZones(lines.flat(), zones), `seed ${seed}`).toBe(lines.flat().some(([lat, lon]) => inside(lat, lon, zones)))
      hidden += lines.flat().length - outside.flat().length
      kept += outside.flat().length
    }
    // The generator is worth something only if it puts many points on both sides.
    expect(hidden).toBeGreaterThan(5000)
    expect(kept).toBeGreaterThan(5000)
  })

  it('counts a point on the edge as inside, and one a metre beyond it as outside', () => {
    // 0.01° of latitude is 1,113.19 m on the reference sphere.
    const zone = { latitude: 45, longitude: 6, radius: 1113 }
    expect(inPrivacyZone(45.01, 6, [{ ...zone, radius: 1114 }])).toBe(true)
    expect(inPrivacyZone(45.01, 6, [zone])).toBe(false)
  })

  it('counts a point exactly on the edge as inside: a zone of radius 0 still holds its centre', () => {
    expect(inPrivacyZone(45, 6, [{ latitude: 45, longitude: 6, radius: 0 }])).toBe(true)
  })

  it('leaves a chart point with only half a position as it is: it has no position to hide', () => {
    const zones = [{ latitude: 0, longitude: 0, radius: 1000 }]
    const halves = [
      { distance: 0, latitude: 0, longitude: null },
      { distance: 1, latitude: null, longitude: 0 },
    ]
    expect(chartOutsideZones(halves, zones)).toEqual(halves)
  })

  it('bounds only the positions shown, and none when none is', () => {
    expect(boundsOfLines([[[45.1, 6.2], [45.3, 6.0]], [], [[45.2, 6.4]]])).toEqual([45.1, 6.0, 45.3, 6.4])
    expect(boundsOfLines([[], []])).toEqual([])
  })

  it('finds a zone near a track from its bounds by the box point nearest the centre', () => {
    // 1° is 111,319.49 m on the reference sphere; a degree of longitude at 60° N is half that, 55,659.75 m.
    const equator = { latitude: 0, longitude: 0, radius: 1000 }
    expect(zoneNearBounds(equator, [-0.01, 0.0089, 0.01, 0.02])).toBe(true) // 990.7 m
    expect(zoneNearBounds(equator, [-0.01, 0.0092, 0.01, 0.02])).toBe(false) // 1,024.1 m
    expect(zoneNearBounds(equator, [-0.01, -0.01, 0.01, 0.01])).toBe(true) // the centre within the box
    expect(zoneNearBounds(equator, [])).toBe(false)
    const north = { latitude: 60, longitude: 6, radius: 500 }
    expect(zoneNearBounds(north, [59.9, 6.0085, 60.1, 6.1])).toBe(true) // 473.1 m
    expect(zoneNearBounds(north, [59.9, 6.0095, 60.1, 6.1])).toBe(false) // 528.8 m
  })

  it("allows 1 % and 1 m of slack for the box's curved edges", () => {
    // A 1,000 m zone reaches 1,011 m: along the equator 0.009073° is 1,010.0 m, 0.009084° is 1,011.2 m.
    const equator = { latitude: 0, longitude: 0, radius: 1000 }
    expect(zoneNearBounds(equator, [-0.01, 0.009073, 0.01, 0.02])).toBe(true)
    expect(zoneNearBounds(equator, [-0.01, 0.009084, 0.01, 0.02])).toBe(false)
  })
})
