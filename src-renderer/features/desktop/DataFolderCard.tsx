import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DesktopBridge, MoveDataFolderResult } from '../../../src/desktop/bridge'

const FAILURE_KEY = {
  'not-empty': 'desktop.PANEL.MOVE_NOT_EMPTY',
  'inside-current': 'desktop.PANEL.MOVE_INSIDE_CURRENT',
  'copy-failed': 'desktop.PANEL.MOVE_COPY_FAILED',
} as const

/** Where the data lives, with "Open" (file manager) and "Move…" (the server restarts there). */
export function DataFolderCard({ bridge, folder }: { bridge: DesktopBridge; folder: string }) {
  const { t } = useTranslation()
  const [moving, setMoving] = useState(false)
  const [outcome, setOutcome] = useState<MoveDataFolderResult | null>(null)

  const move = async () => {
    setMoving(true)
    setOutcome(null)
    try {
      setOutcome(await bridge.moveDataFolder())
    } finally {
      setMoving(false)
    }
  }

  return (
    <Card withBorder data-testid="data-folder">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('desktop.PANEL.DATA_FOLDER')}
        </Title>
        <Code block data-testid="data-folder-path">
          {folder}
        </Code>
        <Group>
          <Button variant="default" onClick={() => void bridge.openDataFolder()} data-testid="open-data-folder">
            {t('desktop.PANEL.OPEN_FOLDER')}
          </Button>
          <Button variant="default" loading={moving} onClick={() => void move()} data-testid="move-data-folder">
            {t('desktop.PANEL.MOVE_FOLDER')}
          </Button>
        </Group>
        {outcome?.status === 'moved' && (
          <Text size="sm" c="pine" data-testid="move-outcome">
            {t('desktop.PANEL.MOVED', { folder: outcome.dataFolder })}
          </Text>
        )}
        {outcome?.status === 'failed' && (
          <Text size="sm" c="red" data-testid="move-outcome">
            {t(FAILURE_KEY[outcome.reason])}
          </Text>
        )}
      </Stack>
    </Card>
  )
}
