import { Anchor, Badge, Button, Card, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Notification } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'
import { FollowRequests } from './FollowRequests'
import { notificationsChanged, onNotificationsChanged } from './notificationsChanged'

/** Where a notification leads: the workout it is about, else its sender's page (a moderation one always has its workout). */
const targetOf = (notification: Notification) => {
  if (notification.workout) return `/workouts/${encodeURIComponent(notification.workout.id)}`
  return notification.from ? `/users/${encodeURIComponent(notification.from.username)}` : '/notifications'
}

/** The user's notifications, newest first, five a page; each marked read or unread, or all at once. */
export function NotificationsPage() {
  const { t } = useTranslation()
  const timezone = useAppState((state) => state.profile?.timezone)
  const [page, setPage] = useState(1)
  // Bumped after each change, here or in the requests card above (an accepted request now reads as a follow): the page is read again.
  const [version, setVersion] = useState(0)
  useEffect(() => onNotificationsChanged(() => setVersion((current) => current + 1)), [])
  const { data, errors: loadErrors } = useLoad(`notifications-${page}-${version}`, () => call('listNotifications', { query: { page } }))
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState<string | null>(null)

  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key)
    setErrors([])
    try {
      await work()
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(null)
      notificationsChanged()
    }
  }

  const notifications = data?.notifications ?? []
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t('sharing.NOTIFICATIONS.TITLE')}
        </Title>
        <Button variant="default" loading={busy === 'all'} onClick={() => void run('all', () => call('markAllNotificationsRead', { body: {} }))} data-testid="notifications-mark-all">
          {t('sharing.NOTIFICATIONS.MARK_ALL')}
        </Button>
      </Group>
      <FollowRequests />
      <ErrorBox keys={[...loadErrors, ...errors]} />
      <Card>
        {/* The "none yet" line instead of the list, not in it: a list holds only its items (WCAG 1.3.1). */}
        {data && notifications.length === 0 && <Text c="dimmed">{t('sharing.NOTIFICATIONS.NONE')}</Text>}
        {notifications.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {notifications.map((notification) => (
              <Paper component="li" withBorder p="sm" key={notification.id} data-testid="notification" data-read={notification.marked_as_read}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2}>
                    <Group gap="xs">
                      {!notification.marked_as_read && (
                        <Badge size="sm" color="red" variant="light">
                          {t('sharing.NOTIFICATIONS.UNREAD')}
                        </Badge>
                      )}
                      <Anchor component={Link} to={targetOf(notification)} fw={notification.marked_as_read ? 400 : 700} data-testid="notification-text">
                        {t(`sharing.NOTIFICATIONS.TYPE.${notification.type}`, { username: notification.from?.username ?? '' })}
                      </Anchor>
                    </Group>
                    {notification.comment && (
                      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {notification.comment.text}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(notification.created_at, timezone)}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === notification.id}
                    onClick={() => void run(notification.id, () => call('updateNotification', { params: { notificationId: notification.id }, body: { read_status: !notification.marked_as_read } }))}
                  >
                    {notification.marked_as_read ? t('sharing.NOTIFICATIONS.MARK_UNREAD') : t('sharing.NOTIFICATIONS.MARK_READ')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Card>
      {data && data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`sharing.NOTIFICATIONS.PAGE_${control.toUpperCase()}`) })}
          getItemProps={(item) => ({ 'aria-label': t('sharing.NOTIFICATIONS.PAGE', { page: item }) })}
        />
      )}
    </Stack>
  )
}
