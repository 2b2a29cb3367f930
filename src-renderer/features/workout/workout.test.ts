import { describe, expect, it } from 'vitest'
import type { ChartDataPoint, Workout } from '../../../src/contracts'
import { formatApiDuration, formatDuration, parseApiDuration } from '../../components/formatDuration'
import { availableSeries, hasTimeAxis, minimumSpan, paceAxis, positionOf, smoothSpeed, SMOOTHING_HALF_WINDOW_S, steadyAxis, toChartRows, withPace, type ChartRow } from './chartData'
import { emptyManualValues, manualBody, manualValuesOf, newManualValues } from './manualWorkout'
import { distanceReading } from '../../format/units'
import { fromDistanceUnit, fromElevationUnit, toDistanceUnit, toElevationUnit, toSpeedUnit, toTemperatureUnit, toWindUnit } from './measures'
import { compassPoint } from './weather'

const point = (patch: Partial<ChartDataPoint> = {}): ChartDataPoint => ({
  distance: 0,
  duration: 0,
  elevation: 100,
  latitude: 45,
  longitude: 6,
  speed: 10,
  time: null,
  ...patch,
})

describe('unit conversions', () => {
  it('uses 1 mi = 1.609344 km and 1 m = 3.280839895 ft', () => {
    expect(toDistanceUnit(1.609344, true)).toBeCloseTo(1, 9)
    expect(toDistanceUnit(12.5, false)).toBe(12.5)
    expect(fromDistanceUnit(1, true)).toBeCloseTo(1.609344, 9)
    expect(toElevationUnit(1, true)).toBeCloseTo(3.280839895, 9)
    expect(fromElevationUnit(3.280839895, true)).toBeCloseTo(1, 9)
    expect(toSpeedUnit(16.09344, true)).toBeCloseTo(10, 9)
  })

  it('converts temperatures and wind for imperial viewers only', () => {
    expect(toTemperatureUnit(100, true)).toBe(212)
    expect(toTemperatureUnit(-40, true)).toBe(-40)
    expect(toTemperatureUnit(12, false)).toBe(12)
    expect(toWindUnit(0.44704, true)).toBeCloseTo(1, 9)
    expect(toWindUnit(3, false)).toBe(3)
  })
})

describe('durations', () => {
  it.each([
    [0, '00:00:00'],
    [250, '00:04:10'],
    [3661, '01:01:01'],
    [93_784, '26:03:04'],
    [59.6, '00:01:00'],
  ])('%s s shows as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })

  it('reads the API text, days included', () => {
    expect(parseApiDuration('0:04:10')).toBe(250)
    expect(parseApiDuration('1 day, 2:03:04')).toBe(93_784)
    expect(parseApiDuration('2 days, 0:00:01')).toBe(172_801)
    expect(parseApiDuration('later')).toBeNull()
    expect(formatApiDuration('1 day, 2:03:04')).toBe('26:03:04')
  })
})

describe('wind direction', () => {
  it.each([
    [0, 'N'],
    [11.24, 'N'],
    [11.25, 'NNE'],
    [45, 'NE'],
    [180, 'S'],
    [250, 'WSW'],
    [348.75, 'N'],
    [348.74, 'NNW'],
    [360, 'N'],
    [-90, 'W'],
  ])('%s° is %s', (bearing, name) => {
    expect(compassPoint(bearing)).toBe(name)
  })
})

describe('chart data', () => {
  const points = [
    point({ distance: 0, duration: 0, speed: 0, elevation: 100 }),
    point({ distance: 1.609344, duration: 600, speed: 16.09344, elevation: null, hr: 140, latitude: 45.1, longitude: 6.1 }),
  ]

  it('maps points to rows in the viewer units', () => {
    const [first, second] = toChartRows(points, true)
    expect(first).toMatchObject({ index: 0, distance: 0, duration: 0, speed: 0, elevation: 328.1, hr: null })
    expect(second).toMatchObject({ index: 1, distance: 1, duration: 600, speed: 10, elevation: null, hr: 140 })
    expect(toChartRows(points, false)[1]).toMatchObject({ distance: 1.609, speed: 16.09 })
  })

  it('offers only the series that have values, and time only with every duration', () => {
    const rows = toChartRows(points, false)
    expect(availableSeries(rows)).toEqual(['speed', 'elevation', 'hr'])
    expect(hasTimeAxis(rows)).toBe(true)
    expect(hasTimeAxis(toChartRows([point({ duration: null })], false))).toBe(false)
    expect(availableSeries(toChartRows([point({ elevation: null })], false))).toEqual(['speed'])
  })

  it('draws pauses as gaps in the speed line, not as drops to 0', () => {
    const ride = [
      point({ distance: 0, duration: 0, speed: 0 }),
      point({ distance: 0.1, duration: 20, speed: 18 }),
      // Stopped at a light: the recorder writes 0.
      point({ distance: 0.1, duration: 30, speed: 0 }),
      point({ distance: 0.2, duration: 50, speed: 18 }),
      // The recording paused for ten minutes: a long step over no ground.
      point({ distance: 0.201, duration: 650, speed: 0.4 }),
      point({ distance: 0.3, duration: 670, speed: 18 }),
      // A long step while moving (sparse points) is no pause.
      point({ distance: 0.8, duration: 770, speed: 18 }),
      point({ distance: 0.8, duration: 780, speed: 0 }),
    ]
    expect(toChartRows(ride, false).map((row) => row.speed)).toEqual([0, 18, null, 18, null, 18, 18, 0])
  })

  it('smooths speed with a centred moving average that never crosses a pause', () => {
    // GPS jitter: 10 and 20 km/h every other second, a stop at 0 (a gap), then again.
    const speeds = [10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 0, 10, 20, 10, 20, 10, 20, 10]
    const rows = toChartRows(
      speeds.map((speed, i) => point({ distance: i / 100, duration: i, speed })),
      false,
    )
    const smoothed = smoothSpeed(rows)
    // Independent check: average each row's own run within ±5 s, brute force.
    const expected = rows.map((row, i) => {
      if (row.speed === null) return null
      let gapBefore = i
      while (gapBefore >= 0 && rows[gapBefore]?.speed !== null) gapBefore--
      let gapAfter = i
      while (gapAfter < rows.length && rows[gapAfter]?.speed !== null) gapAfter++
      const window = rows.slice(gapBefore + 1, gapAfter).filter((other) => Math.abs((other.duration ?? 0) - i) <= SMOOTHING_HALF_WINDOW_S)
      return Math.round((window.reduce((sum, other) => sum + (other.speed ?? 0), 0) / window.length) * 100) / 100
    })
    expect(smoothed.map((row) => row.speed)).toEqual(expected)
    expect(smoothed[12]?.speed).toBeNull()
    // Row 6 averages rows 1–11: six 20s and five 10s.
    expect(smoothed[6]?.speed).toBe(15.45)
    // Everything else is untouched.
    expect(smoothed.map(({ speed: _speed, ...rest }) => rest)).toEqual(rows.map(({ speed: _speed, ...rest }) => rest))
  })

  it('reads speeds as pace after smoothing, pauses still gaps, pace in place of speed in the series', () => {
    const run = [
      point({ distance: 0, duration: 0, speed: 12 }),
      point({ distance: 0.1, duration: 30, speed: 12 }),
      point({ distance: 0.1, duration: 40, speed: 0 }),
      point({ distance: 0.2, duration: 70, speed: 10 }),
      point({ distance: 0.3, duration: 100, speed: 0 }),
    ]
    // 12 km/h is 5:00 /km, 10 km/h 6:00 /km, 10 mi/h (16.09 km/h) 6:00 /mi; standing still has no pace.
    expect(withPace(toChartRows(run, false), 'km', false).map((row) => row.pace)).toEqual([300, 300, null, 360, null])
    expect(withPace(toChartRows([point({ speed: 16.09344 })], true), 'mi', true)[0]?.pace).toBe(360)
    expect(availableSeries(withPace(toChartRows(run, false), 'km', false), true)).toEqual(['pace', 'elevation'])
    // A swimmer at 4 km/h swims 100 m in 1:30; at 2.5 mi/h (4,400 yd an hour) 100 yd in 3600 / 44 = 81.8 s.
    expect(withPace(toChartRows([point({ speed: 4 })], false), '100m', false)[0]?.pace).toBe(90)
    expect(withPace(toChartRows([point({ speed: 4.02336 })], true), '100yd', true)[0]?.pace).toBe(81.8)
  })

  it('puts the pace axis on round ticks, slow outliers off the chart', () => {
    const rows = (paces: number[]): ChartRow[] =>
      paces.map((pace, index) => ({ index, distance: index, duration: index, speed: 3600 / pace, pace, elevation: null, hr: null, cadence: null, power: null }))
    // A steady run between 5:00 and 6:00 /km: ticks every 15 s.
    expect(paceAxis(rows([300, 310, 330, 345, 360]))).toEqual({ domain: [300, 360], ticks: [300, 315, 330, 345, 360] })
    // A walk at 30:00 /km in a 5:30 run stops at 3× the median (16:30), on 5-minute ticks.
    expect(paceAxis(rows([300, 330, 330, 330, 1800]))).toEqual({ domain: [300, 1200], ticks: [300, 600, 900, 1200] })
    // An even pace sits mid-axis with a step of room either side, not on the (top) edge.
    expect(paceAxis(rows([300]))).toEqual({ domain: [290, 310], ticks: [290, 300, 310] })
    expect(paceAxis(rows([398, 400, 404]))).toEqual({ domain: [390, 410], ticks: [390, 400, 410] })
    expect(paceAxis(rows([406, 409]))).toEqual({ domain: [400, 420], ticks: [400, 410, 420] })
    expect(paceAxis(rows([]))).toBeNull()
    for (const axis of [paceAxis(rows([200, 250, 900])), paceAxis(rows([61, 4000, 4100]))]) expect(axis?.ticks.length).toBeLessThanOrEqual(6)
  })

  it('gives steady speed, heart rate and elevation a sensible span, centred, and leaves spread values to Recharts', () => {
    const rows = (speeds: number[], hr: number | null = null, elevation: number | null = null): ChartRow[] =>
      speeds.map((speed, index) => ({ index, distance: index, duration: index, speed, pace: null, elevation, hr, cadence: null, power: null }))
    // A steady 10 km/h: 4 km/h tall, the line in the middle.
    expect(steadyAxis(rows([9.98, 10, 10.02]), ['speed'], minimumSpan('speed', false))).toEqual({ domain: [8, 12], ticks: [8, 9, 10, 11, 12] })
    // Near standstill the axis stays at or above 0.
    expect(steadyAxis(rows([0.4, 0.5]), ['speed'], 4)).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] })
    // Heart rate 150 on the same (left) axis as an even speed: the wider minimum span, 20 bpm, is not enough for both.
    expect(steadyAxis(rows([10], 150), ['speed', 'hr'], 20)).toBeNull()
    expect(steadyAxis(rows([10], 150), ['hr'], minimumSpan('hr', false))).toEqual({ domain: [140, 160], ticks: [140, 145, 150, 155, 160] })
    // A flat 1 m of elevation, and 328 ft below sea level in imperial units.
    expect(steadyAxis(rows([10], null, 300.5), ['elevation'], minimumSpan('elevation', false))).toEqual({ domain: [290, 310], ticks: [290, 295, 300, 305, 310] })
    expect(steadyAxis(rows([10], null, -328), ['elevation'], minimumSpan('elevation', true))).toEqual({ domain: [-360, -300], ticks: [-360, -345, -330, -315, -300] })
    // A real ride spreads wider than 4 km/h: Recharts' own domain.
    expect(steadyAxis(rows([12, 25, 31]), ['speed'], 4)).toBeNull()
    expect(steadyAxis(rows([]), ['speed'], 4)).toBeNull()
  })

  it('reads swim distances in metres or yards, every other sport in km or mi', () => {
    expect(distanceReading(13, false)).toEqual({ unit: 'm', perUnit: 1000, decimals: 0 })
    // 1 mi = 5280 ft = 1760 yd.
    expect(distanceReading(14, true)).toEqual({ unit: 'yd', perUnit: 1760, decimals: 0 })
    expect(distanceReading(5, true)).toEqual({ unit: 'mi', perUnit: 1, decimals: 2 })
  })

  it('finds the map position of a hovered row', () => {
    expect(positionOf(points, 1)).toEqual([45.1, 6.1])
    expect(positionOf(points, 5)).toBeNull()
    expect(positionOf([point({ latitude: null })], 0)).toBeNull()
  })
})

describe('workouts entered by hand', () => {
  it('sends km, m and seconds whatever the units shown', () => {
    const values = { ...emptyManualValues(), date: '2024-05-12', time: '18:30', hours: 1, minutes: 15, seconds: 30, distance: 10, ascent: 100, descent: '' }
    expect(manualBody(values, true)).toEqual({
      body: { workout_date: '2024-05-12 18:30', duration: 4530, distance: 16.093, ascent: 30.48, descent: null },
    })
    expect(manualBody({ ...values, distance: '12,5' }, false)).toMatchObject({ body: { distance: 12.5, ascent: 100 } })
  })

  it('asks for a date, a time and a positive duration', () => {
    expect(manualBody(emptyManualValues(), false)).toEqual({ errorKey: 'workouts.FORM.DATE_REQUIRED' })
    expect(manualBody({ ...emptyManualValues(), date: '2024-01-01', time: '07:00' }, false)).toEqual({ errorKey: 'workouts.FORM.DURATION_REQUIRED' })
  })

  it("dates a new workout today, in the viewer's zone, and leaves its time and figures empty", () => {
    // 03:30 UTC on 10 March 2024 is 22:30 the day before in New York (UTC−5 until 07:00 UTC that day).
    const now = new Date(Date.UTC(2024, 2, 10, 3, 30))
    expect(newManualValues('America/New_York', now)).toEqual({ ...emptyManualValues(), date: '2024-03-09' })
    expect(newManualValues('Asia/Kolkata', now)).toMatchObject({ date: '2024-03-10', time: '' })
    expect(newManualValues(null, now)).toMatchObject({ date: '2024-03-10' })
  })

  it('fills the edit form in the viewer time zone and units', () => {
    const workout = { workout_date: 'Tue, 13 Mar 2018 12:44:45 GMT', duration: '1 day, 2:03:04', distance: 16.09344, ascent: 10, descent: null } as Workout
    expect(manualValuesOf(workout, true, 'Europe/Paris')).toEqual({
      date: '2018-03-13',
      time: '13:44',
      hours: 26,
      minutes: 3,
      seconds: 4,
      distance: 10,
      ascent: 32.8,
      descent: '',
    })
  })
})
