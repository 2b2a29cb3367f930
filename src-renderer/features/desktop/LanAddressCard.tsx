import { ActionIcon, Anchor, Card, CopyButton, Group, Image, Stack, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { LanAddress } from '../../../src/desktop/bridge'

/** One LAN address: its QR code for phones, the address and a copy button. */
export function LanAddressCard({ address }: { address: LanAddress }) {
  const { t } = useTranslation()
  return (
    <Card withBorder data-testid="lan-address">
      <Stack align="center" gap="xs">
        <Image src={address.qrCode} alt={t('desktop.PANEL.QR_ALT', { url: address.url })} w={180} h={180} data-testid="lan-qr" />
        <Group gap="xs" wrap="nowrap">
          <Anchor href={address.url} target="_blank" rel="noreferrer" fw={600} data-testid="lan-url">
            {address.url}
          </Anchor>
          <CopyButton value={address.url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('desktop.PANEL.COPIED') : t('desktop.PANEL.COPY')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('desktop.PANEL.COPY')} data-testid="lan-copy">
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  )
}
