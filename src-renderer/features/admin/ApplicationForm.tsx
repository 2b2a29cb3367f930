import { Card, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { AppConfig } from '../../../src/contracts'
import { isValidEmail } from '../../../src/domain/accounts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { refreshConfig } from '../../session/store'
import { FormButtons } from '../profile/FormButtons'
import { bytesToMb, mbToBytes } from '../../format/sizes'

/** Sizes are typed in MB with this step (spec §5). */
const SIZE_STEP = 0.1

interface Draft {
  admin_contact: string
  max_users: number | string
  max_single_file_size: number | string
  max_zip_file_size: number | string
  gpx_limit_import: number | string
}

const draftOf = (config: AppConfig): Draft => ({
  admin_contact: config.admin_contact ?? '',
  max_users: config.max_users,
  max_single_file_size: bytesToMb(config.max_single_file_size),
  max_zip_file_size: bytesToMb(config.max_zip_file_size),
  gpx_limit_import: config.gpx_limit_import,
})

/** A field's number, or null when it is empty or below 0 (NumberInput leaves '' when cleared). */
const numberOf = (value: number | string): number | null => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)
  return Number.isFinite(number) && number >= 0 ? number : null
}

/**
 * The settings form: contact e-mail, max users (0 = unlimited), sizes in MB (sent in bytes) and
 * max files in a zip. The server checks the rest (sizes above 0, zip at least the single-file
 * size) and reports every broken rule at once. Saving reloads the shared configuration, so the
 * footer, About and the add-workout limits follow, then returns to the read-only view.
 */
export function ApplicationForm({ config }: { config: AppConfig }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<Draft>(() => draftOf(config))
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((previous) => ({ ...previous, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const contact = draft.admin_contact.trim()
    const maxUsers = numberOf(draft.max_users)
    const single = numberOf(draft.max_single_file_size)
    const zip = numberOf(draft.max_zip_file_size)
    const files = numberOf(draft.gpx_limit_import)
    const keys = [
      ...(contact && !isValidEmail(contact) ? ['api.ERROR.admin_contact_invalid'] : []),
      ...(maxUsers === null ? ['admin.APPLICATION.MAX_USERS_INVALID'] : []),
      ...(single === null ? ['admin.APPLICATION.MAX_SINGLE_FILE_SIZE_INVALID'] : []),
      ...(zip === null ? ['admin.APPLICATION.MAX_ZIP_FILE_SIZE_INVALID'] : []),
      ...(files === null ? ['admin.APPLICATION.MAX_FILES_IN_ZIP_INVALID'] : []),
    ]
    if (keys.length > 0 || maxUsers === null || single === null || zip === null || files === null) {
      setErrorKeys(keys)
      return
    }
    setErrorKeys([])
    setBusy(true)
    try {
      await call('updateConfig', {
        body: {
          admin_contact: contact,
          max_users: Math.floor(maxUsers),
          max_single_file_size: mbToBytes(single),
          max_zip_file_size: mbToBytes(zip),
          gpx_limit_import: Math.floor(files),
        },
      })
      await refreshConfig()
      await navigate('/admin/application')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
      setBusy(false)
    }
  }

  // A decimal comma in French and German, as people type it there.
  const sizeProps = { decimalSeparator: i18n.language === 'en' ? '.' : ',', min: 0, step: SIZE_STEP, decimalScale: 2, allowNegative: false }
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="application-form">
        <Stack>
          <TextInput
            label={t('admin.APPLICATION.ADMIN_CONTACT')}
            description={t('admin.APPLICATION.ADMIN_CONTACT_HELP')}
            type="email"
            value={draft.admin_contact}
            onChange={(event) => set('admin_contact')(event.currentTarget.value)}
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('admin.APPLICATION.MAX_USERS')}
              description={t('admin.APPLICATION.MAX_USERS_HELP')}
              value={draft.max_users}
              onChange={set('max_users')}
              min={0}
              step={1}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberInput
              label={t('admin.APPLICATION.MAX_FILES_IN_ZIP')}
              description={t('admin.APPLICATION.MAX_FILES_IN_ZIP_HELP')}
              value={draft.gpx_limit_import}
              onChange={set('gpx_limit_import')}
              min={0}
              step={1}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberInput
              label={t('admin.APPLICATION.MAX_SINGLE_FILE_SIZE')}
              description={t('admin.APPLICATION.SIZE_HELP')}
              value={draft.max_single_file_size}
              onChange={set('max_single_file_size')}
              {...sizeProps}
            />
            <NumberInput
              label={t('admin.APPLICATION.MAX_ZIP_FILE_SIZE')}
              description={t('admin.APPLICATION.SIZE_HELP')}
              value={draft.max_zip_file_size}
              onChange={set('max_zip_file_size')}
              {...sizeProps}
            />
          </SimpleGrid>
          <ErrorBox keys={errorKeys} />
          <FormButtons busy={busy} cancelTo="/admin/application" />
        </Stack>
      </form>
    </Card>
  )
}
