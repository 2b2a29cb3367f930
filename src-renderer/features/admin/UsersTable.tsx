import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { IconShieldMinus, IconShieldPlus, IconUserCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { Labelled } from '../../components/Labelled'
import { usePhone } from '../../components/usePhone'
import { UserPicture } from '../../components/UserPicture'
import { formatDateTime } from '../../format/dates'
import { Tick } from './Tick'

/**
 * The button granting or removing admin rights; an administrator cannot change their own. In the
 * table it is an icon with the action as its name and tooltip, so every column fits on a laptop.
 */
export function AdminRightsButton({
  user,
  self,
  busy,
  onToggle,
  compact = false,
}: {
  user: User
  self: boolean
  busy: boolean
  onToggle: () => void
  compact?: boolean
}) {
  const { t } = useTranslation()
  const label = t(user.admin ? 'admin.USERS.REMOVE_ADMIN' : 'admin.USERS.ADD_ADMIN')
  const Glyph = user.admin ? IconShieldMinus : IconShieldPlus
  return (
    // The table too shows the action's words, not only an icon.
    <Button
      size={compact ? 'xs' : 'sm'}
      variant={user.admin ? 'default' : 'light'}
      color={user.admin ? undefined : 'pine'}
      leftSection={<Glyph size={compact ? 16 : 18} aria-hidden />}
      disabled={self}
      loading={busy}
      onClick={onToggle}
      data-testid="admin-rights-button"
    >
      {label}
    </Button>
  )
}

/**
 * One page of users: picture, username (link to the admin view), e-mail, registration date in
 * the administrator's timezone, workouts, active and admin ticks, and the actions: activating an
 * account waiting for it, and the admin-rights button.
 */
export function UsersTable({
  users,
  me,
  timezone,
  busyUser,
  onToggleAdmin,
  onActivate,
  from,
}: {
  users: User[]
  me: string
  timezone: string | undefined
  busyUser: string | null
  onToggleAdmin: (user: User) => void
  /** Activates an account waiting for it, from its row: those come first in the list. */
  onActivate: (user: User) => void
  /** The list address, so the user page's Back finds it again. */
  from: string
}) {
  const { t } = useTranslation()
  const phone = usePhone()
  const userLink = (user: User) => (
    <Anchor component={Link} to={`/admin/users/${encodeURIComponent(user.username)}`} state={{ from }} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="user-link">
      {user.username}
    </Anchor>
  )
  const actions = (user: User) => (
    <>
      {!user.is_active && (
        <Button
          size="xs"
          leftSection={<IconUserCheck size={16} aria-hidden />}
          loading={busyUser === user.username}
          onClick={() => onActivate(user)}
          data-testid="activate-button"
        >
          {t('admin.USER.ACTIVATE')}
        </Button>
      )}
      <AdminRightsButton user={user} self={user.username === me} busy={busyUser === user.username} onToggle={() => onToggleAdmin(user)} compact />
    </>
  )
  if (phone) {
    // A card per user: the table's date column was cut at a phone's width.
    return (
      <Stack gap="xs" data-testid="users-table">
        {users.map((user) => (
          <Paper key={user.username} withBorder p="sm" data-testid={`user-row-${user.username}`}>
            <Group gap="sm" wrap="nowrap">
              <UserPicture username={user.username} hasPicture={user.picture} size={32} />
              <Stack gap={0} miw={0}>
                {userLink(user)}
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="user-email-below">
                  {user.email}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
              <Labelled label={t('admin.USERS.TABLE.REGISTRATION_DATE')} testId="user-registration">
                {formatDateTime(user.created_at, timezone)}
              </Labelled>
              <Labelled label={t('admin.USERS.TABLE.WORKOUTS')} testId="user-workouts">
                {user.nb_workouts}
              </Labelled>
              <Labelled label={t('admin.USERS.TABLE.ACTIVE')}>
                <Tick value={user.is_active} label={t('admin.USERS.TABLE.ACTIVE')} />
              </Labelled>
              <Labelled label={t('admin.USERS.TABLE.ADMIN')}>
                <Tick value={user.admin} label={t('admin.USERS.TABLE.ADMIN')} />
              </Labelled>
            </SimpleGrid>
            <Group mt="xs" gap="xs">
              {actions(user)}
            </Group>
          </Paper>
        ))}
      </Stack>
    )
  }
  return (
    // Below this width the table scrolls sideways rather than squeezing addresses and dates.
    <Table.ScrollContainer minWidth={800}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.USERS.TABLE.PICTURE')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.USERNAME')}</Table.Th>
            {/* On phones the address goes under the name: its own column ran past the card's edge. */}
            <Table.Th visibleFrom="sm">{t('admin.USERS.TABLE.EMAIL')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.REGISTRATION_DATE')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.WORKOUTS')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.ACTIVE')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.ADMIN')}</Table.Th>
            <Table.Th>{t('admin.USERS.TABLE.ACTIONS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.username} data-testid={`user-row-${user.username}`}>
              <Table.Td>
                <UserPicture username={user.username} hasPicture={user.picture} size={32} />
              </Table.Td>
              <Table.Td>
                {userLink(user)}
                <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid="user-email-below">
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {/* May break anywhere: a long address kept whole pushed the actions out of a 1280 px window. */}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="user-registration">
                  {formatDateTime(user.created_at, timezone)}
                </Text>
              </Table.Td>
              <Table.Td data-testid="user-workouts">{user.nb_workouts}</Table.Td>
              <Table.Td>
                <Tick value={user.is_active} label={t('admin.USERS.TABLE.ACTIVE')} />
              </Table.Td>
              <Table.Td>
                <Tick value={user.admin} label={t('admin.USERS.TABLE.ADMIN')} />
              </Table.Td>
              <Table.Td>
                {/* One above the other: side by side, a waiting account's two German buttons pushed the table past 1280 px. */}
                <Stack gap={6} align="flex-start">
                  {actions(user)}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
