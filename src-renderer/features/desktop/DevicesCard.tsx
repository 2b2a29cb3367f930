import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DesktopBridge, ServerInfo } from '../../../src/desktop/bridge'

/**
 * Plugged-in watches the user answered for (the app asks when one is first plugged in), each with
 * the account its workouts go to; "Forget" makes the app ask again the next time it is plugged in.
 */
export function DevicesCard({ bridge, info, onChange }: { bridge: DesktopBridge; info: ServerInfo; onChange: (info: ServerInfo) => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const forget = async (id: string) => {
    setBusy(true)
    try {
      onChange(await bridge.forgetDevice(id))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card withBorder data-testid="devices">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('desktop.DEVICES.TITLE')}
        </Title>
        <Text size="sm">{t('desktop.DEVICES.HINT')}</Text>
        {info.devices.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('desktop.DEVICES.NONE')}
          </Text>
        )}
        {info.devices.map((device) => (
          <Group key={device.id} justify="space-between" wrap="nowrap" data-testid="device-setting">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {device.name}
              </Text>
              <Text size="xs" c="dimmed">
                {device.username ? t('desktop.WATCHED.FOR', { username: device.username }) : t('desktop.DEVICES.NOT_IMPORTED')}
              </Text>
            </Stack>
            <Button variant="default" size="xs" loading={busy} onClick={() => void forget(device.id)} aria-label={t('desktop.DEVICES.FORGET_LABEL', { name: device.name })}>
              {t('desktop.DEVICES.FORGET')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  )
}
