import { Button, Stack } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { startSession } from '../../session/store'
import { AuthCard } from './AuthCard'
import { useTokenAction } from './useTokenAction'

/** Confirms an account from the e-mailed link, then opens the session and goes home. */
export function AccountConfirmationPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const confirm = useCallback(
    async (token: string) => {
      const response = await call('confirmAccount', { body: { token } })
      if (await startSession(response.auth_token)) await navigate('/', { replace: true })
    },
    [navigate],
  )
  const errorKeys = useTokenAction(searchParams.get('token'), confirm)
  return (
    <AuthCard title={t('user.ACCOUNT_CONFIRMATION')}>
      {errorKeys.length > 0 ? (
        <Stack>
          <ErrorBox keys={errorKeys} />
          <Button component={Link} to="/account-confirmation/resend" variant="light">
            {t('user.ACCOUNT_CONFIRMATION_RESEND')}
          </Button>
        </Stack>
      ) : (
        <PageLoader />
      )}
    </AuthCard>
  )
}
