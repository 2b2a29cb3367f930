import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../../../src/contracts'
import { isValidEmail } from '../../../src/domain/accounts'

/**
 * An administrator's change of a user's e-mail, prefilled with the address awaiting
 * confirmation if there is one (spec §4). The new address is required and must be valid.
 */
export function ChangeEmailForm({
  user,
  busy,
  onSubmit,
  onCancel,
  onInvalid,
}: {
  user: User
  busy: boolean
  onSubmit: (email: string) => void
  onCancel: () => void
  /** Reports a problem found before any call, as translation keys. */
  onInvalid: (keys: string[]) => void
}) {
  const { t } = useTranslation()
  const [email, setEmail] = useState(user.email_to_confirm ?? '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (value === '') onInvalid(['admin.USER.NEW_EMAIL_REQUIRED'])
    else if (!isValidEmail(value)) onInvalid(['api.ERROR.email_invalid'])
    else onSubmit(value)
  }

  return (
    <form onSubmit={submit} noValidate data-testid="change-email-form">
      <Stack gap="sm">
        <TextInput
          label={t('admin.USER.NEW_EMAIL')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          autoComplete="off"
          data-autofocus
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.SUBMIT')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.CANCEL')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
