import { Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../../components/NotFoundPage'
import { preferencesOf } from '../profile/preferences'
import { UserHeader } from '../profile/UserHeader'
import { UserInfoPanel } from '../profile/UserInfoPanel'
import { useUserByName } from '../users/useUserByName'
import { AdminPageTitle } from './AdminPageTitle'
import { Tick } from './Tick'
import { UserAccessTokens } from './UserAccessTokens'
import { UserAdminActions } from './UserAdminActions'
import { SharingSuspension } from '../sharing/SharingSuspension'

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  )
}

/** What only administrators see of an account: e-mail (and one awaiting confirmation), state, rights. */
function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Detail label={t('user.EMAIL')} testId="admin-user-email">
        {user.email}
      </Detail>
      {user.email_to_confirm && (
        <Detail label={t('admin.USER.EMAIL_TO_CONFIRM')} testId="admin-user-email-to-confirm">
          {user.email_to_confirm}
        </Detail>
      )}
      <Detail label={t('admin.USERS.TABLE.ACTIVE')} testId="admin-user-active">
        <Tick value={user.is_active} label={t('admin.USERS.TABLE.ACTIVE')} />
      </Detail>
      <Detail label={t('admin.USERS.TABLE.ADMIN')} testId="admin-user-admin">
        <Tick value={user.admin} label={t('admin.USERS.TABLE.ADMIN')} />
      </Detail>
    </SimpleGrid>
  )
}

/**
 * `/admin/users/:username`: the user's header and information panel with the admin actions, and
 * the user's access tokens.
 */
export function UserAdmin() {
  const { t } = useTranslation()
  const { username = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const viewer = useAppState((state) => state.profile)
  const { loaded, replace } = useUserByName(username)

  // Back to wherever the admin came from; opened directly, to the users list.
  const back = () => void (location.key === 'default' ? navigate('/admin/users') : navigate(-1))

  if (!loaded) return <PageLoader />
  if (loaded.kind === 'missing') return <NotFoundPage messageKey="user.USER_NOT_FOUND" />
  const preferences = viewer ? preferencesOf(viewer) : null
  return (
    <Stack gap="lg" data-testid="admin-user">
      <AdminPageTitle title={username} trail={[{ label: t('admin.USERS.TITLE'), to: '/admin/users' }]} heading={loaded.kind === 'error'} />
      {loaded.kind === 'error' ? (
        <ErrorBox keys={loaded.keys} />
      ) : (
        <>
          <UserHeader user={loaded.user} imperial={preferences?.imperial_units ?? false} />
          <UserInfoPanel
            user={loaded.user}
            timezone={preferences?.timezone}
            actions={
              <>
                <Divider />
                <AccountDetails user={loaded.user} />
                <UserAdminActions
                  key={loaded.user.username}
                  user={loaded.user}
                  self={loaded.user.username === viewer?.username}
                  onUpdated={replace}
                />
                <SharingSuspension
                  user={loaded.user}
                  self={loaded.user.username === viewer?.username}
                  timezone={preferences?.timezone}
                  onUpdated={replace}
                />
              </>
            }
          />
          <UserAccessTokens username={loaded.user.username} />
        </>
      )}
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={back} data-testid="admin-user-back">
          {t('admin.BACK')}
        </Button>
      </Group>
    </Stack>
  )
}
