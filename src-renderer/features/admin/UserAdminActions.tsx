import { Button, Divider, Group, Stack } from '@mantine/core'
import { IconKey, IconMail, IconTrash, IconUserCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { useAppState } from '../../session/store'
import { ChangeEmailForm } from './ChangeEmailForm'
import { AdminRightsButton } from './UsersTable'

type Action = 'activate' | 'admin' | 'email'

/**
 * What an administrator can do to an account (spec §6): activate it, grant or remove admin
 * rights, change its e-mail, reset its password (only with e-mail sending) and delete it; none of
 * the last four on their own account. Server errors and success messages show here, in the panel.
 */
export function UserAdminActions({ user, self, onUpdated }: { user: User; self: boolean; onUpdated: (user: User) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const emailSending = useAppState((state) => Boolean(state.config?.is_email_sending_enabled))
  const [busy, setBusy] = useState<Action | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [success, setSuccess] = useState<string | null>(null)
  const [editingEmail, setEditingEmail] = useState(false)
  const [dialog, setDialog] = useState<'delete' | 'reset' | null>(null)

  const run = async (action: Action, body: { admin: boolean } | { activate: true } | { new_email: string }, successKey: string) => {
    setBusy(action)
    setErrorKeys([])
    setSuccess(null)
    try {
      const response = await call('updateUser', { params: { username: user.username }, body })
      const updated = response.data.users[0]
      if (updated) onUpdated(updated)
      setSuccess(successKey)
      if (action === 'email') setEditingEmail(false)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(null)
    }
  }

  // A success message belongs to the previous action: opening a dialog or form clears it.
  const open = (next: 'delete' | 'reset' | 'email') => {
    setSuccess(null)
    setErrorKeys([])
    if (next === 'email') setEditingEmail(true)
    else setDialog(next)
  }

  const resetPassword = async () => {
    await call('updateUser', { params: { username: user.username }, body: { reset_password: true } })
    setDialog(null)
    setSuccess('admin.USER.PASSWORD_RESET_SUCCESS')
  }

  const deleteAccount = async () => {
    await call('deleteUser', { params: { username: user.username } })
    setDialog(null)
    await navigate('/admin/users')
  }

  return (
    <Stack gap="md" data-testid="user-admin-actions">
      <Divider />
      {success && <AlertBox kind="success">{t(success)}</AlertBox>}
      <ErrorBox keys={errorKeys} />
      {editingEmail ? (
        <ChangeEmailForm
          user={user}
          busy={busy === 'email'}
          onSubmit={(email) => void run('email', { new_email: email }, emailSending ? 'admin.USER.EMAIL_UPDATE_SENT' : 'admin.USER.EMAIL_UPDATE_SUCCESS')}
          onCancel={() => {
            setEditingEmail(false)
            setErrorKeys([])
          }}
          onInvalid={setErrorKeys}
        />
      ) : (
        <Group gap="sm">
          {!user.is_active && (
            <Button
              leftSection={<IconUserCheck size={18} />}
              loading={busy === 'activate'}
              onClick={() => void run('activate', { activate: true }, 'admin.USER.ACCOUNT_ACTIVATED')}
            >
              {t('admin.USER.ACTIVATE')}
            </Button>
          )}
          <AdminRightsButton
            user={user}
            self={self}
            busy={busy === 'admin'}
            onToggle={() => void run('admin', { admin: !user.admin }, user.admin ? 'admin.USER.ADMIN_REMOVED' : 'admin.USER.ADMIN_GRANTED')}
          />
          {!self && (
            <Button variant="default" leftSection={<IconMail size={18} />} onClick={() => open('email')}>
              {t('admin.USER.CHANGE_EMAIL')}
            </Button>
          )}
          {!self && emailSending && (
            <Button variant="default" leftSection={<IconKey size={18} />} onClick={() => open('reset')}>
              {t('admin.USER.RESET_PASSWORD')}
            </Button>
          )}
          {!self && (
            <Button color="red" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => open('delete')}>
              {t('admin.USER.DELETE')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={dialog === 'reset'}
        title={t('admin.USER.RESET_PASSWORD')}
        message={t('admin.CONFIRM_USER_PASSWORD_RESET', { username: user.username })}
        onConfirm={resetPassword}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('admin.USER.DELETE')}
        message={t('admin.CONFIRM_USER_ACCOUNT_DELETION', { username: user.username })}
        onConfirm={deleteAccount}
        onClose={() => setDialog(null)}
      />
    </Stack>
  )
}
