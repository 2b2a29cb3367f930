import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { NOTES_MAX, TITLE_MAX, type Workout } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { CountedTextarea } from '../../components/CountedTextarea'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { EquipmentPicker } from '../equipment/EquipmentPicker'
import { NotFoundPage } from '../../components/NotFoundPage'
import { manualBody, manualValuesOf, type ManualValues } from './manualWorkout'
import { ManualFields, SportSelect } from './WorkoutFormFields'

type Loaded = { status: 'loading' } | { status: 'not-found' } | { status: 'error'; errorKeys: string[] } | { status: 'ready'; workout: Workout }

/** `/workouts/:workoutId/edit`: loads the workout, then the form. */
export function EditWorkoutPage() {
  const { workoutId = '' } = useParams()
  const [loaded, setLoaded] = useState<{ id: string; value: Loaded }>({ id: '', value: { status: 'loading' } })

  useEffect(() => {
    let live = true
    call('getWorkout', { params: { id: workoutId } })
      .then((response) => {
        const workout = response.data.workouts[0]
        if (live) setLoaded({ id: workoutId, value: workout ? { status: 'ready', workout } : { status: 'not-found' } })
      })
      .catch((error: unknown) => {
        if (!live) return
        const value: Loaded = isApiError(error) && error.status === 404 ? { status: 'not-found' } : { status: 'error', errorKeys: errorKeysOfUnknown(error) }
        setLoaded({ id: workoutId, value })
      })
    return () => {
      live = false
    }
  }, [workoutId])

  const value: Loaded = loaded.id === workoutId ? loaded.value : { status: 'loading' }
  switch (value.status) {
    case 'loading':
      return <PageLoader />
    case 'not-found':
      return <NotFoundPage messageKey="common.WORKOUT_NOT_FOUND" />
    case 'error':
      return <ErrorBox keys={value.errorKeys} />
    case 'ready':
      return <EditWorkoutForm workout={value.workout} />
  }
}

/** The edit's `equipment_ids` when the choice differs from the workout's (left out, the server keeps them). */
function equipmentChange(workout: Workout, ids: readonly string[]): { equipment_ids?: string[] } {
  const before = workout.equipments.map((item) => item.id)
  const same = before.length === ids.length && before.every((id) => ids.includes(id))
  return same ? {} : { equipment_ids: [...ids] }
}

/** Sport, title and notes; date and figures too when the workout has no file. Back to the workout. */
function EditWorkoutForm({ workout }: { workout: Workout }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useAppState((state) => state.profile)
  const imperial = profile?.imperial_units ?? false
  const [sportId, setSportId] = useState<string | null>(String(workout.sport_id))
  const [title, setTitle] = useState(workout.title)
  const [notes, setNotes] = useState(workout.notes ?? '')
  const [equipmentIds, setEquipmentIds] = useState(() => workout.equipments.map((item) => item.id))
  const [manual, setManual] = useState<ManualValues>(() => manualValuesOf(workout, imperial, profile?.timezone ?? null))
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const back = `/workouts/${workout.id}`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setErrorKeys([])
    let figures = {}
    if (!workout.with_gpx) {
      const result = manualBody(manual, imperial)
      if ('errorKey' in result) return setErrorKeys([result.errorKey])
      figures = result.body
    }
    setBusy(true)
    try {
      await call('updateWorkout', {
        params: { id: workout.id },
        body: { sport_id: Number(sportId), title: title.trim(), notes, ...figures, ...equipmentChange(workout, equipmentIds) },
      })
      await navigate(back)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        {t('workouts.EDIT.TITLE')}
      </Title>
      <Card>
        <form onSubmit={(event) => void submit(event)} data-testid="edit-workout-form">
          <Stack>
            <SportSelect value={sportId} onChange={setSportId} currentId={workout.sport_id} />
            <EquipmentPicker sportId={sportId} value={equipmentIds} onChange={setEquipmentIds} keep={workout.equipments.map((item) => item.id)} />
            <TextInput
              label={t('workouts.FORM.TITLE')}
              placeholder={t('workouts.FORM.TITLE_PLACEHOLDER')}
              value={title}
              maxLength={TITLE_MAX}
              onChange={(event) => setTitle(event.currentTarget.value)}
              data-testid="title-input"
            />
            {workout.with_gpx ? (
              <AlertBox>{t('workouts.EDIT.FILE_FIGURES')}</AlertBox>
            ) : (
              <ManualFields values={manual} onChange={setManual} imperial={imperial} />
            )}
            <CountedTextarea label={t('workouts.FORM.NOTES')} value={notes} limit={NOTES_MAX} onValueChange={setNotes} data-testid="notes-input" />
            <ErrorBox keys={errorKeys} />
            <Group>
              <Button type="submit" loading={busy} disabled={!sportId} data-testid="submit">
                {t('common.SUBMIT')}
              </Button>
              <Button component={Link} to={back} variant="default">
                {t('common.CANCEL')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  )
}
