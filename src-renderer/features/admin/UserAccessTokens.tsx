import { Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccessToken } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { AccessTokenTable } from '../profile/AccessTokenTable'

/** A user's personal access tokens as an administrator sees them: listed, and revoked at once. */
export function UserAccessTokens({ username }: { username: string }) {
  const { t } = useTranslation()
  const [tokens, setTokens] = useState<AccessToken[] | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  // Bumped after a revoke: the list is fetched again.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    call('listUserAccessTokens', { params: { username } })
      .then((response) => current && setTokens(response.data.tokens))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [username, version])

  const revoke = async (token: AccessToken) => {
    await call('revokeUserAccessToken', { params: { username, tokenId: token.id } })
    setVersion((value) => value + 1)
  }

  return (
    <Stack gap="sm" data-testid="admin-user-tokens">
      <Title order={2} size="h4">
        {t('admin.USER.ACCESS_TOKENS')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('admin.USER.ACCESS_TOKENS_HELP')}
      </Text>
      <ErrorBox keys={errorKeys} />
      {tokens && <AccessTokenTable tokens={tokens} onRevoke={revoke} />}
    </Stack>
  )
}
