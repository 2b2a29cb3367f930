import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { ErrorCode } from '../../../src/errors/catalogue'
import { passwordProblems, registrationProblems } from '../../../src/domain/accounts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ErrorBox } from '../../components/ErrorBox'
import { currentLanguage } from '../../i18n'
import { firstAccountCreated, startSession, useAppState } from '../../session/store'
import { safeFrom } from '../../app/guard'
import { AuthCard } from './AuthCard'
import { browserCalendar } from './browser-calendar'
import { FirstAccountSetup } from './FirstAccountSetup'

/** The strength meter is for new passwords only: the login form loads without it. */
const PasswordStrength = lazy(() => import('../../components/PasswordStrength').then((module) => ({ default: module.PasswordStrength })))

export type AuthAction = 'login' | 'register' | 'reset-request' | 'reset' | 'account-confirmation-resend'

/** What the login page may be told by the page that sent the user there. */
export interface LoginNotice {
  registered?: boolean
  /** The new account waits for an administrator (not the first account, e-mail sending off). */
  awaitsActivation?: boolean
}

const TITLES: Record<AuthAction, string> = {
  login: 'user.LOGIN',
  register: 'user.REGISTER',
  'reset-request': 'user.PASSWORD_FORGOTTEN',
  reset: 'user.RESET_PASSWORD',
  'account-confirmation-resend': 'user.ACCOUNT_CONFIRMATION_RESEND',
}

const toKeys = (codes: readonly ErrorCode[]) => codes.map((code) => `api.ERROR.${code}`)

type Field = 'username' | 'email' | 'password' | 'passwordConf'

/** The field a form problem belongs to, so its message sits next to it. */
const FIELD_OF: Partial<Record<ErrorCode, Field>> = {
  username_length: 'username',
  username_characters: 'username',
  username_taken: 'username',
  email_invalid: 'email',
  password_length: 'password',
  password_mismatch: 'passwordConf',
}

/**
 * The shared visitor screen (spec §2): login, register, password reset request, reset with a
 * token and resend confirmation. Keyed by path, so every path change starts from empty fields,
 * no error and no success flag.
 */
export function AuthPage({ action }: { action: AuthAction }) {
  const location = useLocation()
  return <AuthForm key={location.pathname} action={action} />
}

/** Logs a just-created account in; false (the login page then asks for it) when that fails. */
async function signIn(email: string, password: string): Promise<boolean> {
  try {
    return await startSession((await call('login', { body: { email, password } })).auth_token)
  } catch {
    return false
  }
}

function AuthForm({ action }: { action: AuthAction }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const config = useAppState((state) => state.config)
  const emailSending = Boolean(config?.is_email_sending_enabled)
  const registrationOpen = Boolean(config?.is_registration_enabled)
  const firstAccount = action === 'register' && Boolean(config?.setup_required)

  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passwordConf, setPasswordConf] = useState('')
  const [setupCode, setSetupCode] = useState('')
  /** Problems the server reported (cleared as soon as a field changes). */
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [serverCodes, setServerCodes] = useState<readonly ErrorCode[]>([])
  /** After a first submit, the form's own problems follow the fields as they are fixed. */
  const [attempted, setAttempted] = useState(false)
  const [busy, setBusy] = useState(false)

  const token = searchParams.get('token')
  const notice = (location.state ?? {}) as LoginNotice
  const needsEmailSending = action === 'reset-request' || action === 'account-confirmation-resend'
  const disabled =
    (action === 'register' && !registrationOpen) || (needsEmailSending && !emailSending) || (action === 'reset' && !token)
  const showUsername = action === 'register'
  const showEmail = action !== 'reset'
  const showPassword = action === 'login' || action === 'register' || action === 'reset'
  const showConfirmation = action === 'register' || action === 'reset'

  const formProblems = (): ErrorCode[] =>
    action === 'register'
      ? registrationProblems({ username, email, password, password_conf: passwordConf })
      : action === 'reset'
        ? passwordProblems(password, passwordConf)
        : []
  const liveProblems = attempted ? formProblems() : []
  const fieldCodes = [...liveProblems, ...serverCodes]
  const fieldError = (field: Field) => {
    const codes = fieldCodes.filter((code) => FIELD_OF[code] === field)
    return codes.length > 0 ? codes.map((code) => t(`api.ERROR.${code}`)).join(' ') : undefined
  }
  /** A field's change: the server's verdict on the previous values no longer holds. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value)
    setErrorKeys([])
    setServerCodes([])
  }
  const summary = [...toKeys(liveProblems), ...errorKeys]

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (formProblems().length > 0) {
      setErrorKeys([])
      return
    }
    setErrorKeys([])
    setServerCodes([])
    setBusy(true)
    try {
      switch (action) {
        case 'login': {
          const response = await call('login', { body: { email, password } })
          if (await startSession(response.auth_token)) await navigate(safeFrom(searchParams.get('from')), { replace: true })
          else setErrorKeys(['api.ERROR.UNKNOWN'])
          break
        }
        case 'register':
          await call('register', {
            body: {
              username,
              email,
              password,
              password_conf: passwordConf,
              language: currentLanguage(),
              ...browserCalendar(),
              ...(setupCode.trim() ? { setup_code: setupCode.trim() } : {}),
            },
          })
          firstAccountCreated()
          // The first account is active at once: its owner goes straight in instead of typing it all again.
          if (firstAccount && (await signIn(email, password))) {
            await navigate(safeFrom(searchParams.get('from')), { replace: true })
            break
          }
          await navigate(
            { pathname: '/login', search: location.search },
            { state: { registered: true, awaitsActivation: !firstAccount && !emailSending } satisfies LoginNotice },
          )
          break
        case 'reset-request':
          await call('requestPasswordReset', { body: { email } })
          await navigate('/password-reset/sent')
          break
        case 'account-confirmation-resend':
          await call('resendConfirmation', { body: { email } })
          await navigate('/account-confirmation/email-sent')
          break
        case 'reset':
          await call('updatePassword', { body: { token: token ?? '', password, password_conf: passwordConf } })
          await navigate('/password-reset/password-updated')
          break
      }
    } catch (error) {
      const keys = errorKeysOfUnknown(error)
      const codes = keys.flatMap((key) => {
        const code = key.replace(/^api\.ERROR\./, '') as ErrorCode
        return FIELD_OF[code] ? [code] : []
      })
      setServerCodes(codes)
      setErrorKeys(keys)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title={t(TITLES[action])}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid={`auth-form-${action}`}>
        <Stack>
          {action === 'login' && notice.registered && errorKeys.length === 0 && (
            <AlertBox kind="success">
              {emailSending
                ? t('user.REGISTER_SUCCESS_EMAIL')
                : notice.awaitsActivation
                  ? t('user.REGISTER_SUCCESS_AWAITS_ACTIVATION')
                  : t('user.REGISTER_SUCCESS')}
            </AlertBox>
          )}
          {action === 'register' && !registrationOpen && <AlertBox kind="warning">{t('user.REGISTER_DISABLED')}</AlertBox>}
          {firstAccount && registrationOpen && <FirstAccountSetup code={setupCode} onCodeChange={setSetupCode} disabled={disabled} />}
          {needsEmailSending && !emailSending && <AlertBox kind="warning">{t('user.EMAIL_SENDING_DISABLED')}</AlertBox>}
          {action === 'reset-request' && emailSending && <Text size="sm" c="dimmed">{t('user.RESET_REQUEST_HELP')}</Text>}
          {action === 'account-confirmation-resend' && emailSending && (
            <Text size="sm" c="dimmed">{t('user.RESEND_HELP')}</Text>
          )}
          {action === 'reset' && !token && <ErrorBox keys={['user.INVALID_TOKEN']} />}

          {showUsername && (
            <TextInput
              label={t('user.USERNAME')}
              value={username}
              onChange={(event) => edit(setUsername)(event.currentTarget.value)}
              error={fieldError('username')}
              required
              disabled={disabled}
              autoComplete="username"
              description={t('user.USERNAME_RULES')}
            />
          )}
          {showEmail && (
            <TextInput
              label={t('user.EMAIL')}
              type="email"
              value={email}
              onChange={(event) => edit(setEmail)(event.currentTarget.value)}
              error={fieldError('email')}
              required
              disabled={disabled}
              autoComplete="email"
            />
          )}
          {showPassword && (
            <PasswordInput
              label={action === 'reset' ? t('user.NEW_PASSWORD') : t('user.PASSWORD')}
              value={password}
              onChange={(event) => edit(setPassword)(event.currentTarget.value)}
              error={fieldError('password')}
              required
              disabled={disabled}
              autoComplete={action === 'login' ? 'current-password' : 'new-password'}
            />
          )}
          {showConfirmation && (
            <>
              <Suspense fallback={null}>
                <PasswordStrength password={password} userInputs={[username, email].filter(Boolean)} />
              </Suspense>
              <PasswordInput
                label={t('user.PASSWORD_CONFIRMATION')}
                value={passwordConf}
                onChange={(event) => edit(setPasswordConf)(event.currentTarget.value)}
                error={fieldError('passwordConf')}
                required
                disabled={disabled}
                autoComplete="new-password"
              />
            </>
          )}

          <ErrorBox keys={summary} />
          <Button type="submit" loading={busy} disabled={disabled} fullWidth size="md">
            {t('common.SUBMIT')}
          </Button>

          <Stack gap={4} align="center">
            {action === 'login' && (
              <Anchor component={Link} to={{ pathname: '/register', search: location.search }} size="sm">
                {t('user.REGISTER_LINK')}
              </Anchor>
            )}
            {action === 'register' && (
              <Anchor component={Link} to={{ pathname: '/login', search: location.search }} size="sm">
                {t('user.LOGIN_LINK')}
              </Anchor>
            )}
            {action === 'login' && emailSending && (
              <Anchor component={Link} to="/password-reset/request" size="sm">
                {t('user.PASSWORD_FORGOTTEN')}
              </Anchor>
            )}
            {(action === 'login' || action === 'register') && emailSending && (
              <Anchor component={Link} to="/account-confirmation/resend" size="sm">
                {t('user.ACCOUNT_CONFIRMATION_NOT_RECEIVED')}
              </Anchor>
            )}
            {(needsEmailSending || action === 'reset') && (
              <Anchor component={Link} to="/login" size="sm">
                {t('user.BACK_TO_LOGIN')}
              </Anchor>
            )}
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  )
}
