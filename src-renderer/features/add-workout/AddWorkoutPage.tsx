import { SegmentedControl, Stack, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { AutomaticImportsCard } from './AutomaticImportsCard'
import { FileWorkoutForm } from './FileWorkoutForm'
import { bringsHandedOverFiles } from './handOver'
import { NoFileWorkoutForm } from './NoFileWorkoutForm'

/** `/workouts/add`: from files (GPX, FIT, TCX, zip) or entered by hand. */
export function AddWorkoutPage() {
  const { t } = useTranslation()
  const location = useLocation()
  // The visit (location key) a choice was made on: files dropped or opened elsewhere come with a
  // new visit, and wait for the file form, so it shows until the user chooses again.
  const [choice, setChoice] = useState<{ mode: 'file' | 'manual'; visit: string | null }>({ mode: 'file', visit: null })
  // Files the server took from the user's watched folders (nothing shows for users without any).
  const automatic = useLoad('automatic-imports', () => call('listAutomaticImports'))
  const mode = bringsHandedOverFiles(location.state) && choice.visit !== location.key ? 'file' : choice.mode
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        {t('workouts.ADD.TITLE')}
      </Title>
      <SegmentedControl
        value={mode}
        onChange={(value) => setChoice({ mode: value === 'manual' ? 'manual' : 'file', visit: location.key })}
        data={[
          { value: 'file', label: t('workouts.ADD.WITH_FILE') },
          { value: 'manual', label: t('workouts.ADD.WITHOUT_FILE') },
        ]}
        data-testid="add-mode"
      />
      {mode === 'file' ? <FileWorkoutForm /> : <NoFileWorkoutForm />}
      {automatic.data && <AutomaticImportsCard answer={automatic.data.data} />}
    </Stack>
  )
}
