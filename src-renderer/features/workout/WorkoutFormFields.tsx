import '@mantine/dates/styles.css'
import { Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { DateInput, TimePicker } from '@mantine/dates'
import { useTranslation } from 'react-i18next'
import type { Sport } from '../../../src/contracts'
import { AlertBox } from '../../components/AlertBox'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { useAppState } from '../../session/store'
import type { ManualValues } from './manualWorkout'
import { unitSystem } from './measures'

/** Sports a workout may be given: the active ones, plus the workout's own when editing. */
export function selectableSports(sports: readonly Sport[], currentId: number | null = null): Sport[] {
  return sports.filter((sport) => (sport.is_active && sport.is_active_for_user) || sport.id === currentId)
}

/** The sport choice, with the names translated; says so when no sport is active. */
export function SportSelect({ value, onChange, currentId = null }: { value: string | null; onChange: (value: string | null) => void; currentId?: number | null }) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const choices = selectableSports(sports, currentId)
    .map((sport) => ({ value: String(sport.id), label: t(`sports.${sport.label}`, { defaultValue: sport.label }) }))
    .sort((a, b) => a.label.localeCompare(b.label))
  if (choices.length === 0) return <AlertBox kind="warning">{t('workouts.FORM.NO_ACTIVE_SPORT')}</AlertBox>
  return (
    <Select
      label={t('workouts.FORM.SPORT')}
      placeholder={t('workouts.FORM.SPORT_PLACEHOLDER')}
      data={choices}
      value={value}
      onChange={onChange}
      required
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid="sport-select"
    />
  )
}

/** Date, time, duration, distance, ascent and descent of a workout without a file. */
export function ManualFields({ values, onChange, imperial }: { values: ManualValues; onChange: (values: ManualValues) => void; imperial: boolean }) {
  const { t } = useTranslation()
  const dateFormat = useDateInputFormat()
  const units = unitSystem(imperial)
  const set = <K extends keyof ManualValues>(key: K, value: ManualValues[K]) => onChange({ ...values, [key]: value })
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateInput
          label={t('workouts.FORM.DATE')}
          value={values.date}
          onChange={(value) => set('date', value)}
          valueFormat={dateFormat.valueFormat}
          placeholder={dateFormat.placeholder}
          required
          maxDate={new Date()}
          data-testid="workout-date-input"
        />
        {/* Not the native time input: it follows the browser's locale (AM/PM in a US browser), the spec writes HH:mm in every language. */}
        <TimePicker
          label={t('workouts.FORM.TIME')}
          format="24h"
          value={values.time}
          onChange={(value) => set('time', value)}
          hoursInputLabel={t('workouts.FORM.TIME_HOURS')}
          minutesInputLabel={t('workouts.FORM.TIME_MINUTES')}
          required
          data-testid="workout-time-input"
        />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('workouts.FORM.DURATION')}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <NumberInput label={t('workouts.FORM.HOURS')} size="sm" styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } }} min={0} max={2399} allowDecimal={false} value={values.hours} onChange={(value) => set('hours', value)} data-testid="duration-hours" />
          <NumberInput label={t('workouts.FORM.MINUTES')} size="sm" styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } }} min={0} max={59} allowDecimal={false} value={values.minutes} onChange={(value) => set('minutes', value)} data-testid="duration-minutes" />
          <NumberInput label={t('workouts.FORM.SECONDS')} size="sm" styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } }} min={0} max={59} allowDecimal={false} value={values.seconds} onChange={(value) => set('seconds', value)} data-testid="duration-seconds" />
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <NumberInput label={t('workouts.FORM.DISTANCE', { unit: t(`common.UNITS.${units.distance}`) })} min={0} decimalScale={3} required value={values.distance} onChange={(value) => set('distance', value)} data-testid="distance-input" />
        <NumberInput label={t('workouts.FORM.ASCENT', { unit: t(`common.UNITS.${units.elevation}`) })} min={0} decimalScale={1} value={values.ascent} onChange={(value) => set('ascent', value)} data-testid="ascent-input" />
        <NumberInput label={t('workouts.FORM.DESCENT', { unit: t(`common.UNITS.${units.elevation}`) })} min={0} decimalScale={1} value={values.descent} onChange={(value) => set('descent', value)} data-testid="descent-input" />
      </SimpleGrid>
    </Stack>
  )
}
