import { Alert, Button, Card, Fieldset, Group, List, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { NOTES_MAX, type WorkoutsResponse } from '../../../src/contracts'
import { errorKeysOfUnknown, FILE_TOO_LARGE_KEY } from '../../api/ApiError'
import { call } from '../../api/client'
import { CountedTextarea } from '../../components/CountedTextarea'
import { ErrorBox } from '../../components/ErrorBox'
import { desktopBridge, type PickedWorkoutFiles } from '../../platform/desktop'
import { receiveHandedOverFiles } from '../../platform/handedOverFiles'
import { appStore, refreshConfig, useAppState, type AppState } from '../../session/store'
import { EquipmentPicker } from '../equipment/EquipmentPicker'
import { defaultLevels, levelsBody } from '../profile/preferences'
import { WorkoutLevelsFields } from '../sharing/VisibilitySelect'
import type { WorkoutLevels } from '../../../src/domain/visibility'
import { FileSportChoice, FROM_FILE, initialFileSport, uploadSport, type FileSportValue } from './FileSportChoice'
import { FileDropZone, formatMegabytes } from './FileDropZone'
import { ImportProgressCard } from './ImportProgressCard'
import { isArchive, outcomesOfUpload, resumeImport, runImport, tooLarge, uploadForm, type ImportDeps, type ImportProgress, type UploadLimits } from './importQueue'
import { missingKey, rememberSport } from './lastSport'
import { MissingHint } from './MissingHint'

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The server's upload limits (none known before the configuration is loaded: the server still checks). */
function uploadLimits(config: AppState['config']): UploadLimits {
  return { maxFileBytes: config?.max_single_file_size ?? Infinity, maxZipBytes: config?.max_zip_file_size ?? Infinity }
}

/** A file left out of the selection when chosen: the sentence that says why, its size and the limit in bytes. */
interface RefusedFile {
  name: string
  key: string
  size?: number
  limit?: number
}

/**
 * Adding from files: sport, notes and one or more files. One track file opens its workout; an
 * archive or several files show their progress and a result per file.
 */
export function FileWorkoutForm() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const config = useAppState((state) => state.config)
  const sports = useAppState((state) => state.sports)
  const [chosenSport, setSport] = useState<FileSportValue>(() => initialFileSport(sports))
  const [notes, setNotes] = useState('')
  // Sent only once the user picks: left as preselected, the server gives each workout its own sport's defaults.
  const [equipment, setEquipment] = useState<{ ids: string[]; picked: boolean }>({ ids: [], picked: false })
  const [files, setFiles] = useState<File[]>([])
  const [levels, setLevels] = useState<WorkoutLevels>(() => defaultLevels(appStore.getState().profile))
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const unmounted = useRef(false)
  const finished = useRef(false)

  useEffect(() => {
    unmounted.current = false
    return () => {
      unmounted.current = true
    }
  }, [])

  useEffect(() => {
    finished.current = progress?.finished ?? false
  }, [progress])

  const [refused, setRefused] = useState<RefusedFile[]>([])

  // Files too large or of another type are left out as they are chosen, each with its reason,
  // rather than refused after Submit. The limits are read now: this also runs from an effect.
  const onPicked = ({ files: picked, skipped }: PickedWorkoutFiles) => {
    const limits = uploadLimits(appStore.getState().config)
    setFiles((current) => [...current, ...picked.filter((file) => !tooLarge(file, limits))])
    setErrorKeys([])
    setRefused([
      ...picked
        .filter((file) => tooLarge(file, limits))
        .map((file) => ({
          name: file.name,
          key: 'workouts.ADD.REFUSED_SIZE',
          size: file.size,
          limit: isArchive(file) ? limits.maxZipBytes : limits.maxFileBytes,
        })),
      ...skipped.map((file) => ({
        name: file.name,
        key: { 'too-large': 'workouts.ADD.REFUSED_LARGE', unsupported: 'workouts.ADD.REFUSED_TYPE', unreadable: 'workouts.ADD.SKIPPED' }[file.reason],
      })),
    ])
  }

  // Files dropped anywhere on the window or opened with the desktop app (WorkoutFilesHandOver).
  useEffect(
    () =>
      receiveHandedOverFiles((picked) => {
        // After a finished import, new files start a new one instead of joining the old list.
        if (finished.current) {
          setProgress(null)
          setFiles([])
        }
        onPicked(picked)
      }),
    [],
  )

  // The limits shown must be the ones the server applies now, not those read at start-up.
  useEffect(() => {
    refreshConfig().catch(() => undefined)
  }, [])

  // Sports loaded after the form opened give the fallback its starting value.
  const sportChoice = chosenSport.fallback === null ? { ...chosenSport, fallback: initialFileSport(sports).fallback } : chosenSport

  const limits = uploadLimits(config)

  const importDeps: ImportDeps = {
    upload: (form) => call('createWorkout', { body: form }),
    getTask: (taskId) => call('getImportTask', { params: { taskId } }),
    wait,
    cancelled: () => unmounted.current,
  }
  const showProgress = (next: ImportProgress) => {
    if (!unmounted.current) setProgress(next)
  }

  /** Resumes an archive import a full disk stopped, shown as a progress of its own. */
  const resume = (taskId: string) => {
    const archive = files.find(isArchive)?.name ?? t('workouts.IMPORT.TITLE')
    void resumeImport(archive, taskId, { ...importDeps, resume: (id) => call('resumeImportTask', { params: { taskId: id } }) }, showProgress)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setErrorKeys([])
    if (files.length === 0) return setErrorKeys(['workouts.ADD.FILE_REQUIRED'])
    const chosen = uploadSport(sportChoice)
    if (!chosen) return
    rememberSport(chosen.sport_id)
    const data = { ...chosen, ...levelsBody(levels), ...(notes.trim() ? { notes } : {}), ...(equipment.picked ? { equipment_ids: equipment.ids } : {}) }
    const [only] = files
    if (files.length === 1 && only && !isArchive(only)) {
      if (tooLarge(only, limits)) return setErrorKeys([FILE_TOO_LARGE_KEY])
      setBusy(true)
      try {
        const response = await call('createWorkout', { body: uploadForm(only, data) })
        if (!('workouts' in response.data)) return
        const answer: WorkoutsResponse = { status: 'created', data: response.data }
        const [workout, ...others] = answer.data.workouts
        // One workout opens at once; several (one per activity) or warnings are listed first.
        if (workout && others.length === 0 && (answer.data.warnings ?? []).length === 0) await navigate(`/workouts/${workout.id}`)
        else setProgress({ total: 1, done: 1, current: null, importing: null, secondsLeft: null, results: outcomesOfUpload(only.name, answer), finished: true })
      } catch (error) {
        setErrorKeys(errorKeysOfUnknown(error))
      } finally {
        setBusy(false)
      }
      return
    }
    setBusy(true)
    const result = await runImport(files, data, limits, importDeps, showProgress)
    setBusy(false)
    const bridge = desktopBridge()
    if (bridge) {
      const imported = result.results.filter((outcome) => outcome.status === 'imported').length
      void bridge.notifyImportFinished({ imported, failed: result.results.length - imported })
    }
  }

  const missing = missingKey({ sport: uploadSport(sportChoice) === null, file: files.length === 0 })

  if (progress) {
    return (
      <ImportProgressCard
        progress={progress}
        onAddMore={() => {
          setProgress(null)
          setFiles([])
        }}
        onResume={resume}
      />
    )
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} data-testid="file-workout-form">
        <Stack>
          <FileSportChoice value={sportChoice} onChange={setSport} />
          <EquipmentPicker
            sportId={sportChoice.choice === FROM_FILE ? sportChoice.fallback : sportChoice.choice}
            value={equipment.ids}
            onChange={(ids, picked) => setEquipment({ ids, picked })}
            description={sportChoice.choice === FROM_FILE ? t('equipment.PICKER_FROM_FILE') : undefined}
          />
          <FileDropZone files={files} onPicked={onPicked} onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))} disabled={busy} />
          {refused.length > 0 && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" data-testid="refused-files">
              <List size="sm">
                {refused.map((file, index) => (
                  <List.Item key={`${file.name}-${index}`}>
                    {t(file.key, {
                      name: file.name,
                      size: formatMegabytes(file.size ?? 0, t, i18n.language),
                      limit: formatMegabytes(file.limit ?? 0, t, i18n.language),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {config && (
            <Text size="sm" c="dimmed" data-testid="upload-limits">
              {t('workouts.ADD.LIMITS', {
                fileSize: formatMegabytes(config.max_single_file_size, t, i18n.language),
                zipSize: formatMegabytes(config.max_zip_file_size, t, i18n.language),
                count: config.gpx_limit_import,
              })}
            </Text>
          )}
          {files.length > 1 && (
            <Text size="sm" c="dimmed">
              {t('workouts.ADD.SEVERAL_HINT')}
            </Text>
          )}
          <Fieldset legend={t('sharing.WHO_SEES')} variant="unstyled">
            <Stack gap="sm">
              <WorkoutLevelsFields value={levels} onChange={setLevels} testIdPrefix="add" />
            </Stack>
          </Fieldset>
          <CountedTextarea label={t('workouts.FORM.NOTES')} value={notes} limit={NOTES_MAX} onValueChange={setNotes} data-testid="notes-input" />
          <ErrorBox keys={errorKeys} />
          <MissingHint id="file-workout-missing" messageKey={missing} />
          <Group>
            <Button type="submit" loading={busy} disabled={missing !== null} aria-describedby={missing ? 'file-workout-missing' : undefined} data-testid="submit">
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
