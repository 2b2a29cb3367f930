import { Button, Card, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import type { ErrorCode } from '../../../src/errors/catalogue'
import { isValidEmail, passwordProblems } from '../../../src/domain/accounts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { PasswordStrength } from '../../components/PasswordStrength'
import { logout, replaceToken, setProfile, useAppState } from '../../session/store'
import { AccessTokens } from './AccessTokens'
import { FormButtons } from './FormButtons'

/** ACCOUNT edit tab: e-mail, current and new password, personal access tokens, and account deletion. */
export function EditAccountForm() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return <AccountForm initialEmail={profile.email ?? ''} username={profile.username} />
}

function AccountForm({ initialEmail, username }: { initialEmail: string; username: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const pendingEmail = useAppState((state) => state.profile?.email_to_confirm ?? null)
  const emailSending = useAppState((state) => Boolean(state.config?.is_email_sending_enabled))
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [newPasswordConf, setNewPasswordConf] = useState('')
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [success, setSuccess] = useState<string | null>(
    (location.state as { emailUpdated?: boolean } | null)?.emailUpdated ? 'user.EMAIL_UPDATED' : null,
  )
  const [busy, setBusy] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSuccess(null)
    const problems: ErrorCode[] = [
      ...(isValidEmail(email.trim()) ? [] : (['email_invalid'] as const)),
      ...(newPassword ? passwordProblems(newPassword, newPasswordConf) : []),
    ]
    const keys = [
      ...problems.map((code) => `api.ERROR.${code}`),
      ...(password ? [] : ['user.CURRENT_PASSWORD_REQUIRED']),
    ]
    if (keys.length > 0) {
      setErrorKeys(keys)
      return
    }
    setErrorKeys([])
    setBusy(true)
    try {
      const response = await call('editAccount', {
        body: {
          email: email.trim(),
          password,
          ...(newPassword ? { new_password: newPassword, new_password_conf: newPasswordConf } : {}),
        },
      })
      replaceToken(response.auth_token)
      setProfile(response.data)
      const emailChanged = email.trim().toLowerCase() !== initialEmail.toLowerCase()
      setSuccess(emailChanged && emailSending ? 'user.EMAIL_UPDATE_SENT' : 'user.UPDATE_SUCCESSFUL')
      setPassword('')
      setNewPassword('')
      setNewPasswordConf('')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const deleteAccount = async () => {
    await call('deleteUser', { params: { username } })
    setDeleting(false)
    // As the header's logout: the guard then sends this page to plain /login, not as a `from` target.
    logout()
    await navigate('/login')
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="edit-account-form">
        <Stack>
          {success && <AlertBox kind="success">{t(success)}</AlertBox>}
          {pendingEmail && (
            <AlertBox kind="info">{t('user.EMAIL_TO_CONFIRM', { email: pendingEmail })}</AlertBox>
          )}
          <TextInput
            label={t('user.EMAIL')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            autoComplete="email"
          />
          <PasswordInput
            label={t('user.CURRENT_PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            required
            autoComplete="current-password"
          />
          <PasswordInput
            label={t('user.NEW_PASSWORD')}
            description={t('user.NEW_PASSWORD_HELP')}
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            autoComplete="new-password"
          />
          <PasswordStrength password={newPassword} userInputs={[username, email]} />
          {newPassword && (
            <PasswordInput
              label={t('user.PASSWORD_CONFIRMATION')}
              value={newPasswordConf}
              onChange={(event) => setNewPasswordConf(event.currentTarget.value)}
              autoComplete="new-password"
            />
          )}
          <ErrorBox keys={errorKeys} />
          <FormButtons busy={busy} cancelTo="/profile" />
        </Stack>
      </form>
      <Divider my="xl" />
      <AccessTokens />
      <Divider my="xl" />
      <Stack gap="xs">
        <Title order={2} size="h4" c="red">
          {t('user.DANGER_ZONE')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('user.DELETE_ACCOUNT_HELP')}
        </Text>
        <div>
          <Button color="red" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => setDeleting(true)}>
            {t('user.DELETE_ACCOUNT')}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('user.DELETE_ACCOUNT')}
        message={t('user.CONFIRM_ACCOUNT_DELETION')}
        onConfirm={deleteAccount}
        onClose={() => setDeleting(false)}
      />
    </Card>
  )
}
