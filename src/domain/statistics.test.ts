import { describe, expect, it } from 'vitest'
import { seededRandom } from '../test-support/seeded-random'
import { periodKey, periodRanges, type TimeFrame } from './statistics'
import { createZoneClock, offsetSpans } from './zoned-time'

describe('periodKey', () => {
  it.each([
    [{ year: 2018, month: 3, day: 28 }, 'week', '2018-03-25'],
    [{ year: 2018, month: 3, day: 28 }, 'weekm', '2018-03-26'],
    [{ year: 2018, month: 4, day: 1 }, 'week', '2018-04-01'],
    [{ year: 2018, month: 4, day: 1 }, 'weekm', '2018-03-26'],
    [{ year: 2021, month: 1, day: 2 }, 'weekm', '2020-12-28'],
    [{ year: 2018, month: 4, day: 1 }, 'month', '2018-04'],
    [{ year: 2018, month: 4, day: 1 }, 'year', '2018'],
  ] as const)('%j by %s is %s', (local, frame, key) => {
    expect(periodKey(local, frame)).toBe(key)
  })
})

describe('periodRanges', () => {
  /** The local calendar day of an instant in a zone, as the platform's time-zone database gives it (not our clock). */
  const localDay = (zone: string, instant: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant)
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    return { year: part('year'), month: part('month'), day: part('day') }
  }
  // Daylight saving (north and south, 30 min on Lord Howe), a quarter-hour offset, a day skipped (Apia, 2011-12-30), UTC.
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia', 'UTC']
  const frames: TimeFrame[] = ['week', 'weekm', 'month', 'year']
  const random = seededRandom(20_261_127)

  it('cut [from, to) into contiguous ranges, each holding exactly the instants of its local period', () => {
    for (let round = 0; round < 120; round++) {
      const zone = zones[round % zones.length] ?? 'UTC'
      const frame = frames[Math.floor(round / zones.length) % frames.length] ?? 'week'
      const from = Date.UTC(2010, 0, 1) + Math.floor(random() * 16 * 365 * 86_400_000)
      const to = from + 1 + Math.floor(random() * (frame === 'year' ? 3 * 365 : 120) * 86_400_000)
      const clock = createZoneClock(zone)
      const ranges = periodRanges(frame, offsetSpans(clock, from, to), from, to)

      expect(ranges[0]?.start).toBe(from)
      expect(ranges.at(-1)?.until).toBe(to)
      for (let k = 1; k < ranges.length; k++) expect(ranges[k]?.start, `${zone} ${frame}`).toBe(ranges[k - 1]?.until)
      for (const range of ranges) {
        expect(range.start).toBeLessThan(range.until)
        // Its first and last instants and one in between are in the period its key names.
        for (const instant of [range.start, range.until - 1, range.start + Math.floor(random() * (range.until - range.start))]) {
          expect(range.key, `${zone} ${frame} ${new Date(instant).toISOString()}`).toBe(periodKey(localDay(zone, instant), frame))
        }
      }
      // Consecutive ranges share a key only where the zone's offset changed inside the period.
      const keys = ranges.map((range) => range.key)
      expect(new Set(keys).size).toBe(keys.filter((key, k) => key !== keys[k - 1]).length)
    }
  })
})
