import { Anchor, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport, Workout } from '../../../src/contracts'
import { SportIcon, sportColor } from '../../components/SportIcon'
import { formatDateTime } from '../../format/dates'
import { countBySport, MAX_ICONS_PER_DAY } from './calendar'
import classes from './Dashboard.module.css'
import { DayDonut } from './DayDonut'

interface CalendarDayProps {
  day: string
  workouts: readonly Workout[]
  sports: readonly Sport[]
  inMonth: boolean
  isToday: boolean
  timezone: string | null
  opened: boolean
  onToggle: (opened: boolean) => void
}

/** A calendar day as words (`November 6, 2026`): the label holds the day number shown. */
function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** One calendar cell: the day number and its workouts as icons (up to 6) or a donut; a click lists them. */
export function CalendarDay({ day, workouts, sports, inMonth, isToday, timezone, opened, onToggle }: CalendarDayProps) {
  const { t, i18n } = useTranslation()
  const sportOf = (id: number) => sports.find((sport) => sport.id === id)
  const number = (
    <Text size="xs" fw={isToday ? 800 : 500} c={inMonth ? undefined : 'dimmed'} className={isToday ? classes.today : undefined}>
      {Number(day.slice(8))}
    </Text>
  )
  if (workouts.length === 0) {
    return (
      <div className={classes.day} data-day={day} data-outside={!inMonth || undefined}>
        {number}
      </div>
    )
  }
  const content =
    workouts.length <= MAX_ICONS_PER_DAY ? (
      <Group gap={2} justify="center" wrap="wrap">
        {workouts.map((workout) => {
          const sport = sportOf(workout.sport_id)
          return <SportIcon key={workout.id} label={sport?.label ?? ''} color={sport?.color} size={16} />
        })}
      </Group>
    ) : (
      <DayDonut
        slices={countBySport(workouts).map(({ sportId, count }) => {
          const sport = sportOf(sportId)
          const label = sport?.label ?? ''
          return { key: sportId, label: t(`sports.${label}`, { defaultValue: label }), value: count, color: sportColor(label, sport?.color) }
        })}
      />
    )
  return (
    <Popover opened={opened} onChange={onToggle} position="bottom" withArrow shadow="md" width={260} trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton
          className={classes.day}
          data-day={day}
          data-outside={!inMonth || undefined}
          data-has-workouts
          aria-label={t('dashboard.CALENDAR.DAY_WORKOUTS', { count: workouts.length, date: dayLabel(day, i18n.language) })}
          aria-expanded={opened}
          onClick={() => onToggle(!opened)}
        >
          {number}
          {content}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="calendar-day-workouts">
        <Stack gap={6}>
          {workouts.map((workout) => {
            const sport = sportOf(workout.sport_id)
            return (
              <Group key={workout.id} gap={6} wrap="nowrap">
                <SportIcon label={sport?.label ?? ''} color={sport?.color} size={18} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/workouts/${workout.id}`} size="sm" truncate>
                    {workout.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(workout.workout_date, timezone).slice(11)}
                  </Text>
                </Stack>
              </Group>
            )
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
