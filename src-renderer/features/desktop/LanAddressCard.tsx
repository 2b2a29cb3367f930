import { Anchor, Card, Group, Image, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { LanAddress } from '../../../src/desktop/bridge'
import { CopyIconButton } from '../../components/CopyIconButton'

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
          <CopyIconButton value={address.url} label={t('desktop.PANEL.COPY')} copiedLabel={t('desktop.PANEL.COPIED')} testId="lan-copy" />
        </Group>
      </Stack>
    </Card>
  )
}
