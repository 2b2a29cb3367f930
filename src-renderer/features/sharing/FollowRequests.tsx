import { Anchor, Button, Card, Group, Stack, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import { notificationsChanged } from './notificationsChanged'

/**
 * The follow requests the user has not answered yet, each to accept or reject; nothing when there
 * are none, but the note that an accepted follower sees none of the user's new workouts.
 */
export function FollowRequests() {
  const { t } = useTranslation()
  // Bumped after each answer: the list is read again.
  const [version, setVersion] = useState(0)
  const { data, errors: loadErrors } = useLoad(`follow-requests-${version}`, () => call('listFollowRequests', { query: { per_page: 50 } }))
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState<string | null>(null)
  // Who was just accepted while new workouts are "Only me": they would see nothing, and the owner should know.
  const [unseenBy, setUnseenBy] = useState<string | null>(null)
  const newWorkoutsPrivate = useAppState((state) => state.profile?.workouts_visibility === 'private')
  const requests = data?.data.follow_requests ?? []

  const answer = async (username: string, name: 'acceptFollowRequest' | 'rejectFollowRequest') => {
    setBusy(username)
    setErrors([])
    setUnseenBy(null)
    try {
      await call(name, { params: { username } })
      if (name === 'acceptFollowRequest' && newWorkoutsPrivate) setUnseenBy(username)
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(null)
      setVersion((current) => current + 1)
      // The request's notification changed (a follow now) or went (rejected): the list and the bell read again.
      notificationsChanged()
    }
  }

  const hint = unseenBy && (
    <AlertBox>
      <span data-testid="accepted-private">{t('sharing.FOLLOW.ACCEPTED_PRIVATE', { username: unseenBy })}</span>{' '}
      {/* The notice's own colour, underlined: the theme's link colour is too faint on the notice's tint. */}
      <Anchor component={Link} to="/profile/edit/preferences" underline="always" c="inherit" fw={600}>
        {t('sharing.DEFAULT_LEVELS')}
      </Anchor>
    </AlertBox>
  )
  if (requests.length === 0 && loadErrors.length === 0 && errors.length === 0) return hint
  return (
    <Card data-testid="follow-requests">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('sharing.FOLLOW.REQUESTS_TITLE')}
        </Title>
        {hint}
        <ErrorBox keys={[...loadErrors, ...errors]} />
        {requests.map((user) => (
          <Group key={user.username} justify="space-between" data-testid="follow-request">
            <Anchor component={Link} to={`/users/${encodeURIComponent(user.username)}`} fw={600}>
              {user.username}
            </Anchor>
            <Group gap="xs">
              <Button size="xs" loading={busy === user.username} onClick={() => void answer(user.username, 'acceptFollowRequest')} aria-label={t('sharing.FOLLOW.ACCEPT_FROM', { username: user.username })}>
                {t('sharing.FOLLOW.ACCEPT')}
              </Button>
              <Button size="xs" variant="default" loading={busy === user.username} onClick={() => void answer(user.username, 'rejectFollowRequest')} aria-label={t('sharing.FOLLOW.REJECT_FROM', { username: user.username })}>
                {t('sharing.FOLLOW.REJECT')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  )
}
