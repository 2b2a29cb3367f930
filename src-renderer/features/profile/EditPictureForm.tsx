import { Button, Card, FileInput, Group, Stack, Text } from '@mantine/core'
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { errorKeysOfUnknown, FILE_TOO_LARGE_KEY } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { UserPicture } from '../../components/UserPicture'
import { formatNumber } from '../../format/units'
import { bumpPicture, loadSession, setProfile, useAppState } from '../../session/store'

/** Picture types the server accepts (spec §5). */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const
const BYTES_PER_MB = 1048576

/** Why a chosen picture cannot be sent, as a translation key, or null when it can. */
export function pictureProblem(file: { name: string; size: number }, maxBytes: number): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!(PICTURE_EXTENSIONS as readonly string[]).includes(extension)) return 'api.ERROR.file_extension_not_allowed'
  if (maxBytes > 0 && file.size > maxBytes) return FILE_TOO_LARGE_KEY
  return null
}

/** PICTURE edit tab: upload (png, jpg, gif up to the configured size) or remove; returns to /profile. */
export function EditPictureForm() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const profile = useAppState((state) => state.profile)
  const maxBytes = useAppState((state) => state.config?.max_single_file_size ?? 0)
  const [file, setFile] = useState<File | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  if (!profile) return <PageLoader />

  const upload = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return
    const problem = pictureProblem(file, maxBytes)
    if (problem) {
      setErrorKeys([problem])
      return
    }
    setBusy(true)
    setErrorKeys([])
    try {
      const form = new FormData()
      form.append('file', file)
      await call('uploadPicture', { body: form })
      bumpPicture()
      await loadSession()
      await navigate('/profile')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    setErrorKeys([])
    try {
      await call('deletePicture')
      setProfile({ ...profile, picture: false })
      bumpPicture()
      await navigate('/profile')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <form onSubmit={(event) => void upload(event)} data-testid="edit-picture-form">
        <Stack>
          <Group>
            <UserPicture username={profile.username} hasPicture={profile.picture} size={96} />
            {profile.picture && (
              <Button color="red" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => void remove()} disabled={busy}>
                {t('user.PICTURE_REMOVE')}
              </Button>
            )}
          </Group>
          <FileInput
            label={t('user.PICTURE_FILE')}
            description={t('user.PICTURE_MAX_SIZE', { size: formatNumber(maxBytes / BYTES_PER_MB, i18n.language, 2) })}
            accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
            value={file}
            onChange={(value) => {
              setFile(value)
              setErrorKeys([])
            }}
            leftSection={<IconPhoto size={18} />}
            placeholder={t('user.PICTURE_CHOOSE')}
            clearable
            data-testid="picture-input"
          />
          <ErrorBox keys={errorKeys} />
          <Group>
            <Button type="submit" disabled={!file} loading={busy} leftSection={<IconUpload size={18} />}>
              {t('user.PICTURE_UPLOAD')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('user.PICTURE_TYPES')}
          </Text>
        </Stack>
      </form>
    </Card>
  )
}
