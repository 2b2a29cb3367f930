import { SegmentedControl, Stack, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FileWorkoutForm } from './FileWorkoutForm'
import { NoFileWorkoutForm } from './NoFileWorkoutForm'

/** `/workouts/add`: from files (GPX, FIT, TCX, zip) or entered by hand. */
export function AddWorkoutPage() {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'file' | 'manual'>('file')
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        {t('workouts.ADD.TITLE')}
      </Title>
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value === 'manual' ? 'manual' : 'file')}
        data={[
          { value: 'file', label: t('workouts.ADD.WITH_FILE') },
          { value: 'manual', label: t('workouts.ADD.WITHOUT_FILE') },
        ]}
        data-testid="add-mode"
      />
      {mode === 'file' ? <FileWorkoutForm /> : <NoFileWorkoutForm />}
    </Stack>
  )
}
