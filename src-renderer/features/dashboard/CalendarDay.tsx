import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport, Workout } from '../../../src/contracts'
import { SportIcon, sportColor } from '../../components/SportIcon'
import { dateTimeFormat } from '../../format/intl'
import { countBySport, MAX_ICONS_PER_DAY } from './calendar'
import classes from './Dashboard.module.css'
import { DayDonut } from './DayDonut'

const loadDayWorkouts = () => import('./DayWorkouts')
const DayWorkouts = lazy(() => loadDayWorkouts().then((module) => ({ default: module.DayWorkouts })))

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
  return dateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/**
 * One calendar cell: the day number and its workouts as icons (up to 6) or a donut; a click lists
 * them. Plain elements, not Mantine components: a month is 42 cells, rendered on the first load.
 */
export function CalendarDay({ day, workouts, sports, inMonth, isToday, timezone, opened, onToggle }: CalendarDayProps) {
  const { t, i18n } = useTranslation()
  // Until its first click a day is a plain button; the click mounts the fetched list (DayWorkouts).
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const sportOf = (id: number) => sports.find((sport) => sport.id === id)
  const number = (
    <span className={classes.dayNumber} data-today={isToday || undefined}>
      {Number(day.slice(8))}
    </span>
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
      <span className={classes.dayIcons}>
        {workouts.map((workout) => {
          const sport = sportOf(workout.sport_id)
          return <SportIcon key={workout.id} label={sport?.label ?? ''} color={sport?.color} size={16} />
        })}
      </span>
    ) : (
      <DayDonut
        slices={countBySport(workouts).map(({ sportId, count }) => {
          const sport = sportOf(sportId)
          const label = sport?.label ?? ''
          return { key: sportId, label: t(`sports.${label}`, { defaultValue: label }), value: count, color: sportColor(label, sport?.color) }
        })}
      />
    )
  const target = (
    <button
      ref={button}
      type="button"
      className={classes.day}
      data-day={day}
      data-outside={!inMonth || undefined}
      data-has-workouts
      aria-label={t('dashboard.CALENDAR.DAY_WORKOUTS', { count: workouts.length, date: dayLabel(day, i18n.language) })}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onPointerEnter={used ? undefined : () => void loadDayWorkouts()}
      onFocus={used ? undefined : () => void loadDayWorkouts()}
      onClick={used ? () => onToggle(!opened) : () => setUsed(true)}
    >
      {number}
      {content}
    </button>
  )
  if (!used) return target
  return (
    <Suspense fallback={target}>
      <DayWorkouts target={target} targetRef={button} workouts={workouts} sports={sports} timezone={timezone} opened={opened} onToggle={onToggle} />
    </Suspense>
  )
}
