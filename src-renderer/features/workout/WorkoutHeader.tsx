import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconDownload, IconEdit, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import type { Workout } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { SportIcon } from '../../components/SportIcon'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'
import { downloadWorkoutFile } from './download'
import { RecordBadges } from './RecordBadges'
import { ShareButton } from '../sharing/ShareDialog'

/** A previous/next arrow; disabled (not a link) when there is nowhere to go. */
function StepLink({ to, label, direction }: { to: string | null; label: string; direction: 'previous' | 'next' }) {
  const Glyph = direction === 'previous' ? IconChevronLeft : IconChevronRight
  return (
    <Tooltip label={label} disabled={!to}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={label} data-testid={`${direction}-link`}>
          <Glyph size={22} />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" size="lg" disabled aria-label={label} data-testid={`${direction}-link`}>
          <Glyph size={22} />
        </ActionIcon>
      )}
    </Tooltip>
  )
}

/**
 * Sport, title, date, records and previous/next navigation (workouts, or segments on a segment
 * page); on the workout page also download, edit and delete (confirmed, then back to `/`).
 */
export function WorkoutHeader({ workout, segment, displayAscent }: { workout: Workout; segment: number | null; displayAscent: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const sports = useAppState((state) => state.sports)
  const timezone = useAppState((state) => state.profile?.timezone ?? null)
  // A follower or a visitor of a shared workout sees it, but only its owner downloads, shares, edits or deletes it.
  const mine = useAppState((state) => state.profile?.username === workout.user)
  const sport = sports.find((item) => item.id === workout.sport_id)
  const [confirming, setConfirming] = useState(false)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [downloading, setDownloading] = useState(false)

  const base = `/workouts/${workout.id}`
  const count = workout.segments.length
  const previous =
    segment === null
      ? { to: workout.previous_workout ? `/workouts/${workout.previous_workout}` : null, label: t('workouts.PREVIOUS_WORKOUT') }
      : { to: segment > 1 ? `${base}/segment/${segment - 1}` : null, label: t('workouts.SEGMENTS.PREVIOUS') }
  const next =
    segment === null
      ? { to: workout.next_workout ? `/workouts/${workout.next_workout}` : null, label: t('workouts.NEXT_WORKOUT') }
      : { to: segment < count ? `${base}/segment/${segment + 1}` : null, label: t('workouts.SEGMENTS.NEXT') }

  const download = async () => {
    setDownloading(true)
    setErrorKeys([])
    try {
      await downloadWorkoutFile(workout.id)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setDownloading(false)
    }
  }

  const remove = async () => {
    await call('deleteWorkout', { params: { id: workout.id } })
    setConfirming(false)
    await navigate('/')
  }

  return (
    <Card data-testid="workout-header">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <StepLink direction="previous" {...previous} />
          <Stack gap={4} align="center" style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" justify="center" maw="100%">
              {sport && <SportIcon label={sport.label} color={sport.color} size={28} />}
              <Title order={1} size="h3" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="workout-title">
                {segment === null ? (
                  workout.title
                ) : (
                  <Link to={base} style={{ color: 'inherit' }}>
                    {workout.title}
                  </Link>
                )}
              </Title>
            </Group>
            {segment !== null && (
              <Text fw={600} data-testid="segment-title">
                {t('workouts.SEGMENTS.SEGMENT_OF', { number: segment, count })}
              </Text>
            )}
            <Text size="sm" c="dimmed" data-testid="workout-date">
              {formatDateTime(workout.workout_date, timezone)}
              {/* Underlined: within the date's line, colour alone would not tell the link (WCAG 1.4.1). */}
              {!mine && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/users/${encodeURIComponent(workout.user)}`} size="sm" underline="always" data-testid="workout-owner">
                    {t('sharing.OWNER', { user: workout.user })}
                  </Anchor>
                </>
              )}
            </Text>
            {segment === null && <RecordBadges records={workout.records} displayAscent={displayAscent} pace={sport?.speed_display === 'pace'} />}
          </Stack>
          <StepLink direction="next" {...next} />
        </Group>
        {segment === null && mine && (
          <Group justify="center" gap="xs">
            {workout.with_gpx && (
              <Button variant="default" size="xs" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()} data-testid="download">
                {t('workouts.DOWNLOAD')}
              </Button>
            )}
            <ShareButton workout={workout} />
            <Button component={Link} to={`${base}/edit`} variant="default" size="xs" leftSection={<IconEdit size={16} />} data-testid="edit">
              {t('common.EDIT')}
            </Button>
            <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="delete">
              {t('workouts.DELETE')}
            </Button>
          </Group>
        )}
        <ErrorBox keys={errorKeys} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('workouts.DELETE')}
        message={t('workouts.CONFIRM_DELETE')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Card>
  )
}
