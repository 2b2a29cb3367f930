import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconHome, IconPencil } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { preferencesOf } from './preferences'
import { SportPreferences } from './SportPreferences'
import { UserInfoPanel } from './UserInfoPanel'

/** PROFILE tab: the information panel with the edit and home buttons. */
export function ProfileInfoTab() {
  const { t } = useTranslation()
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return (
    <UserInfoPanel
      user={profile}
      timezone={preferencesOf(profile).timezone}
      actions={
        <Group>
          <Button component={Link} to="/profile/edit" leftSection={<IconPencil size={18} />}>
            {t('user.PROFILE.EDIT')}
          </Button>
          <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} />}>
            {t('common.HOME')}
          </Button>
        </Group>
      }
    />
  )
}

function Preference({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </Stack>
  )
}

/** PREFERENCES tab: the saved preferences, read-only. */
export function ProfilePreferencesTab() {
  const { t } = useTranslation()
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  const preferences = preferencesOf(profile)
  const zoneSettings = [
    { label: 'insights.PREFERENCES.MAX_HR', value: preferences.max_hr, testId: 'pref-show-max-hr' },
    { label: 'insights.PREFERENCES.RESTING_HR_VIEW', value: preferences.resting_hr, testId: 'pref-show-resting-hr' },
    { label: 'insights.PREFERENCES.FTP', value: preferences.ftp, testId: 'pref-show-ftp' },
  ]
  return (
    <Card data-testid="preferences">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Preference label={t('user.PREFERENCES.LANGUAGE')} value={t(`common.LANGUAGES.${preferences.language}`)} testId="pref-language" />
          <Preference label={t('user.PREFERENCES.TIMEZONE')} value={preferences.timezone} testId="pref-timezone" />
          <Preference
            label={t('user.PREFERENCES.FIRST_DAY_OF_WEEK')}
            value={preferences.weekm ? t('user.PREFERENCES.MONDAY') : t('user.PREFERENCES.SUNDAY')}
            testId="pref-weekm"
          />
          <Preference
            label={t('user.PREFERENCES.UNITS')}
            value={preferences.imperial_units ? t('user.PREFERENCES.IMPERIAL') : t('user.PREFERENCES.METRIC')}
            testId="pref-units"
          />
          <Preference
            label={t('user.PREFERENCES.ASCENT_DATA')}
            value={preferences.display_ascent ? t('user.PREFERENCES.DISPLAYED') : t('user.PREFERENCES.HIDDEN')}
            testId="pref-ascent"
          />
          {zoneSettings.map(({ label, value, testId }) => (
            <Preference key={testId} label={t(label)} value={value === null ? t('insights.PREFERENCES.NOT_SET') : String(value)} testId={testId} />
          ))}
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/profile/edit/preferences" leftSection={<IconPencil size={18} />}>
            {t('user.PREFERENCES.EDIT')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** SPORTS tab: the sport preferences table, read-only. */
export function ProfileSportsTab() {
  return <SportPreferences editable={false} />
}
