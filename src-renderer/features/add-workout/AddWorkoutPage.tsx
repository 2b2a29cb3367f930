import { SegmentedControl, Stack, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { AutomaticImportsCard } from './AutomaticImportsCard'
import { FileWorkoutForm } from './FileWorkoutForm'
import { bringsHandedOverFiles } from './handOver'
import { NoFileWorkoutForm } from './NoFileWorkoutForm'

/** How soon the automatic imports are asked again while an archive of a watched folder imports. */
const ARCHIVE_RECHECK_MS = 2000

/**
 * Files the server took from the user's watched folders (nothing shows for users without any).
 * While an archive imports, the list is asked again until it is over: the server answers with the
 * archive's results from the moment its task ends.
 */
function useAutomaticImports() {
  const [round, setRound] = useState(0)
  const automatic = useLoad(`automatic-imports-${round}`, () => call('listAutomaticImports'))
  const importing = automatic.data?.data.imports.some((entry) => entry.status === 'in_progress') ?? false
  useEffect(() => {
    if (!importing || automatic.loading) return
    const timer = setTimeout(() => setRound((current) => current + 1), ARCHIVE_RECHECK_MS)
    return () => clearTimeout(timer)
  }, [importing, automatic.loading])
  return automatic
}

/** `/workouts/add`: from files (GPX, FIT, TCX, zip) or entered by hand. */
export function AddWorkoutPage() {
  const { t } = useTranslation()
  const location = useLocation()
  // The visit (location key) a choice was made on: files dropped or opened elsewhere come with a
  // new visit, and wait for the file form, so it shows until the user chooses again.
  const [choice, setChoice] = useState<{ mode: 'file' | 'manual'; visit: string | null }>({ mode: 'file', visit: null })
  const automatic = useAutomaticImports()
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
