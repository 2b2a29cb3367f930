import { Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DesktopBridge, ServerInfo } from '../../../src/desktop/bridge'
import { PageLoader } from '../../components/PageLoader'
import { desktopBridge } from '../../platform/desktop'
import { NotFoundPage } from '../../components/NotFoundPage'
import { DataFolderCard } from './DataFolderCard'
import { DevicesCard } from './DevicesCard'
import { LanAddressCard } from './LanAddressCard'
import { WatchedFoldersCard } from './WatchedFoldersCard'
import { useAppState } from '../../session/store'

/** The server's state as the desktop app reports it, followed as it changes (rebind, move). */
function useServerInfo(bridge: DesktopBridge): [ServerInfo | null, (info: ServerInfo) => void] {
  const [info, setInfo] = useState<ServerInfo | null>(null)
  useEffect(() => {
    let active = true
    void bridge.getServerInfo().then((first) => {
      if (active) setInfo(first)
    })
    const unsubscribe = bridge.onServerInfoChanged(setInfo)
    return () => {
      active = false
      unsubscribe()
    }
  }, [bridge])
  return [info, setInfo]
}

function LanSharingPanel({ bridge }: { bridge: DesktopBridge }) {
  const { t } = useTranslation()
  const [info, setInfo] = useServerInfo(bridge)
  const [switching, setSwitching] = useState(false)
  const username = useAppState((state) => state.profile?.username ?? null)

  if (!info) return <PageLoader />

  const share = async (on: boolean) => {
    setSwitching(true)
    try {
      setInfo(await bridge.setLanSharing(on))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="lan-panel">
      <Title order={1} size="h2">
        {t('desktop.PANEL.NAV')}
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Switch
            checked={info.lanSharing}
            disabled={switching}
            onChange={(event) => void share(event.currentTarget.checked)}
            label={t('desktop.PANEL.TITLE')}
            size="md"
            data-testid="lan-switch"
          />
          <Text data-testid="lan-status">{t(info.lanSharing ? 'desktop.PANEL.LAN_ON' : 'desktop.PANEL.LAN_OFF')}</Text>
          {info.lanSharing && info.lanAddresses.length === 0 && <Text c="dimmed">{t('desktop.PANEL.NO_NETWORK')}</Text>}
          {info.lanSharing && info.lanAddresses.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {info.lanAddresses.map((address) => (
                <LanAddressCard key={address.url} address={address} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
      <DataFolderCard bridge={bridge} folder={info.dataFolder} />
      {username && <WatchedFoldersCard bridge={bridge} info={info} username={username} onChange={setInfo} />}
      <DevicesCard bridge={bridge} info={info} onChange={setInfo} />
    </Stack>
  )
}

/** `/desktop`: LAN sharing, the data folder, watched folders and plugged-in watches, in the desktop app only (a 404 in browsers). */
export function LanSharingPage() {
  const bridge = desktopBridge()
  return bridge ? <LanSharingPanel bridge={bridge} /> : <NotFoundPage />
}
