import { Button, Code, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccessToken, TokenScope } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { CopyIconButton } from '../../components/CopyIconButton'
import { ErrorBox } from '../../components/ErrorBox'
import { AccessTokenTable } from './AccessTokenTable'

/** Lifetimes offered, in days; `never` keeps the token until it is revoked. */
const LIFETIMES = ['30', '90', '365', 'never'] as const

/**
 * ACCOUNT tab section: personal access tokens for scripts and other apps. A new token's secret is
 * shown once, with a copy button; the list ({@link AccessTokenTable}) shows scope, dates and last
 * use, and revokes.
 */
export function AccessTokens() {
  const { t } = useTranslation()
  const [tokens, setTokens] = useState<AccessToken[]>([])
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('read')
  const [lifetime, setLifetime] = useState<(typeof LIFETIMES)[number]>('90')
  const [secret, setSecret] = useState<string | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  // Bumped after each change: the list is fetched again.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    call('listAccessTokens')
      .then((response) => current && setTokens(response.data.tokens))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [version])

  const create = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setErrorKeys(['user.ACCESS_TOKENS.NAME_REQUIRED'])
      return
    }
    setErrorKeys([])
    setBusy(true)
    try {
      const created = await call('createAccessToken', {
        body: { name: name.trim(), scope, expires_in_days: lifetime === 'never' ? null : Number(lifetime) },
      })
      setSecret(created.data.secret)
      setName('')
      setVersion((value) => value + 1)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const revoke = async (token: AccessToken) => {
    await call('revokeAccessToken', { params: { tokenId: token.id } })
    setVersion((value) => value + 1)
  }

  return (
    <Stack gap="sm" data-testid="access-tokens">
      <Title order={2} size="h4">{t('user.ACCESS_TOKENS.TITLE')}</Title>
      <Text size="sm" c="dimmed">
        {t('user.ACCESS_TOKENS.HELP')}
      </Text>
      {secret && (
        <AlertBox kind="success">
          <Stack gap="xs">
            <Text size="sm">{t('user.ACCESS_TOKENS.SHOWN_ONCE')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="access-token-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
              <CopyIconButton value={secret} label={t('user.ACCESS_TOKENS.COPY')} copiedLabel={t('user.ACCESS_TOKENS.COPIED')} />
            </Group>
          </Stack>
        </AlertBox>
      )}
      <form onSubmit={(event) => void create(event)} noValidate data-testid="access-token-form">
        <Group align="flex-end" gap="sm">
          <TextInput label={t('user.ACCESS_TOKENS.NAME')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={80} required />
          <Select
            label={t('user.ACCESS_TOKENS.SCOPE')}
            value={scope}
            onChange={(value) => setScope(value === 'read+write' ? 'read+write' : 'read')}
            data={[
              { value: 'read', label: t('user.ACCESS_TOKENS.SCOPES.read') },
              { value: 'read+write', label: t('user.ACCESS_TOKENS.SCOPES.read+write') },
            ]}
            allowDeselect={false}
          />
          <Select
            label={t('user.ACCESS_TOKENS.EXPIRES')}
            value={lifetime}
            onChange={(value) => setLifetime(LIFETIMES.find((option) => option === value) ?? '90')}
            data={LIFETIMES.map((option) => ({ value: option, label: t(`user.ACCESS_TOKENS.LIFETIMES.${option}`) }))}
            allowDeselect={false}
          />
          <Button type="submit" loading={busy}>
            {t('user.ACCESS_TOKENS.CREATE')}
          </Button>
        </Group>
      </form>
      <ErrorBox keys={errorKeys} />
      <AccessTokenTable tokens={tokens} onRevoke={revoke} />
    </Stack>
  )
}
