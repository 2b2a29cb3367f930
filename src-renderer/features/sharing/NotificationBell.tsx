import { ActionIcon, Indicator } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { call } from '../../api/client'
import { onNotificationsChanged } from './notificationsChanged'

/** The navbar's bell: how many notifications are unread, in its name and on a badge; opens the list. */
export function NotificationBell() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [unread, setUnread] = useState<number | null>(null)
  // Bumped when the list page marks some: the count is read again.
  const [version, setVersion] = useState(0)
  useEffect(() => onNotificationsChanged(() => setVersion((current) => current + 1)), [])
  useEffect(() => {
    let current = true
    // The unread list's total: the reference's `unread` answer says only whether there are any.
    call('listNotifications', { query: { status: 'unread' } }).then(
      (answer) => current && setUnread(answer.pagination.total),
      () => current && setUnread(null),
    )
    return () => {
      current = false
    }
  }, [pathname, version])

  const label = unread ? t('sharing.NOTIFICATIONS.BELL', { count: unread }) : t('sharing.NOTIFICATIONS.BELL_NONE')
  return (
    <Indicator label={unread ?? 0} disabled={!unread} size={18} offset={6} color="red" aria-hidden={false}>
      <ActionIcon component={Link} to="/notifications" variant="subtle" color="white" size="lg" aria-label={label} title={label} data-testid="notification-bell">
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  )
}
