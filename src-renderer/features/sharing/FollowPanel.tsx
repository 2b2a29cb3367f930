import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { notificationsChanged } from './notificationsChanged'

/**
 * Another user's followers and following counts, and the viewer's follow button: Follow, then
 * Requested (with a way to withdraw) while the request waits, then Following with Unfollow.
 * When this user asks to follow the viewer, the request is answered here too (their notification
 * leads here). Nothing to press on one's own page (the answer then has no relation fields).
 */
export function FollowPanel({ user, onChange }: { user: User; onChange: (user: User) => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const relation = user.is_followed_by

  const act = async (name: 'followUser' | 'unfollowUser' | 'acceptFollowRequest' | 'rejectFollowRequest') => {
    setBusy(true)
    setErrors([])
    try {
      await call(name, { params: { username: user.username } })
      const [fresh] = (await call('getUser', { params: { username: user.username } })).data.users
      if (fresh) onChange(fresh)
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
      // A request answered or withdrawn changes what the notifications say: the bell reads again.
      notificationsChanged()
    }
  }

  return (
    <Stack gap="xs" data-testid="follow-panel">
      <Group gap="md">
        <Text size="sm" data-testid="followers-count">
          {t('sharing.FOLLOW.FOLLOWERS', { count: user.followers })}
        </Text>
        <Text size="sm" data-testid="following-count">
          {t('sharing.FOLLOW.FOLLOWING_COUNT', { count: user.following })}
        </Text>
        {user.follows === 'true' && (
          <Badge variant="light" color="gray">
            {t('sharing.FOLLOW.FOLLOWS_YOU')}
          </Badge>
        )}
      </Group>
      {user.follows === 'pending' && (
        <Group gap="sm" data-testid="follow-request-here">
          <Text size="sm">{t('sharing.FOLLOW.ASKS_YOU', { username: user.username })}</Text>
          <Button size="xs" loading={busy} onClick={() => void act('acceptFollowRequest')} aria-label={t('sharing.FOLLOW.ACCEPT_FROM', { username: user.username })}>
            {t('sharing.FOLLOW.ACCEPT')}
          </Button>
          <Button size="xs" variant="default" loading={busy} onClick={() => void act('rejectFollowRequest')} aria-label={t('sharing.FOLLOW.REJECT_FROM', { username: user.username })}>
            {t('sharing.FOLLOW.REJECT')}
          </Button>
        </Group>
      )}
      {relation !== undefined && (
        <Group gap="sm">
          {relation === 'false' && (
            <Button size="sm" loading={busy} onClick={() => void act('followUser')} data-testid="follow-button">
              {t('sharing.FOLLOW.FOLLOW')}
            </Button>
          )}
          {relation === 'pending' && (
            <>
              <Badge variant="outline" size="lg" data-testid="follow-state">
                {t('sharing.FOLLOW.REQUESTED')}
              </Badge>
              <Button size="sm" variant="default" loading={busy} onClick={() => void act('unfollowUser')} data-testid="unfollow-button">
                {t('sharing.FOLLOW.WITHDRAW')}
              </Button>
            </>
          )}
          {relation === 'true' && (
            <>
              <Badge variant="filled" size="lg" data-testid="follow-state">
                {t('sharing.FOLLOW.FOLLOWING')}
              </Badge>
              <Button size="sm" variant="default" loading={busy} onClick={() => void act('unfollowUser')} data-testid="unfollow-button">
                {t('sharing.FOLLOW.UNFOLLOW')}
              </Button>
            </>
          )}
        </Group>
      )}
      <ErrorBox keys={errors} />
    </Stack>
  )
}
