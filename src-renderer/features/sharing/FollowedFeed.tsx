import { Anchor, Button, Center, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import type { Sport, Workout } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import { WorkoutCard } from '../dashboard/WorkoutCard'

/**
 * The dashboard's feed of the people the user follows: their workouts the user may see, newest
 * first, five at a time; each card shows its map thumbnail only when its owner lets followers see
 * the map (the server leaves the map out otherwise). Without anything to show: how to find someone.
 */
export function FollowedFeed({ sports }: { sports: readonly Sport[] }) {
  const { t } = useTranslation()
  const { data: first, loading, errors: firstErrors } = useLoad('followed-feed', () => call('getTimeline', { query: { only_followed: 'true' } }))
  const [more, setMore] = useState<{ workouts: Workout[]; page: number; hasNext: boolean } | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const workouts = [...(first?.data.workouts ?? []), ...(more?.workouts ?? [])]
  const hasNext = more ? more.hasNext : (first?.pagination.has_next ?? false)

  const loadMore = async () => {
    const page = (more?.page ?? 1) + 1
    setBusy(true)
    try {
      const response = await call('getTimeline', { query: { only_followed: 'true', page } })
      setMore({ workouts: [...(more?.workouts ?? []), ...response.data.workouts], page, hasNext: response.pagination.has_next })
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="sm" data-testid="followed-feed">
      <Title order={3} fz="lg">
        {t('sharing.FEED.TITLE')}
      </Title>
      <ErrorBox keys={[...firstErrors, ...errors]} />
      {workouts.map((workout) => (
        <Stack key={workout.id} gap={4} data-testid="feed-workout">
          <Anchor component={Link} to={`/users/${encodeURIComponent(workout.user)}`} size="sm" fw={600}>
            {workout.user}
          </Anchor>
          <WorkoutCard workout={workout} sport={sports.find((sport) => sport.id === workout.sport_id)} />
        </Stack>
      ))}
      {loading && <PageLoader />}
      {!loading && workouts.length === 0 && firstErrors.length === 0 && <FindSomeone />}
      {hasNext && (
        <Center>
          <Button variant="light" loading={busy} onClick={() => void loadMore()} data-testid="feed-load-more">
            {t('dashboard.TIMELINE.LOAD_MORE')}
          </Button>
        </Center>
      )}
    </Stack>
  )
}

/** The empty feed's hint: a user's page, found by their name, has the Follow button. */
function FindSomeone() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // Following people who share nothing with the user yet is not the same as following nobody.
  const following = useAppState((state) => state.profile?.following ?? 0)
  const [name, setName] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const username = name.trim()
    if (username) void navigate(`/users/${encodeURIComponent(username)}`)
  }
  return (
    <form onSubmit={submit} data-testid="find-user">
      <Stack gap="xs">
        <Text c="dimmed" size="sm">
          {following > 0 ? t('sharing.FEED.NOTHING_SHARED', { count: following }) : t('sharing.FEED.EMPTY')}
        </Text>
        <Group gap="xs" align="flex-end">
          <TextInput label={t('sharing.FEED.FIND_LABEL')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={30} style={{ flex: 1 }} />
          <Button type="submit" variant="default">
            {t('sharing.FEED.FIND')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
