import { ActionIcon, Alert, Button, Divider, Group, Modal, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { IconShare, IconTrash } from '@tabler/icons-react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShareLink, Workout } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { CopyIconButton } from '../../components/CopyIconButton'
import { ErrorBox } from '../../components/ErrorBox'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'
import { VisibilitySelect } from './VisibilitySelect'

const DAY_MS = 24 * 3600_000
const EXPIRIES = { EXPIRY_NEVER: null, EXPIRY_DAY: 1, EXPIRY_WEEK: 7, EXPIRY_MONTH: 30 } as const
type Expiry = keyof typeof EXPIRIES

type Levels = Pick<Workout, 'workout_visibility' | 'analysis_visibility' | 'map_visibility'>

/** The owner's "Share" button and dialog: who sees the workout, its analysis and its map, and its links for people without an account. */
export function ShareButton({ workout }: { workout: Workout }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  // The page's workout is not reloaded: the levels saved here are kept here for the next opening.
  const [current, setCurrent] = useState<Workout>(workout)
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconShare size={16} />} onClick={() => setOpened(true)} data-testid="share">
        {t('sharing.SHARE')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('sharing.DIALOG_TITLE')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.CLOSE') }}
      >
        {opened && <ShareDialogBody workout={current} onChanged={(levels) => setCurrent((shown) => ({ ...shown, ...levels }))} />}
      </Modal>
    </>
  )
}

function ShareDialogBody({ workout, onChanged }: { workout: Workout; onChanged: (levels: Levels) => void }) {
  const { t } = useTranslation()
  const timezone = useAppState((state) => state.profile?.timezone ?? null)
  const [levels, setLevels] = useState<Levels>({
    workout_visibility: workout.workout_visibility,
    analysis_visibility: workout.analysis_visibility,
    map_visibility: workout.map_visibility,
  })
  const [saved, setSaved] = useState<Levels>(levels)
  const [links, setLinks] = useState<ShareLink[]>([])
  const [created, setCreated] = useState<ShareLink | null>(null)
  const [expiry, setExpiry] = useState<Expiry>('EXPIRY_NEVER')
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [savedNotice, setSavedNotice] = useState(false)

  const refresh = useCallback(async () => {
    const answer = await call('listShareLinks', { params: { id: workout.id } })
    setLinks(answer.data.share_links)
  }, [workout.id])

  useEffect(() => {
    let live = true
    call('listShareLinks', { params: { id: workout.id } }).then(
      (answer) => live && setLinks(answer.data.share_links),
      (error: unknown) => live && setErrorKeys(errorKeysOfUnknown(error)),
    )
    return () => {
      live = false
    }
  }, [workout.id])

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true)
    setErrorKeys([])
    try {
      await work()
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const saveLevels = () =>
    attempt(async () => {
      const answer = await call('updateWorkout', { params: { id: workout.id }, body: levels })
      const updated = answer.data.workouts[0]
      if (!updated) return
      const capped = { workout_visibility: updated.workout_visibility, analysis_visibility: updated.analysis_visibility, map_visibility: updated.map_visibility }
      setLevels(capped)
      setSaved(capped)
      setSavedNotice(true)
      onChanged(capped)
    })

  const createLink = () =>
    attempt(async () => {
      const days = EXPIRIES[expiry]
      const expiresAt = days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString()
      const answer = await call('createShareLink', { params: { id: workout.id }, body: { expires_at: expiresAt } })
      setCreated(answer.data.share_link)
      await refresh()
    })

  const removeLink = (id: string) =>
    attempt(async () => {
      await call('deleteShareLink', { params: { id: workout.id, linkId: id } })
      if (created?.id === id) setCreated(null)
      await refresh()
    })

  const levelSelect = (key: keyof Levels, label: string, disabled: boolean) => (
    <VisibilitySelect
      label={label}
      value={levels[key]}
      disabled={disabled}
      onChange={(value) => {
        setSavedNotice(false)
        setLevels((current) => ({ ...current, [key]: value }))
      }}
      testId={`visibility-${key}`}
    />
  )
  const changed = (Object.keys(levels) as (keyof Levels)[]).some((key) => levels[key] !== saved[key])

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('sharing.WHO_SEES')}
      </Title>
      {levelSelect('workout_visibility', t('sharing.WORKOUT'), false)}
      {levelSelect('analysis_visibility', t('sharing.ANALYSIS'), !workout.with_gpx)}
      {levelSelect('map_visibility', t('sharing.MAP'), !workout.with_gpx)}
      <Group gap="sm">
        <Button onClick={() => void saveLevels()} loading={busy} disabled={!changed} data-testid="save-visibility">
          {t('sharing.SAVE_LEVELS')}
        </Button>
        {savedNotice && (
          <Text size="sm" role="status">
            {t('sharing.LEVELS_SAVED')}
          </Text>
        )}
      </Group>
      <Divider />
      <Title order={3} size="h5">
        {t('sharing.LINKS')}
      </Title>
      <Text size="sm">{t('sharing.LINKS_HELP')}</Text>
      {saved.workout_visibility !== 'public' && (
        <Alert color="yellow" data-testid="share-not-public">
          {t('sharing.NOT_PUBLIC')}
        </Alert>
      )}
      <Group align="flex-end" gap="sm">
        <Select
          label={t('sharing.EXPIRY')}
          data={(Object.keys(EXPIRIES) as Expiry[]).map((key) => ({ value: key, label: t(`sharing.${key}`) }))}
          value={expiry}
          allowDeselect={false}
          onChange={(value) => value && setExpiry(value)}
          style={{ flex: '1 1 16rem' }}
          data-testid="share-expiry"
        />
        <Button onClick={() => void createLink()} loading={busy} data-testid="create-share-link">
          {t('sharing.CREATE_LINK')}
        </Button>
      </Group>
      {created?.url && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('sharing.NEW_LINK')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput value={created.url} readOnly aria-label={t('sharing.COPY')} style={{ flex: 1 }} data-testid="share-link-url" />
            <CopyIconButton value={created.url} label={t('sharing.COPY')} copiedLabel={t('sharing.COPIED')} />
          </Group>
        </Stack>
      )}
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sharing.NO_LINKS')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="share-links">
          {links.map((link) => (
            <Group key={link.id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {t('sharing.CREATED_ON', { date: formatDateTime(link.created_at, timezone) })},{' '}
                {link.expires_at ? t('sharing.EXPIRES_ON', { date: formatDateTime(link.expires_at, timezone) }) : t('sharing.NO_EXPIRY')}
              </Text>
              <Tooltip label={t('sharing.DELETE_LINK')}>
                <ActionIcon variant="subtle" color="red" aria-label={t('sharing.DELETE_LINK')} onClick={() => void removeLink(link.id)} data-testid="delete-share-link">
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <ErrorBox keys={errorKeys} />
    </Stack>
  )
}
