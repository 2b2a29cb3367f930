import dayjs from 'dayjs'
import type { Workout } from '../../../src/contracts'
import { parseApiDuration } from '../../components/formatDuration'
import { parseServerDate } from '../../format/dates'
import { fromDistanceUnit, fromElevationUnit, round, toDistanceUnit, toElevationUnit } from './measures'

/** A number field's value: Mantine's NumberInput gives '' when empty. */
type NumberField = number | string

/** The date and figures of a workout entered by hand, as the form holds them (viewer's units). */
export interface ManualValues {
  /** `YYYY-MM-DD` */
  date: string | null
  /** `HH:mm` */
  time: string
  hours: NumberField
  minutes: NumberField
  seconds: NumberField
  distance: NumberField
  ascent: NumberField
  descent: NumberField
}

/** A date in the viewer's zone (an unknown zone: UTC rather than a broken form). */
function zoned(date: dayjs.Dayjs, timezone: string | null): dayjs.Dayjs {
  if (!timezone) return date
  try {
    return date.tz(timezone)
  } catch {
    return date
  }
}

export const emptyManualValues = (): ManualValues => ({
  date: null,
  time: '',
  hours: '',
  minutes: '',
  seconds: '',
  distance: '',
  ascent: '',
  descent: '',
})

/**
 * A new workout's form: empty figures, dated today in the viewer's zone (most are entered the day
 * they happen); the time stays for the user to type, as its two fields take typing best when empty.
 */
export function newManualValues(timezone: string | null, now: Date = new Date()): ManualValues {
  return { ...emptyManualValues(), date: zoned(dayjs.utc(now), timezone).format('YYYY-MM-DD') }
}

/** What the API takes for the date and figures (km, m, seconds, local `YYYY-MM-DD HH:mm`). */
export interface ManualBody {
  workout_date: string
  duration: number
  distance: number
  ascent: number | null
  descent: number | null
}

const numberOf = (value: NumberField): number | null => {
  if (value === '' || value === null) return null
  const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'))
  return Number.isFinite(number) ? number : null
}

/**
 * Turns the form's values into the API's body, converting from the viewer's units.
 * @returns the body, or the translation key of what is missing
 */
export function manualBody(values: ManualValues, imperial: boolean): { body: ManualBody } | { errorKey: string } {
  if (!values.date || !/^\d{2}:\d{2}$/.test(values.time)) return { errorKey: 'workouts.FORM.DATE_REQUIRED' }
  const duration = Math.round((numberOf(values.hours) ?? 0) * 3600 + (numberOf(values.minutes) ?? 0) * 60 + (numberOf(values.seconds) ?? 0))
  if (duration <= 0) return { errorKey: 'workouts.FORM.DURATION_REQUIRED' }
  const ascent = numberOf(values.ascent)
  const descent = numberOf(values.descent)
  return {
    body: {
      workout_date: `${values.date} ${values.time}`,
      duration,
      distance: round(fromDistanceUnit(numberOf(values.distance) ?? 0, imperial), 3),
      ascent: ascent === null ? null : round(fromElevationUnit(ascent, imperial), 2),
      descent: descent === null ? null : round(fromElevationUnit(descent, imperial), 2),
    },
  }
}

/** The form's values for an existing workout, in the viewer's time zone and units. */
export function manualValuesOf(workout: Workout, imperial: boolean, timezone: string | null): ManualValues {
  const date = zoned(parseServerDate(workout.workout_date), timezone)
  const seconds = parseApiDuration(workout.duration) ?? 0
  return {
    date: date.format('YYYY-MM-DD'),
    time: date.format('HH:mm'),
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
    distance: workout.distance === null ? '' : round(toDistanceUnit(workout.distance, imperial), 3),
    ascent: workout.ascent === null ? '' : round(toElevationUnit(workout.ascent, imperial), 1),
    descent: workout.descent === null ? '' : round(toElevationUnit(workout.descent, imperial), 1),
  }
}
