import { Select, SimpleGrid } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Sport } from '../../../src/contracts'
import { AlertBox } from '../../components/AlertBox'
import { useAppState } from '../../session/store'
import { selectableSports } from '../workout/WorkoutFormFields'
import { lastSportId } from './lastSport'

/** The value of the sport select that means "each file's own sport". */
export const FROM_FILE = 'file'

/** The sport choice of a file upload: each file's own sport (with a fallback) or one for all. */
export interface FileSportValue {
  /** `FROM_FILE`, or the id of the sport given to every file. */
  choice: string | null
  /** The sport of files that name none (used with `FROM_FILE`). */
  fallback: string | null
}

/** The starting choice: the file's sport, falling back to the sport last used here if still selectable. */
export function initialFileSport(sports: readonly Sport[]): FileSportValue {
  const choices = selectableSports(sports)
  const first = choices[0]
  return { choice: FROM_FILE, fallback: lastSportId(choices) ?? (first ? String(first.id) : null) }
}

/** The `data` fields of the upload for a choice, or null while it is incomplete. */
export function uploadSport(value: FileSportValue): { sport_id: number; detect_sport?: true } | null {
  if (value.choice === FROM_FILE) return value.fallback ? { sport_id: Number(value.fallback), detect_sport: true } : null
  return value.choice ? { sport_id: Number(value.choice) } : null
}

/**
 * "Sport" with "From the file" first (selected by default); beside it, while it is chosen, the
 * sport of files that name none. Choosing a sport applies it to every file.
 */
export function FileSportChoice({ value, onChange }: { value: FileSportValue; onChange: (value: FileSportValue) => void }) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const choices = selectableSports(sports)
    .map((sport) => ({ value: String(sport.id), label: t(`sports.${sport.label}`, { defaultValue: sport.label }) }))
    .sort((a, b) => a.label.localeCompare(b.label))
  if (choices.length === 0) return <AlertBox kind="warning">{t('workouts.FORM.NO_ACTIVE_SPORT')}</AlertBox>
  const fromFile = value.choice === FROM_FILE
  return (
    <SimpleGrid cols={{ base: 1, xs: fromFile ? 2 : 1 }}>
      <Select
        label={t('workouts.FORM.SPORT')}
        placeholder={t('workouts.FORM.SPORT_PLACEHOLDER')}
        data={[{ value: FROM_FILE, label: t('workouts.ADD.SPORT_FROM_FILE') }, ...choices]}
        value={value.choice}
        onChange={(choice) => onChange({ ...value, choice })}
        required
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="sport-select"
      />
      {fromFile && (
        <Select
          label={t('workouts.ADD.FALLBACK_SPORT')}
          description={t('workouts.ADD.FALLBACK_SPORT_HINT')}
          placeholder={t('workouts.FORM.SPORT_PLACEHOLDER')}
          data={choices}
          value={value.fallback}
          onChange={(fallback) => onChange({ ...value, fallback })}
          required
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="fallback-sport-select"
        />
      )}
    </SimpleGrid>
  )
}
