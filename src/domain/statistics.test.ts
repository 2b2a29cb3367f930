import { describe, expect, it } from 'vitest'
import { periodKey, statisticsBySport, statisticsByTime, type StatisticsInput } from './statistics'
import { createZoneClock } from './zoned-time'

const workout = (iso: string, sportId: number, distanceKm: number, movingS: number, extra: Partial<StatisticsInput> = {}): StatisticsInput => ({
  date: Date.parse(iso),
  sportId,
  distanceKm,
  movingS,
  ascentM: null,
  descentM: null,
  aveSpeedKmh: movingS > 0 ? (distanceKm / movingS) * 3600 : null,
  ...extra,
})

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

describe('statistics', () => {
  const paris = createZoneClock('Europe/Paris')

  it('buckets in the user time zone, per sport, with the reference fields', () => {
    const workouts = [
      // 23:30 UTC on 31 March is already 1 April in Paris.
      workout('2018-03-31T23:30:00Z', 1, 8, 6000, { ascentM: 40, descentM: 20 }),
      workout('2018-03-29T10:00:00Z', 2, 12, 6000, { ascentM: 0, descentM: 0 }),
      workout('2018-04-10T10:00:00Z', 1, 10.5555, 3600, { ascentM: 10.005 }),
    ]
    const byMonth = statisticsByTime(workouts, 'month', paris)
    expect(Object.keys(byMonth)).toEqual(['2018-03', '2018-04'])
    expect(byMonth['2018-03']).toEqual({
      '2': { nb_workouts: 1, total_distance: 12, total_duration: 6000, total_ascent: 0, total_descent: 0, average_speed: 7.2 },
    })
    expect(byMonth['2018-04']?.['1']).toEqual({
      nb_workouts: 2,
      total_distance: 18.556,
      total_duration: 9600,
      total_ascent: 50.01,
      total_descent: 20,
      average_speed: Number(((4.8 + 10.5555) / 2).toFixed(2)),
    })
    expect(Object.keys(statisticsByTime(workouts, 'week', paris))).toEqual(['2018-03-25', '2018-04-01', '2018-04-08'])
    expect(Object.keys(statisticsByTime(workouts, 'weekm', paris))).toEqual(['2018-03-26', '2018-04-09'])
  })

  it('leaves workouts without average speed out of the mean instead of failing', () => {
    const totals = statisticsBySport([workout('2020-01-01T10:00:00Z', 5, 0, 0), workout('2020-01-02T10:00:00Z', 5, 10, 3600)])
    expect(totals['5']).toMatchObject({ nb_workouts: 2, total_distance: 10, average_speed: 10 })
  })

  it('answers nothing for no workouts', () => {
    expect(statisticsByTime([], 'year', paris)).toEqual({})
    expect(statisticsBySport([])).toEqual({})
  })
})
