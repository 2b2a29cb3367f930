import '@mantine/dates/styles.css'
import { Button, Card, Group, Select, SimpleGrid, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { IconFilterOff, IconSearch } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport } from '../../../src/contracts'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { EquipmentFilter } from '../equipment/EquipmentFilter'
import { filtersForForm, filtersFromForm } from './filterUnits'
import { invalidFilters, type FilterKey, type Filters } from './listQuery'

interface WorkoutsFiltersProps {
  filters: Filters
  sports: readonly Sport[]
  imperial: boolean
  onApply: (filters: Filters) => void
}

/** The filter form. Values are applied on submit, so typing does not reload the list at every key. */
export function WorkoutsFilters({ filters, sports, imperial, onApply }: WorkoutsFiltersProps) {
  const { t } = useTranslation()
  const dateFormat = useDateInputFormat()
  const [form, setForm] = useState<Filters>(() => filtersForForm(filters, imperial))
  const [invalid, setInvalid] = useState<readonly FilterKey[]>([])
  const set = (key: FilterKey) => (value: string | null) => {
    setForm((previous) => ({ ...previous, [key]: value ?? '' }))
    setInvalid((previous) => previous.filter((other) => other !== key))
  }
  const errorOf = (key: FilterKey) => (invalid.includes(key) ? t('dashboard.LIST.FILTERS.INVALID') : undefined)
  const text = (key: FilterKey, label: string, extra: { placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextInput
      label={label}
      value={form[key] ?? ''}
      onChange={(event) => set(key)(event.currentTarget.value)}
      name={key}
      error={errorOf(key)}
      data-testid={`filter-${key}`}
      {...extra}
    />
  )
  // A calendar picker in the interface language and the user's first day of week (DatesProvider),
  // in the language's date format (useDateInputFormat); the form keeps the API's yyyy-MM-dd.
  const date = (key: 'from' | 'to', label: string) => (
    <DateInput
      label={label}
      value={form[key] || null}
      onChange={(value) => set(key)(value)}
      valueFormat={dateFormat.valueFormat}
      placeholder={dateFormat.placeholder}
      clearable
      name={key}
      error={errorOf(key)}
      data-testid={`filter-${key}`}
      popoverProps={{ withinPortal: true }}
    />
  )
  const distanceUnit = t(`common.UNITS.${imperial ? 'mi' : 'km'}`)
  const speedUnit = t(`common.UNITS.${imperial ? 'mi/h' : 'km/h'}`)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = filtersFromForm(form, imperial)
    // The address would silently drop a bad value: say which field is wrong instead.
    const wrong = invalidFilters(next)
    setInvalid(wrong)
    if (wrong.length === 0) onApply(next)
  }
  const clear = () => {
    setForm({})
    setInvalid([])
    onApply({})
  }

  return (
    <Card data-testid="workouts-filters">
      <form onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {date('from', t('dashboard.LIST.FILTERS.FROM'))}
          {date('to', t('dashboard.LIST.FILTERS.TO'))}
          <Select
            label={t('dashboard.LIST.FILTERS.SPORT')}
            placeholder={t('dashboard.LIST.FILTERS.ALL_SPORTS')}
            clearable
            value={form.sport_id ?? null}
            onChange={set('sport_id')}
            data={sports.map((sport) => ({ value: String(sport.id), label: t(`sports.${sport.label}`, { defaultValue: sport.label }) }))}
            data-testid="filter-sport_id"
          />
          {text('title', t('dashboard.LIST.FILTERS.TITLE'))}
          <EquipmentFilter value={form.equipment_id ?? null} onChange={set('equipment_id')} />
          {text('distance_from', t('dashboard.LIST.FILTERS.DISTANCE_FROM', { unit: distanceUnit }), { inputMode: 'decimal' })}
          {text('distance_to', t('dashboard.LIST.FILTERS.DISTANCE_TO', { unit: distanceUnit }), { inputMode: 'decimal' })}
          {text('duration_from', t('dashboard.LIST.FILTERS.DURATION_FROM'), { placeholder: t('dashboard.LIST.FILTERS.HH_MM') })}
          {text('duration_to', t('dashboard.LIST.FILTERS.DURATION_TO'), { placeholder: t('dashboard.LIST.FILTERS.HH_MM') })}
          {text('ave_speed_from', t('dashboard.LIST.FILTERS.AVE_SPEED_FROM', { unit: speedUnit }), { inputMode: 'decimal' })}
          {text('ave_speed_to', t('dashboard.LIST.FILTERS.AVE_SPEED_TO', { unit: speedUnit }), { inputMode: 'decimal' })}
          {text('max_speed_from', t('dashboard.LIST.FILTERS.MAX_SPEED_FROM', { unit: speedUnit }), { inputMode: 'decimal' })}
          {text('max_speed_to', t('dashboard.LIST.FILTERS.MAX_SPEED_TO', { unit: speedUnit }), { inputMode: 'decimal' })}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" leftSection={<IconFilterOff size={18} />} onClick={clear} data-testid="filters-clear">
            {t('dashboard.LIST.FILTERS.CLEAR')}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={18} />} data-testid="filters-apply">
            {t('dashboard.LIST.FILTERS.APPLY')}
          </Button>
        </Group>
      </form>
    </Card>
  )
}
