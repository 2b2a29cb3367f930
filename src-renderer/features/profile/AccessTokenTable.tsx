import { Button, Table, Text, VisuallyHidden } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccessToken } from '../../../src/contracts'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'

/**
 * Personal access tokens with their access, dates and last use, each with a Revoke button that
 * asks first: the user's own (profile) or any user's (administration). A failed revoke shows in
 * the confirmation.
 */
export function AccessTokenTable({ tokens, onRevoke }: { tokens: AccessToken[]; onRevoke: (token: AccessToken) => Promise<void> }) {
  const { t } = useTranslation()
  const timezone = useAppState((state) => state.profile?.timezone ?? null)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)

  const revoke = async (token: AccessToken) => {
    await onRevoke(token)
    setRevoking(null)
  }

  if (tokens.length === 0) return <Text size="sm">{t('user.ACCESS_TOKENS.NONE')}</Text>
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="access-token-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('user.ACCESS_TOKENS.NAME')}</Table.Th>
              <Table.Th>{t('user.ACCESS_TOKENS.SCOPE')}</Table.Th>
              <Table.Th>{t('user.ACCESS_TOKENS.CREATED')}</Table.Th>
              <Table.Th>{t('user.ACCESS_TOKENS.EXPIRES')}</Table.Th>
              <Table.Th>{t('user.ACCESS_TOKENS.LAST_USED')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('user.ACCESS_TOKENS.REVOKE')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>{t(`user.ACCESS_TOKENS.SCOPES.${token.scope}`)}</Table.Td>
                <Table.Td>{formatDateTime(token.created_at, timezone)}</Table.Td>
                <Table.Td>{token.expires_at ? formatDateTime(token.expires_at, timezone) : t('user.ACCESS_TOKENS.LIFETIMES.never')}</Table.Td>
                <Table.Td>{token.last_used_at ? formatDateTime(token.last_used_at, timezone) : t('user.ACCESS_TOKENS.NEVER_USED')}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="subtle"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setRevoking(token)}
                    aria-label={t('user.ACCESS_TOKENS.REVOKE_NAMED', { name: token.name })}
                  >
                    {t('user.ACCESS_TOKENS.REVOKE')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('user.ACCESS_TOKENS.REVOKE')}
        message={t('user.ACCESS_TOKENS.CONFIRM_REVOKE', { name: revoking?.name ?? '' })}
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      />
    </>
  )
}
