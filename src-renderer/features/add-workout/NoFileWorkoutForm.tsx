import { Button, Card, Fieldset, Group, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { NOTES_MAX, TITLE_MAX } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { CountedTextarea } from '../../components/CountedTextarea'
import { ErrorBox } from '../../components/ErrorBox'
import { appStore, useAppState } from '../../session/store'
import { EquipmentPicker } from '../equipment/EquipmentPicker'
import { defaultLevels, levelsBody } from '../profile/preferences'
import { WorkoutLevelsFields } from '../sharing/VisibilitySelect'
import type { WorkoutLevels } from '../../../src/domain/visibility'
import { manualBody, newManualValues, type ManualValues } from '../workout/manualWorkout'
import { ManualFields, selectableSports, SportSelect } from '../workout/WorkoutFormFields'
import { lastSportId, missingKey, rememberSport } from './lastSport'
import { MissingHint } from './MissingHint'

/** A workout entered by hand: sport, title, date and time, figures and notes; opens the new workout. */
export function NoFileWorkoutForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const imperial = useAppState((state) => state.profile?.imperial_units ?? false)
  const sports = useAppState((state) => state.sports)
  const [sportId, setSportId] = useState<string | null>(() => lastSportId(selectableSports(sports)))
  const [title, setTitle] = useState('')
  const [notes, setNotes] = useState('')
  const [equipmentIds, setEquipmentIds] = useState<string[]>([])
  const timezone = useAppState((state) => state.profile?.timezone ?? null)
  const [manual, setManual] = useState<ManualValues>(() => newManualValues(timezone))
  const [levels, setLevels] = useState<WorkoutLevels>(() => defaultLevels(appStore.getState().profile))
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setErrorKeys([])
    const result = manualBody(manual, imperial)
    if ('errorKey' in result) return setErrorKeys([result.errorKey])
    setBusy(true)
    try {
      const response = await call('createWorkoutWithoutFile', {
        body: {
          sport_id: Number(sportId),
          ...result.body,
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(notes.trim() ? { notes } : {}),
          equipment_ids: equipmentIds,
          ...levelsBody(levels),
        },
      })
      rememberSport(Number(sportId))
      const workout = response.data.workouts[0]
      if (workout) await navigate(`/workouts/${workout.id}`)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const missing = missingKey({ sport: !sportId })

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} data-testid="no-file-workout-form">
        <Stack>
          <SportSelect value={sportId} onChange={setSportId} />
          <EquipmentPicker sportId={sportId} value={equipmentIds} onChange={setEquipmentIds} />
          <TextInput
            label={t('workouts.FORM.TITLE')}
            placeholder={t('workouts.FORM.TITLE_PLACEHOLDER')}
            value={title}
            maxLength={TITLE_MAX}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-testid="title-input"
          />
          <ManualFields values={manual} onChange={setManual} imperial={imperial} />
          <Fieldset legend={t('sharing.WHO_SEES')} variant="unstyled">
            <Stack gap="sm">
              <WorkoutLevelsFields value={levels} onChange={setLevels} testIdPrefix="add" />
            </Stack>
          </Fieldset>
          <CountedTextarea label={t('workouts.FORM.NOTES')} value={notes} limit={NOTES_MAX} onValueChange={setNotes} data-testid="notes-input" />
          <ErrorBox keys={errorKeys} />
          <MissingHint id="manual-workout-missing" messageKey={missing} />
          <Group>
            <Button type="submit" loading={busy} disabled={missing !== null} aria-describedby={missing ? 'manual-workout-missing' : undefined} data-testid="submit">
              {t('common.SUBMIT')}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('common.CANCEL')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
