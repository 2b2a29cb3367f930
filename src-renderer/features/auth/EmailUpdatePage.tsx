import { Button, Stack } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { loadSession, useAppState } from '../../session/store'
import { AuthCard } from './AuthCard'
import { useTokenAction } from './useTokenAction'

/** Confirms a new e-mail address from the link sent to it, then shows the account form. */
export function EmailUpdatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const authenticated = useAppState((state) => state.sessionStatus === 'authenticated')
  const confirm = useCallback(
    async (token: string) => {
      await call('confirmEmail', { body: { token } })
      if (authenticated) await loadSession()
      await navigate('/profile/edit/account', { replace: true, state: { emailUpdated: true } })
    },
    [authenticated, navigate],
  )
  const errorKeys = useTokenAction(searchParams.get('token'), confirm)
  return (
    <AuthCard title={t('user.EMAIL_UPDATE')}>
      {errorKeys.length > 0 ? (
        <Stack>
          <ErrorBox keys={errorKeys} />
          <Button component={Link} to="/" variant="light">
            {t('common.HOME')}
          </Button>
        </Stack>
      ) : (
        <PageLoader />
      )}
    </AuthCard>
  )
}
