import { describe, expect, it } from 'vitest'
import '../../format/dates'
import { calendarRange, calendarWeeks, countBySport, currentMonth, shiftMonth, weekdayOrder, workoutDay, workoutsByDay } from './calendar'

describe('calendar weeks', () => {
  it('covers a month with whole weeks starting Sunday', () => {
    // May 2024 starts on a Wednesday and ends on a Friday.
    const weeks = calendarWeeks('2024-05', false)
    expect(weeks).toHaveLength(5)
    expect(weeks.every((week) => week.length === 7)).toBe(true)
    expect(calendarRange(weeks)).toEqual({ from: '2024-04-28', to: '2024-06-01' })
  })

  it('starts weeks on Monday by preference', () => {
    const weeks = calendarWeeks('2024-05', true)
    expect(calendarRange(weeks)).toEqual({ from: '2024-04-29', to: '2024-06-02' })
    expect(weekdayOrder(true)[0]).toBe(1)
  })

  it('handles a month that starts on the first weekday and a six-week month', () => {
    // September 2024 starts on a Sunday; March 2025 spans six Monday weeks.
    expect(calendarWeeks('2024-09', false)[0]?.[0]).toBe('2024-09-01')
    expect(calendarWeeks('2025-03', true)).toHaveLength(6)
    // February 2015 fits exactly four Sunday weeks.
    expect(calendarWeeks('2015-02', false)).toHaveLength(4)
  })

  it('moves across years', () => {
    expect(shiftMonth('2024-01', -1)).toBe('2023-12')
    expect(shiftMonth('2024-12', 1)).toBe('2025-01')
  })

  it('reads today and workout days in the user time zone', () => {
    expect(currentMonth('Europe/Paris', new Date('2024-04-30T22:30:00Z'))).toBe('2024-05')
    expect(currentMonth('America/New_York', new Date('2024-05-01T02:00:00Z'))).toBe('2024-04')
    expect(workoutDay({ workout_date: 'Tue, 30 Apr 2024 22:30:00 GMT' }, 'Europe/Paris')).toBe('2024-05-01')
    expect(workoutDay({ workout_date: 'Tue, 30 Apr 2024 22:30:00 GMT' }, 'Not/AZone')).toBe('2024-04-30')
  })

  it('groups workouts by day and counts sports', () => {
    const workouts = [
      { workout_date: 'Wed, 01 May 2024 10:00:00 GMT', sport_id: 5 },
      { workout_date: 'Wed, 01 May 2024 06:00:00 GMT', sport_id: 1 },
      { workout_date: 'Thu, 02 May 2024 06:00:00 GMT', sport_id: 5 },
    ]
    const days = workoutsByDay(workouts, 'UTC')
    expect(days.get('2024-05-01')?.map((w) => w.sport_id)).toEqual([1, 5])
    expect(countBySport([...workouts, workouts[0]!])).toEqual([
      { sportId: 1, count: 1 },
      { sportId: 5, count: 3 },
    ])
  })
})
