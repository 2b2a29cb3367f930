import { describe, expect, it, vi } from 'vitest'
import { createTransitionCache, createZoneClock, formatLocalDay, localDayStart, offsetSpans, parseLocalDateTime, yearTransitions, type ZoneClock } from './zoned-time'

describe('zone clock', () => {
  const paris = createZoneClock('Europe/Paris')

  it('gives the wall-clock time in winter and in summer', () => {
    expect(paris.local(Date.UTC(2018, 2, 13, 12, 44, 45))).toEqual({ year: 2018, month: 3, day: 13, hour: 13, minute: 44, second: 45 })
    expect(paris.local(Date.UTC(2018, 4, 15, 12, 5))).toMatchObject({ hour: 14, minute: 5 })
  })

  it('turns a wall-clock time into the right instant (reference: 14:05 Paris is 12:05 UTC in May)', () => {
    expect(new Date(paris.toUtc({ year: 2018, month: 5, day: 15, hour: 14, minute: 5 })).toISOString()).toBe('2018-05-15T12:05:00.000Z')
    expect(new Date(paris.toUtc({ year: 2018, month: 1, day: 15, hour: 0, minute: 0 })).toISOString()).toBe('2018-01-14T23:00:00.000Z')
  })

  it('handles the days the clocks change, both ways', () => {
    // 2024-03-31: 02:00 → 03:00 in Paris. 2024-10-27: 03:00 → 02:00.
    expect(paris.offsetAt(Date.UTC(2024, 2, 31, 0, 59))).toBe(3_600_000)
    expect(paris.offsetAt(Date.UTC(2024, 2, 31, 1, 0))).toBe(7_200_000)
    expect(paris.local(Date.UTC(2024, 2, 31, 1, 30))).toMatchObject({ day: 31, hour: 3, minute: 30 })
    expect(new Date(paris.toUtc({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 })).toISOString()).toBe('2024-10-27T00:30:00.000Z')
    expect(paris.local(Date.UTC(2024, 9, 27, 1, 30))).toMatchObject({ hour: 2, minute: 30 })
    // 02:30 does not exist on 2024-03-31: it is read as 03:30.
    expect(new Date(paris.toUtc({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 })).toISOString()).toBe('2024-03-31T01:30:00.000Z')
  })

  it('turns a wall-clock time hours after a change into an instant at the new offset', () => {
    // 05:00 on 2024-03-31 in Paris, three hours after the clocks went from +1 h to +2 h: 03:00 UTC
    // (half a day earlier the zone was still at +1 h, which does not fit 05:00 that day).
    expect(new Date(paris.toUtc({ year: 2024, month: 3, day: 31, hour: 5, minute: 0 })).toISOString()).toBe('2024-03-31T03:00:00.000Z')
    // And back: 2024-10-27 05:00 in Paris, three hours after the return to +1 h, is 04:00 UTC.
    expect(new Date(paris.toUtc({ year: 2024, month: 10, day: 27, hour: 5, minute: 0 })).toISOString()).toBe('2024-10-27T04:00:00.000Z')
  })

  it('reads the zone database twice for a UTC day and then never again; on a day of change, once more per instant', () => {
    // Offsets as the platform's database states them (checked with Intl's own offset names).
    const offsetName = (timeZone: string, at: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value
    expect([offsetName('Europe/Helsinki', '2031-03-30T00:59:59Z'), offsetName('Europe/Helsinki', '2031-03-30T01:00:00Z')]).toEqual(['GMT+02:00', 'GMT+03:00'])
    // Casablanca went from +0 to +1 h at midnight UTC on 2008-06-01: the day before is still one offset to its last millisecond.
    expect([offsetName('Africa/Casablanca', '2008-05-31T23:59:59.999Z'), offsetName('Africa/Casablanca', '2008-06-01T00:00:00Z')]).toEqual(['GMT+00:00', 'GMT+01:00'])
    const reads = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      // Days no other test reads: the clocks, and what they learnt, are kept for the process.
      const readsOver = (timeZone: string, day: number) => {
        reads.mockClear()
        const clock = createZoneClock(timeZone)
        for (let minute = 0; minute < 24 * 60; minute += 30) clock.offsetAt(day + minute * 60_000)
        return reads.mock.calls.length
      }
      expect(readsOver('Europe/Helsinki', Date.UTC(2031, 0, 15))).toBe(2)
      expect(readsOver('Africa/Casablanca', Date.UTC(2008, 4, 31))).toBe(2)
      // The day Helsinki changes: its two ends, then each of the 48 instants exactly.
      expect(readsOver('Europe/Helsinki', Date.UTC(2031, 2, 30))).toBe(2 + 48)
    } finally {
      reads.mockRestore()
    }
  })

  it('works for zones ahead of and behind UTC across the date line', () => {
    const auckland = createZoneClock('Pacific/Auckland')
    expect(formatLocalDay(auckland.local(Date.UTC(2020, 0, 1, 12)))).toBe('2020-01-02')
    const honolulu = createZoneClock('Pacific/Honolulu')
    expect(formatLocalDay(honolulu.local(Date.UTC(2020, 0, 1, 5)))).toBe('2019-12-31')
  })

  it('gives a whole offset to an instant with milliseconds on the day the clock changes', () => {
    // 2024-03-31 01:00:00.999 UTC, just after Paris went from +1 h to +2 h: 03:00:00 there.
    const instant = Date.UTC(2024, 2, 31, 1, 0, 0, 999)
    expect(paris.offsetAt(instant)).toBe(7_200_000)
    expect(paris.local(instant)).toEqual({ year: 2024, month: 3, day: 31, hour: 3, minute: 0, second: 0 })
  })

  it('is one clock per zone for the life of the process', () => {
    expect(createZoneClock('Europe/Paris')).toBe(paris)
  })

  it('refuses an unknown zone', () => {
    expect(() => createZoneClock('Mars/Olympus')).toThrow(RangeError)
  })
})

describe('parseLocalDateTime', () => {
  it.each([
    ['2018-05-15 14:05', { year: 2018, month: 5, day: 15, hour: 14, minute: 5 }],
    ['2018-05-15', { year: 2018, month: 5, day: 15, hour: 0, minute: 0 }],
    ['2018-02-30', null],
    ['2018-05-15 24:00', null],
    ['15/05/2018', null],
    ['0000-01-01', null],
    ['0001-01-01', { year: 1, month: 1, day: 1, hour: 0, minute: 0 }],
    ['2018-05-15 23:59', { year: 2018, month: 5, day: 15, hour: 23, minute: 59 }],
    ['2018-05-15 23:60', null],
    ['2018-13-01', null],
    ['2018-05-15 14:05 ', null],
    [' 2018-05-15', null],
    ['2018-05-15 14:', null],
  ])('%s', (text, parts) => {
    expect(parseLocalDateTime(text)).toEqual(parts)
  })
})

describe('formatLocalDay', () => {
  it('writes the year in four digits and the month and day in two', () => {
    expect(formatLocalDay({ year: 1, month: 2, day: 3 })).toBe('0001-02-03')
    expect(formatLocalDay({ year: 2024, month: 12, day: 31 })).toBe('2024-12-31')
  })
})

describe('offsetSpans', () => {
  it('lists the offsets of a year with its two daylight-saving changes, to the minute', () => {
    const paris = createZoneClock('Europe/Paris')
    const spans = offsetSpans(paris, Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1))
    expect(spans).toEqual([
      { until: Date.UTC(2024, 2, 31, 1, 0), offsetMs: 3_600_000 },
      { until: Date.UTC(2024, 9, 27, 1, 0), offsetMs: 7_200_000 },
      { until: null, offsetMs: 3_600_000 },
    ])
  })

  it('is one open span for a zone without changes, and for UTC', () => {
    expect(offsetSpans(createZoneClock('Asia/Kolkata'), Date.UTC(2020, 0, 1), Date.UTC(2024, 0, 1))).toEqual([{ until: null, offsetMs: 19_800_000 }])
    expect(offsetSpans(createZoneClock('UTC'), Date.UTC(2020, 0, 1), Date.UTC(2024, 0, 1))).toEqual([{ until: null, offsetMs: 0 }])
  })

  it('agrees with the clock at every hour of five years in the southern hemisphere', () => {
    const clock = createZoneClock('Australia/Sydney')
    const from = Date.UTC(2019, 0, 1)
    const to = Date.UTC(2024, 0, 1)
    const spans = offsetSpans(clock, from, to)
    expect(spans.length).toBe(11)
    for (let t = from; t < to; t += 3_600_000) {
      const span = spans.find((candidate) => candidate.until === null || t < candidate.until)
      expect(span?.offsetMs).toBe(clock.offsetAt(t))
    }
  })
  it('finds a change that falls exactly on a year boundary once, in the year it ends', () => {
    // Samoa skipped 30 December 2011 (UTC-10 to UTC+14) at 10:00 UTC on the 30th; Kolkata never changes.
    const apia = createZoneClock('Pacific/Apia')
    const spans = offsetSpans(apia, Date.UTC(2011, 11, 1), Date.UTC(2012, 1, 1))
    expect(spans.map((span) => span.offsetMs)).toEqual([-36_000_000, 50_400_000])
    expect(yearTransitions(createZoneClock('Asia/Kolkata'), 2020)).toEqual([])
  })

  it('reads each year of a zone once through the cache, whatever range is asked for next', () => {
    const paris = createZoneClock('Europe/Paris')
    let readings = 0
    const counting: ZoneClock = { ...paris, offsetAt: (epochMs) => ((readings += 1), paris.offsetAt(epochMs)) }
    const cache = createTransitionCache()
    const first = offsetSpans(counting, Date.UTC(1980, 0, 1), Date.UTC(2030, 0, 1), cache.of(counting, 'Europe/Paris'))
    expect(first.length).toBe(101)
    readings = 0
    // A range starting a day later (a cache-busting query) reads the clock only for its start.
    const second = offsetSpans(counting, Date.UTC(1980, 0, 2), Date.UTC(2030, 0, 1), cache.of(counting, 'Europe/Paris'))
    expect(second).toEqual(first)
    expect(readings).toBe(1)
  })

  it("ends at `toMs` inclusive: a change at that very instant opens the last span", () => {
    const paris = createZoneClock('Europe/Paris')
    const change = Date.UTC(2024, 2, 31, 1)
    expect(offsetSpans(paris, Date.UTC(2024, 0, 1), change)).toEqual([{ until: change, offsetMs: 3_600_000 }, { until: null, offsetMs: 7_200_000 }])
    expect(offsetSpans(paris, Date.UTC(2024, 0, 1), change - 1)).toEqual([{ until: null, offsetMs: 3_600_000 }])
  })

  it('starts after `fromMs`: a change at that very instant is already in force, no span of its own', () => {
    const paris = createZoneClock('Europe/Paris')
    const change = Date.UTC(2024, 2, 31, 1)
    expect(offsetSpans(paris, change, Date.UTC(2024, 5, 1))).toEqual([{ until: null, offsetMs: 7_200_000 }])
  })

  it('the cache keeps the most recently used years, up to its capacity', () => {
    const paris = createZoneClock('Europe/Paris')
    let readings = 0
    const counting: ZoneClock = { ...paris, offsetAt: (epochMs) => ((readings += 1), paris.offsetAt(epochMs)) }
    const years = createTransitionCache(2).of(counting, 'Europe/Paris')
    const readsOf = (year: number): number => {
      readings = 0
      years(year)
      return readings
    }
    // 2020 and 2021 computed, 2020 used again, then 2022 computed: 2021, the least recently used, goes.
    expect([readsOf(2020), readsOf(2021), readsOf(2020), readsOf(2022)].map((n) => n > 0)).toEqual([true, true, false, true])
    expect([readsOf(2020), readsOf(2022), readsOf(2021) > 0]).toEqual([0, 0, true])
  })

  it('agrees with the clock over fifty years, sampled every 25 hours (every hour of the day in turn)', () => {
    const clock = createZoneClock('America/New_York')
    const from = Date.UTC(1975, 0, 1)
    const to = Date.UTC(2025, 0, 1)
    const spans = offsetSpans(clock, from, to, createTransitionCache().of(clock, 'America/New_York'))
    const wrong: string[] = []
    for (let t = from; t < to; t += 25 * 3_600_000) {
      const span = spans.find((candidate) => candidate.until === null || t < candidate.until)
      if (span?.offsetMs !== clock.offsetAt(t)) wrong.push(new Date(t).toISOString())
    }
    expect(wrong).toEqual([])
  })
})

describe('localDayStart', () => {
  const paris = createZoneClock('Europe/Paris')

  it('is local midnight, and the next one with an offset of a day, across a clock change', () => {
    expect(new Date(localDayStart(paris, '2024-03-31') ?? 0).toISOString()).toBe('2024-03-30T23:00:00.000Z')
    expect(new Date(localDayStart(paris, '2024-03-31', 1) ?? 0).toISOString()).toBe('2024-03-31T22:00:00.000Z')
    expect(new Date(localDayStart(paris, '2024-12-31', 1) ?? 0).toISOString()).toBe('2024-12-31T23:00:00.000Z')
  })

  it('is null for a day that does not exist', () => {
    expect(localDayStart(paris, '2024-02-30')).toBeNull()
    expect(localDayStart(paris, 'tomorrow')).toBeNull()
  })
})
