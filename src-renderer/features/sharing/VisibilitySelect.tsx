import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { cappedLevels, VISIBILITY_LEVELS, type Visibility, type WorkoutLevels } from '../../../src/domain/visibility'

/** Who may see one part of a workout (Only me, My followers, Everyone): the share dialog's and the preferences' select. */
export function VisibilitySelect({
  label,
  value,
  onChange,
  disabled = false,
  testId,
}: {
  label: string
  value: Visibility
  onChange: (value: Visibility) => void
  disabled?: boolean
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <Select
      label={label}
      data={VISIBILITY_LEVELS.map((level) => ({ value: level, label: t(`sharing.LEVEL.${level}`) }))}
      value={value}
      disabled={disabled}
      allowDeselect={false}
      onChange={(picked) => {
        const level = VISIBILITY_LEVELS.find((known) => known === picked)
        if (level) onChange(level)
      }}
      data-testid={testId}
    />
  )
}

/** The workout's, analysis' and map's selects; each level is capped by the one before it at once, as the server would on saving. */
export function WorkoutLevelsFields({ value, onChange, testIdPrefix }: { value: WorkoutLevels; onChange: (levels: WorkoutLevels) => void; testIdPrefix: string }) {
  const { t } = useTranslation()
  const select = (key: keyof WorkoutLevels, label: string) => (
    <VisibilitySelect label={label} value={value[key]} onChange={(level) => onChange(cappedLevels({ ...value, [key]: level }))} testId={`${testIdPrefix}-${key}-visibility`} />
  )
  return (
    <>
      {select('workout', t('sharing.WORKOUT'))}
      {select('analysis', t('sharing.ANALYSIS'))}
      {select('map', t('sharing.MAP'))}
    </>
  )
}
