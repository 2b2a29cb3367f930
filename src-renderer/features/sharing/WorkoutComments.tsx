import { Badge, Button, Card, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { COMMENT_TEXT_MAX, type Comment } from '../../../src/contracts'
import { VISIBILITY_LEVELS, type Visibility } from '../../../src/domain/visibility'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { useLoad } from '../../components/useLoad'
import { Likers } from './Likers'
import { useListActions } from './useListActions'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'

/**
 * A workout's likes and comments: a like button with its count, the comments the viewer may read
 * (each with its own like button; the author edits or deletes theirs) and a form to add one.
 */
export function WorkoutComments({ workoutId, likesCount, liked }: { workoutId: string; likesCount: number; liked: boolean }) {
  const { t } = useTranslation()
  const profile = useAppState((state) => state.profile)
  // `version` is bumped after each change: the comments are read again.
  const { version, errors, busy, run } = useListActions()
  const { data, errors: loadErrors } = useLoad(`comments-${workoutId}-${version}`, () => call('listWorkoutComments', { params: { id: workoutId } }))
  const [likes, setLikes] = useState({ count: likesCount, liked })
  const [text, setText] = useState('')
  const [level, setLevel] = useState<Visibility>('public')
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null)
  const comments = data?.data.comments ?? []

  const toggleWorkoutLike = () =>
    run('like', async () => {
      const answer = await call(likes.liked ? 'undoWorkoutLike' : 'likeWorkout', { params: { id: workoutId } })
      const [workout] = answer.data.workouts
      if (workout) setLikes({ count: workout.likes_count ?? 0, liked: workout.liked ?? false })
    })

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (await run('add', () => call('addWorkoutComment', { params: { id: workoutId }, body: { text, text_visibility: level } }))) setText('')
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!editing) return
    if (await run(`edit-${editing.id}`, () => call('editComment', { params: { commentId: editing.id }, body: { text: editing.text } }))) setEditing(null)
  }

  const levelOptions = VISIBILITY_LEVELS.map((value) => ({ value, label: t(`sharing.COMMENTS.LEVEL.${value}`) }))

  return (
    <Card data-testid="workout-comments">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('sharing.COMMENTS.TITLE')}
          </Title>
          <Group gap="xs">
            <Button
              variant={likes.liked ? 'filled' : 'default'}
              size="compact-sm"
              aria-pressed={likes.liked}
              loading={busy === 'like'}
              disabled={!profile}
              onClick={() => void toggleWorkoutLike()}
              data-testid="workout-like"
            >
              {t('sharing.COMMENTS.LIKES', { count: likes.count })}
            </Button>
            {likes.count > 0 && <Likers subject={{ kind: 'workout', id: workoutId }} label={t('sharing.COMMENTS.WHO_LIKED_WORKOUT')} />}
          </Group>
        </Group>
        <ErrorBox keys={[...loadErrors, ...errors]} />
        {comments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sharing.COMMENTS.NONE')}
          </Text>
        )}
        {comments.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            mine={comment.user.username === profile?.username}
            signedIn={Boolean(profile)}
            admin={profile?.admin === true}
            timezone={profile?.timezone}
            busy={busy}
            editing={editing?.id === comment.id ? editing.text : null}
            onEdit={(value) => setEditing(value === null ? null : { id: comment.id, text: value })}
            onSave={(event) => void save(event)}
            onDelete={() => void run(`delete-${comment.id}`, () => call('deleteComment', { params: { commentId: comment.id } }))}
            onLike={() => void run(`like-${comment.id}`, () => call(comment.liked ? 'undoCommentLike' : 'likeComment', { params: { commentId: comment.id } }))}
            onModerate={() =>
              void run(`moderate-${comment.id}`, () => call(comment.suspended_at ? 'unsuspendComment' : 'suspendComment', { params: { commentId: comment.id } }))
            }
          />
        ))}
        {profile && (
          <form onSubmit={(event) => void add(event)} aria-label={t('sharing.COMMENTS.ADD')}>
            <Stack gap="xs">
              <Textarea label={t('sharing.COMMENTS.NEW')} value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={COMMENT_TEXT_MAX} autosize minRows={2} />
              <Group align="flex-end" gap="sm">
                {/* Grows into the row it has: at a phone's width the longest choices ("Alle, die das Training sehen") stay whole. */}
                <Select
                  label={t('sharing.COMMENTS.WHO_SEES')}
                  data={levelOptions}
                  value={level}
                  onChange={(value) => value && setLevel(value)}
                  allowDeselect={false}
                  style={{ flex: '1 1 16rem' }}
                  data-testid="comment-visibility"
                />
                <Button type="submit" loading={busy === 'add'}>
                  {t('sharing.COMMENTS.ADD')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  )
}

interface ItemProps {
  comment: Comment
  mine: boolean
  signedIn: boolean
  /** The viewer is an administrator: they hide the comment or show it again. */
  admin: boolean
  timezone: string | null | undefined
  busy: string | null
  /** The text being edited, or null when not editing. */
  editing: string | null
  onEdit: (text: string | null) => void
  onSave: (event: FormEvent) => void
  onDelete: () => void
  onLike: () => void
  onModerate: () => void
}

function CommentItem({ comment, mine, signedIn, admin, timezone, busy, editing, onEdit, onSave, onDelete, onLike, onModerate }: ItemProps) {
  const { t } = useTranslation()
  return (
    <Paper withBorder p="sm" data-testid="comment">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="comment-author">
          {comment.user.username}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(comment.created_at, timezone)}
          {comment.modification_date ? ` · ${t('sharing.COMMENTS.EDITED')}` : ''}
        </Text>
      </Group>
      {comment.suspended && (
        <Badge color="gray" variant="outline" mt={4} data-testid="comment-hidden">
          {t('sharing.MODERATION.HIDDEN')}
        </Badge>
      )}
      {editing === null ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
          {comment.text}
        </Text>
      ) : (
        <form onSubmit={onSave} aria-label={t('sharing.COMMENTS.EDIT')}>
          <Textarea label={t('sharing.COMMENTS.EDIT_TEXT')} value={editing} onChange={(event) => onEdit(event.currentTarget.value)} maxLength={COMMENT_TEXT_MAX} autosize mt={4} />
          <Group gap="xs" mt="xs">
            <Button type="submit" size="compact-sm" loading={busy === `edit-${comment.id}`}>
              {t('sharing.COMMENTS.SAVE')}
            </Button>
            <Button variant="default" size="compact-sm" onClick={() => onEdit(null)}>
              {t('sharing.COMMENTS.CANCEL')}
            </Button>
          </Group>
        </form>
      )}
      <Group gap="xs" mt="xs">
        <Button
          variant={comment.liked ? 'filled' : 'default'}
          size="compact-xs"
          aria-pressed={comment.liked}
          disabled={!signedIn}
          loading={busy === `like-${comment.id}`}
          onClick={onLike}
          aria-label={t('sharing.COMMENTS.LIKE_COMMENT', { count: comment.likes_count, username: comment.user.username })}
          data-testid="comment-like"
        >
          {t('sharing.COMMENTS.LIKES', { count: comment.likes_count })}
        </Button>
        {comment.likes_count > 0 && (
          <Likers subject={{ kind: 'comment', id: comment.id }} label={t('sharing.COMMENTS.WHO_LIKED_COMMENT', { username: comment.user.username })} />
        )}
        {mine && editing === null && (
          <>
            <Button variant="default" size="compact-xs" onClick={() => onEdit(comment.text)}>
              {t('sharing.COMMENTS.EDIT')}
            </Button>
            <Button variant="default" color="red" size="compact-xs" loading={busy === `delete-${comment.id}`} onClick={onDelete}>
              {t('sharing.COMMENTS.DELETE')}
            </Button>
          </>
        )}
        {admin && !mine && (
          <Button
            variant="default"
            size="compact-xs"
            loading={busy === `moderate-${comment.id}`}
            onClick={onModerate}
            aria-label={t(comment.suspended_at ? 'sharing.MODERATION.SHOW_LABEL' : 'sharing.MODERATION.HIDE_LABEL', { username: comment.user.username })}
            data-testid="comment-moderate"
          >
            {t(comment.suspended_at ? 'sharing.MODERATION.SHOW' : 'sharing.MODERATION.HIDE')}
          </Button>
        )}
      </Group>
    </Paper>
  )
}
