import { ActionIcon, Box, Card, Group, LoadingOverlay, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport } from '../../../src/contracts'
import { ErrorBox } from '../../components/ErrorBox'
import { LatestWorkoutButton } from '../../components/LatestWorkoutButton'
import { today } from '../../format/dates'
import { dateTimeFormat, monthTitle } from '../../format/intl'
import { calendarRange, calendarWeeks, shiftMonth, weekdayOrder, workoutsByDay } from './calendar'
import { CalendarDay } from './CalendarDay'
import classes from './Dashboard.module.css'
import { useCalendarWorkouts } from './useCalendarWorkouts'

/** Localised weekday names, Sunday first (1 Jan 2023 was a Sunday). */
function weekdayNames(language: string): string[] {
  const format = dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2023, 0, 1 + index))))
}

interface CalendarProps {
  sports: readonly Sport[]
  timezone: string | null
  weekm: boolean
  /** The month shown, `YYYY-MM`; the dashboard shares it with the month chart. */
  month: string
  onMonthChange: (month: string) => void
}

/**
 * The month calendar with previous/next arrows and the workouts of each day. Memoised: the
 * dashboard re-renders as profile and totals arrive, which change none of its props.
 */
export const Calendar = memo(function Calendar({ sports, timezone, weekm, month, onMonthChange }: CalendarProps) {
  const { t, i18n } = useTranslation()
  const [openDay, setOpenDay] = useState<string | null>(null)
  const weeks = calendarWeeks(month, weekm)
  const { from, to } = calendarRange(weeks)
  const { workouts, loading, errors } = useCalendarWorkouts(from, to)
  const byDay = workoutsByDay(workouts, timezone)
  const names = weekdayNames(i18n.language)
  const todayKey = today(timezone)
  const title = monthTitle(month, i18n.language)

  const go = (delta: number) => {
    setOpenDay(null)
    onMonthChange(shiftMonth(month, delta))
  }

  return (
    <Card data-testid="calendar" data-month={month}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t('dashboard.CALENDAR.PREVIOUS')} onClick={() => go(-1)}>
          <IconChevronLeft size={20} />
        </ActionIcon>
        <Title order={3} fz="lg" tt="capitalize" data-testid="calendar-title">
          {title}
        </Title>
        <ActionIcon variant="subtle" aria-label={t('dashboard.CALENDAR.NEXT')} onClick={() => go(1)}>
          <IconChevronRight size={20} />
        </ActionIcon>
      </Group>
      <ErrorBox keys={errors} />
      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ type: 'dots' }} />
        <div className={classes.weekdays}>
          {weekdayOrder(weekm).map((index) => (
            <div key={index} className={classes.weekday}>
              {names[index]}
            </div>
          ))}
        </div>
        <div className={classes.grid}>
          {weeks.flat().map((day) => (
            <div key={day} style={{ display: 'flex' }}>
              <CalendarDay
                day={day}
                workouts={byDay.get(day) ?? []}
                sports={sports}
                inMonth={day.startsWith(month)}
                isToday={day === todayKey}
                timezone={timezone}
                opened={openDay === day}
                onToggle={(opened) => setOpenDay(opened ? day : null)}
              />
            </div>
          ))}
        </div>
      </Box>
      {!loading && errors.length === 0 && workouts.length === 0 && (
        <Group justify="center" mt="sm">
          <LatestWorkoutButton
            label={t('dashboard.CALENDAR.LATEST_MONTH')}
            timezone={timezone}
            onDay={(day) => {
              setOpenDay(null)
              onMonthChange(day.slice(0, 7))
            }}
            testId="calendar-latest"
          />
        </Group>
      )}
    </Card>
  )
})
