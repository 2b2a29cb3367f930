import { describe, expect, it } from 'vitest'
import type { SportStatistics } from '../../../src/contracts'
import { formatDuration, parseApiDuration } from '../../components/formatDuration'
import { buildChartRows, highestValue, measureUnit, measureValue, seriesKey, yTicks } from './chartData'
import { formatDaysDuration } from './daysDuration'
import { isLatest, periodLabel, readChartParams, shiftAnchor, statsWindow, writeChartParams } from './periods'

const stats = (patch: Partial<SportStatistics>): SportStatistics => ({
  nb_workouts: 1,
  total_distance: 10,
  total_duration: 3600,
  total_ascent: 100,
  total_descent: 50,
  average_speed: 10,
  ...patch,
})

describe('statistics periods', () => {
  it('shows the last 12 Sunday or Monday weeks up to the anchor', () => {
    const sunday = statsWindow('week', '2024-05-15', false)
    expect(sunday.time).toBe('week')
    expect(sunday.keys).toHaveLength(12)
    expect(sunday.keys.at(-1)).toBe('2024-05-12')
    expect(sunday.to).toBe('2024-05-18')
    expect(sunday.from).toBe(sunday.keys[0])
    const monday = statsWindow('week', '2024-05-15', true)
    expect(monday.time).toBe('weekm')
    expect(monday.keys.at(-1)).toBe('2024-05-13')
    expect(monday.to).toBe('2024-05-19')
  })

  it('shows 12 months and 10 years', () => {
    const months = statsWindow('month', '2024-02-29', false)
    expect(months).toMatchObject({ from: '2023-03-01', to: '2024-02-29', time: 'month' })
    expect(months.keys[0]).toBe('2023-03')
    const years = statsWindow('year', '2024-02-29', false)
    expect(years).toMatchObject({ from: '2015-01-01', to: '2024-12-31', time: 'year' })
    expect(years.keys).toEqual(['2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023', '2024'])
  })

  it('moves by one period and knows when it reaches today', () => {
    expect(shiftAnchor('2024-03-31', 'month', -1)).toBe('2024-02-29')
    expect(shiftAnchor('2024-05-15', 'week', 1)).toBe('2024-05-22')
    expect(shiftAnchor('2024-05-15', 'year', -1)).toBe('2023-05-15')
    expect(isLatest(statsWindow('month', '2024-05-15', false), '2024-05-20')).toBe(true)
    expect(isLatest(statsWindow('month', '2024-04-15', false), '2024-05-20')).toBe(false)
    expect(periodLabel('2024-05-12', 'week')).toBe('12/05')
    expect(periodLabel('2024-05', 'month')).toBe('05/2024')
  })
})

describe('statistics address', () => {
  const read = (text: string) => readChartParams(new URLSearchParams(text), '2024-05-20')

  it('reads frame, day and measure with fallbacks', () => {
    expect(read('')).toEqual({ frame: 'month', anchor: '2024-05-20', measure: 'total_distance' })
    expect(read('time=year&date=2023-01-31&measure=average_speed')).toEqual({ frame: 'year', anchor: '2023-01-31', measure: 'average_speed' })
    expect(read('time=decade&date=2023-02-30&measure=calories')).toEqual({ frame: 'month', anchor: '2024-05-20', measure: 'total_distance' })
    // No chart of the future.
    expect(read('date=2030-01-01').anchor).toBe('2024-05-20')
  })

  it('writes only what differs from the defaults', () => {
    expect(writeChartParams({ frame: 'month', anchor: '2024-05-20', measure: 'total_distance' }, '2024-05-20').toString()).toBe('')
    expect(writeChartParams({ frame: 'week', anchor: '2024-04-01', measure: 'nb_workouts' }, '2024-05-20').toString()).toBe('time=week&measure=nb_workouts&date=2024-04-01')
  })
})

describe('statistics values', () => {
  it('converts units per preference and rounds to 2 decimals', () => {
    expect(measureValue(stats({ total_distance: 10 }), 'total_distance', true)).toBe(6.21)
    expect(measureValue(stats({ total_distance: 10.126 }), 'total_distance', false)).toBe(10.13)
    expect(measureValue(stats({ total_ascent: 100 }), 'total_ascent', true)).toBe(328.08)
    expect(measureValue(stats({ average_speed: 16.0934 }), 'average_speed', true)).toBe(10)
    expect(measureValue(stats({ total_duration: 3600 }), 'total_duration', true)).toBe(3600)
    expect(measureUnit('total_descent', false)).toBe('m')
    expect(measureUnit('average_speed', true)).toBe('mi/h')
    expect(measureUnit('nb_workouts', true)).toBeNull()
  })

  it('builds one row per period with zeros for empty ones', () => {
    const { rows, sportIds } = buildChartRows(
      { '2024-03': { '5': stats({ total_distance: 5 }) }, '2024-05': { '1': stats({}), '5': stats({ total_distance: 7 }) } },
      ['2024-03', '2024-04', '2024-05'],
      'total_distance',
      false,
      (key) => key,
    )
    expect(sportIds).toEqual([1, 5])
    expect(rows.map((row) => row[seriesKey(5)])).toEqual([5, 0, 7])
    expect(rows[1]?.[seriesKey(1)]).toBe(0)
    expect(highestValue(rows, sportIds, true)).toBe(17)
    expect(highestValue(rows, sportIds, false)).toBe(10)
  })

  it('draws at most 6 round ticks', () => {
    expect(yTicks(17, 'total_distance')).toEqual([0, 5, 10, 15, 20])
    expect(yTicks(0, 'total_distance')).toEqual([0])
    expect(yTicks(3, 'nb_workouts')).toEqual([0, 1, 2, 3])
    expect(yTicks(7, 'nb_workouts')).toEqual([0, 2, 4, 6, 8])
    for (const max of [0.3, 1, 9.99, 123, 4567, 98_765]) {
      const ticks = yTicks(max, 'average_speed')
      expect(ticks.length).toBeLessThanOrEqual(6)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
    }
    const hours = yTicks(5 * 3600 + 10, 'total_duration')
    expect(hours.length).toBeLessThanOrEqual(6)
    expect(hours.every((tick) => tick % 60 === 0)).toBe(true)
  })
})

describe('durations', () => {
  it('formats clocks and day texts', () => {
    expect(formatDuration(3725)).toBe('01:02:05')
    expect(formatDuration(90_000)).toBe('25:00:00')
    const units = { d: 'd', h: 'h', m: 'm', s: 's' }
    expect(formatDaysDuration(90_061, units)).toBe('1d 1h 1m 1s')
    expect(formatDaysDuration(125, units)).toBe('2m 5s')
    expect(formatDaysDuration(0, units)).toBe('0s')
    expect(formatDaysDuration(3600, { d: ' j', h: ' h', m: ' min', s: ' s' })).toBe('1 h 0 min 0 s')
  })

  it('reads the API duration texts', () => {
    expect(parseApiDuration('1:02:03')).toBe(3723)
    expect(parseApiDuration('2 days, 0:00:10')).toBe(172_810)
    expect(parseApiDuration('1 day, 1:00:00')).toBe(90_000)
    expect(parseApiDuration('soon')).toBeNull()
  })
})
