import { Anchor, Button, List, Popover, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'

/** What was liked: a workout or a comment, by id. */
export type Liked = { kind: 'workout'; id: string } | { kind: 'comment'; id: string }

const likesOf = (subject: Liked, page: number) =>
  subject.kind === 'workout'
    ? call('listWorkoutLikes', { params: { id: subject.id }, query: { page } })
    : call('listCommentLikes', { params: { commentId: subject.id }, query: { page } })

/**
 * A button beside a like count that opens who liked, each name a link to their page, ten at a
 * time as the server pages them. The list is read on every opening, so a like just given shows.
 */
export function Likers({ subject, label }: { subject: Liked; label: string }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" width={260} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="subtle" size="compact-xs" aria-label={label} onClick={() => setOpened((open) => !open)} data-testid="likers-button">
          {t('sharing.COMMENTS.WHO_LIKED')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} data-testid="likers">
        {/* The title takes the focus on opening, whether or not the names are in yet. */}
        <Text size="sm" fw={600} mb="xs" tabIndex={-1} data-autofocus>
          {label}
        </Text>
        {opened && <LikersList subject={subject} />}
      </Popover.Dropdown>
    </Popover>
  )
}

function LikersList({ subject }: { subject: Liked }) {
  const { t } = useTranslation()
  const { data: first, loading, errors: firstErrors } = useLoad(`likers-${subject.kind}-${subject.id}`, () => likesOf(subject, 1))
  // The pages after the first; `addedAt` is where the last one's names start in the whole list.
  const [later, setLater] = useState<{ users: User[]; page: number; hasNext: boolean; addedAt: number } | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  // The first name a "Load more" brought: it takes the focus, since the button may go away.
  const firstAdded = useRef<HTMLAnchorElement>(null)
  const users = [...(first?.data.likes ?? []), ...(later?.users ?? [])]
  const hasNext = later ? later.hasNext : (first?.pagination.has_next ?? false)

  useEffect(() => {
    if (later) firstAdded.current?.focus()
  }, [later])

  const loadMore = async () => {
    const page = (later?.page ?? 1) + 1
    setBusy(true)
    try {
      const answer = await likesOf(subject, page)
      setLater({ users: [...(later?.users ?? []), ...answer.data.likes], page, hasNext: answer.pagination.has_next, addedAt: users.length })
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="xs">
      <ErrorBox keys={[...firstErrors, ...errors]} />
      {loading && (
        <Text size="sm" role="status">
          {t('common.LOADING')}
        </Text>
      )}
      {!loading && users.length === 0 && firstErrors.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sharing.COMMENTS.NO_LIKES')}
        </Text>
      )}
      {users.length > 0 && (
        <List listStyleType="none" spacing={4} data-testid="likers-list">
          {users.map((user, index) => (
            <List.Item key={user.username}>
              <Anchor component={Link} to={`/users/${encodeURIComponent(user.username)}`} size="sm" ref={index === later?.addedAt ? firstAdded : undefined}>
                {user.username}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {hasNext && (
        <Button variant="light" size="compact-sm" loading={busy} onClick={() => void loadMore()} data-testid="likers-more">
          {t('dashboard.TIMELINE.LOAD_MORE')}
        </Button>
      )}
    </Stack>
  )
}
