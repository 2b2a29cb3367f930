import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DesktopBridge, ServerInfo } from '../../../src/desktop/bridge'

/**
 * Folders whose new activity files the embedded server imports automatically. A folder added here
 * goes to the signed-in account; the folder itself is chosen in the native dialog.
 */
export function WatchedFoldersCard({
  bridge,
  info,
  username,
  onChange,
}: {
  bridge: DesktopBridge
  info: ServerInfo
  username: string
  onChange: (info: ServerInfo) => void
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<ServerInfo>) => {
    setBusy(true)
    try {
      onChange(await work())
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card withBorder data-testid="watched-folders">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('desktop.WATCHED.TITLE')}
        </Title>
        <Text size="sm">{t('desktop.WATCHED.HINT')}</Text>
        {info.watchFolders.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('desktop.WATCHED.NONE')}
          </Text>
        )}
        {info.watchFolders.map((folder) => (
          <Group key={folder.dir} justify="space-between" wrap="nowrap" data-testid="watched-folder-setting">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Code style={{ overflowWrap: 'anywhere' }}>{folder.dir}</Code>
              <Text size="xs" c="dimmed">
                {t('desktop.WATCHED.FOR', { username: folder.username })}
              </Text>
            </Stack>
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => void run(() => bridge.removeWatchedFolder(folder.dir))}
              aria-label={t('desktop.WATCHED.REMOVE_LABEL', { folder: folder.dir })}
            >
              {t('desktop.WATCHED.REMOVE')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="default" loading={busy} onClick={() => void run(() => bridge.addWatchedFolder(username))} data-testid="add-watched-folder">
            {t('desktop.WATCHED.ADD')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
