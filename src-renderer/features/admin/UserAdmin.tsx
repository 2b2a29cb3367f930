import { Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../placeholder/NotFoundPage'
import { preferencesOf } from '../profile/preferences'
import { UserHeader } from '../profile/UserHeader'
import { UserInfoPanel } from '../profile/UserInfoPanel'
import { AdminPageTitle } from './AdminPageTitle'
import { Tick } from './Tick'
import { UserAdminActions } from './UserAdminActions'

type Loaded = { kind: 'user'; user: User } | { kind: 'missing' } | { kind: 'error'; keys: string[] }

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

/** `/admin/users/:username`: the user's header and information panel with the admin actions. */
export function UserAdmin() {
  const { t } = useTranslation()
  const { username = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const viewer = useAppState((state) => state.profile)
  const [answer, setAnswer] = useState<{ username: string; loaded: Loaded } | null>(null)

  useEffect(() => {
    let current = true
    const settle = (loaded: Loaded) => current && setAnswer({ username, loaded })
    call('getUser', { params: { username } })
      .then((response) => {
        const user = response.data.users[0]
        settle(user ? { kind: 'user', user } : { kind: 'missing' })
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) settle({ kind: 'missing' })
        else settle({ kind: 'error', keys: errorKeysOfUnknown(error) })
      })
    return () => {
      current = false
    }
  }, [username])

  // Back to wherever the admin came from; opened directly, to the users list.
  const back = () => void (location.key === 'default' ? navigate('/admin/users') : navigate(-1))

  if (answer?.username !== username) return <PageLoader />
  const { loaded } = answer
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
                  onUpdated={(user) => setAnswer({ username, loaded: { kind: 'user', user } })}
                />
              </>
            }
          />
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
