import { Autocomplete, Card, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { languages, type Language } from '../../../src/contracts'
import { type Visibility, type WorkoutLevels } from '../../../src/domain/visibility'
import { isLanguage } from '../../../src/i18n/language'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { setProfile, useAppState } from '../../session/store'
import { VisibilitySelect, WorkoutLevelsFields } from '../sharing/VisibilitySelect'
import { FormButtons } from './FormButtons'
import { preferencesOf, timezones } from './preferences'

function Choice({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  testId: string
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {/* Long choices ("Miles, feet (imperial)", "Automatisch angenommen") wrap on a phone instead of running off the edge. */}
      <SegmentedControl value={value} onChange={onChange} data={options} data-testid={testId} fullWidth styles={{ label: { whiteSpace: 'normal', textOverflow: 'clip' } }} />
    </Stack>
  )
}

/** A whole-number zone setting; empty means "not set" (null). */
function ZoneSettingInput(props: { label: string; value: number | null; onChange: (value: number | null) => void; min: number; max: number; testId: string }) {
  return (
    <NumberInput
      label={props.label}
      value={props.value ?? ''}
      onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
      min={props.min}
      max={props.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      data-testid={props.testId}
    />
  )
}

/**
 * PREFERENCES edit tab: language, timezone (IANA list), first day of week, units and ascent
 * display; returns to /profile/preferences.
 */
export function EditPreferencesForm() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return <PreferencesForm />
}

function PreferencesForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useAppState((state) => state.profile)
  const initial = profile ? preferencesOf(profile) : null
  const [language, setLanguage] = useState<Language>(initial?.language ?? 'en')
  const [timezone, setTimezone] = useState(initial?.timezone ?? '')
  const [weekm, setWeekm] = useState(initial?.weekm ?? false)
  const [imperial, setImperial] = useState(initial?.imperial_units ?? false)
  const [displayAscent, setDisplayAscent] = useState(initial?.display_ascent ?? true)
  const [maxHr, setMaxHr] = useState<number | null>(initial?.max_hr ?? null)
  const [restingHr, setRestingHr] = useState<number | null>(initial?.resting_hr ?? null)
  const [ftp, setFtp] = useState<number | null>(initial?.ftp ?? null)
  const [manualApproval, setManualApproval] = useState(initial?.manually_approves_followers ?? true)
  const [notificationEmails, setNotificationEmails] = useState(initial?.notification_emails ?? false)
  const [levels, setLevels] = useState<WorkoutLevels>({
    workout: initial?.workouts_visibility ?? 'private',
    analysis: initial?.analysis_visibility ?? 'private',
    map: initial?.map_visibility ?? 'private',
  })
  const [hrVisibility, setHrVisibility] = useState<Visibility>(initial?.hr_visibility ?? 'private')
  const emailSending = useAppState((state) => Boolean(state.config?.is_email_sending_enabled))
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const zones = useMemo(() => timezones(), [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!zones.includes(timezone)) {
      setErrorKeys(['user.PREFERENCES.TIMEZONE_REQUIRED'])
      return
    }
    setBusy(true)
    setErrorKeys([])
    try {
      const response = await call('editPreferences', {
        body: {
          language,
          timezone,
          weekm,
          imperial_units: imperial,
          display_ascent: displayAscent,
          max_hr: maxHr,
          resting_hr: restingHr,
          ftp,
          manually_approves_followers: manualApproval,
          notification_emails: notificationEmails,
          workouts_visibility: levels.workout,
          analysis_visibility: levels.analysis,
          map_visibility: levels.map,
          hr_visibility: hrVisibility,
        },
      })
      setProfile(response.data)
      await navigate('/profile/preferences')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="edit-preferences-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Select
              label={t('user.PREFERENCES.LANGUAGE')}
              value={language}
              onChange={(value) => isLanguage(value) && setLanguage(value)}
              data={languages.map((code) => ({ value: code, label: t(`common.LANGUAGES.${code}`) }))}
              allowDeselect={false}
              data-testid="pref-language-select"
            />
            <Autocomplete
              label={t('user.PREFERENCES.TIMEZONE')}
              value={timezone}
              onChange={setTimezone}
              data={zones}
              limit={30}
              required
              data-testid="pref-timezone-input"
            />
            <Choice
              label={t('user.PREFERENCES.FIRST_DAY_OF_WEEK')}
              value={weekm ? 'monday' : 'sunday'}
              onChange={(value) => setWeekm(value === 'monday')}
              options={[
                { value: 'sunday', label: t('user.PREFERENCES.SUNDAY') },
                { value: 'monday', label: t('user.PREFERENCES.MONDAY') },
              ]}
              testId="pref-weekm-control"
            />
            <Choice
              label={t('user.PREFERENCES.UNITS')}
              value={imperial ? 'imperial' : 'metric'}
              onChange={(value) => setImperial(value === 'imperial')}
              options={[
                { value: 'metric', label: t('user.PREFERENCES.METRIC') },
                { value: 'imperial', label: t('user.PREFERENCES.IMPERIAL') },
              ]}
              testId="pref-units-control"
            />
            <Choice
              label={t('user.PREFERENCES.ASCENT_DATA')}
              value={displayAscent ? 'displayed' : 'hidden'}
              onChange={(value) => setDisplayAscent(value === 'displayed')}
              options={[
                { value: 'displayed', label: t('user.PREFERENCES.DISPLAYED') },
                { value: 'hidden', label: t('user.PREFERENCES.HIDDEN') },
              ]}
              testId="pref-ascent-control"
            />
            <Choice
              label={t('sharing.FOLLOW.MANUAL_APPROVAL')}
              value={manualApproval ? 'manual' : 'automatic'}
              onChange={(value) => setManualApproval(value === 'manual')}
              options={[
                { value: 'manual', label: t('sharing.FOLLOW.MANUAL') },
                { value: 'automatic', label: t('sharing.FOLLOW.AUTOMATIC') },
              ]}
              testId="pref-follow-approval-control"
            />
            {emailSending && (
              <Choice
                label={t('sharing.NOTIFICATIONS.EMAILS')}
                value={notificationEmails ? 'on' : 'off'}
                onChange={(value) => setNotificationEmails(value === 'on')}
                options={[
                  { value: 'off', label: t('sharing.NOTIFICATIONS.EMAILS_OFF') },
                  { value: 'on', label: t('sharing.NOTIFICATIONS.EMAILS_ON') },
                ]}
                testId="pref-notification-emails-control"
              />
            )}
          </SimpleGrid>
          <Title order={2} size="h5">
            {t('sharing.DEFAULT_LEVELS')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="pref-visibility">
            <WorkoutLevelsFields value={levels} onChange={setLevels} testIdPrefix="pref" />
            <VisibilitySelect label={t('sharing.HEART_RATE')} value={hrVisibility} onChange={setHrVisibility} testId="pref-hr-visibility" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('insights.PREFERENCES.ZONES_HELP')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <ZoneSettingInput label={t('insights.PREFERENCES.MAX_HR')} value={maxHr} onChange={setMaxHr} min={100} max={250} testId="pref-max-hr" />
            <ZoneSettingInput label={t('insights.PREFERENCES.RESTING_HR')} value={restingHr} onChange={setRestingHr} min={20} max={120} testId="pref-resting-hr" />
            <ZoneSettingInput label={t('insights.PREFERENCES.FTP')} value={ftp} onChange={setFtp} min={50} max={2500} testId="pref-ftp" />
          </SimpleGrid>
          <ErrorBox keys={errorKeys} />
          <FormButtons busy={busy} cancelTo="/profile/preferences" />
        </Stack>
      </form>
    </Card>
  )
}
