import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconShare, IconShareOff } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { formatDateTime } from '../../format/dates'

/**
 * An account's sharing on its administration page: whether an administrator suspended it (since
 * when), and the button that suspends or restores it; not on the administrator's own page.
 */
export function SharingSuspension({ user, self, timezone, onUpdated }: { user: User; self: boolean; timezone: string | null | undefined; onUpdated: (user: User) => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const since = user.sharing_suspended_at

  const toggle = async () => {
    setBusy(true)
    setErrorKeys([])
    try {
      const answer = await call(since ? 'restoreSharing' : 'suspendSharing', { params: { username: user.username } })
      const updated = answer.data.users[0]
      if (updated) onUpdated(updated)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="xs" data-testid="sharing-suspension">
      <Title order={2} size="h4">
        {t('sharing.MODERATION.SHARING')}
      </Title>
      <Text size="sm" data-testid="sharing-state">
        {since ? t('sharing.MODERATION.SHARING_SUSPENDED', { date: formatDateTime(since, timezone) }) : t('sharing.MODERATION.SHARING_ACTIVE')}
      </Text>
      <ErrorBox keys={errorKeys} />
      {!self && (
        <Group>
          <Button
            variant={since ? 'filled' : 'outline'}
            color={since ? undefined : 'red'}
            leftSection={since ? <IconShare size={18} /> : <IconShareOff size={18} />}
            loading={busy}
            onClick={() => void toggle()}
          >
            {t(since ? 'sharing.MODERATION.RESTORE' : 'sharing.MODERATION.SUSPEND')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
