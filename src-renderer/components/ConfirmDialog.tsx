import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorKeysOfUnknown } from '../api/ApiError'
import { ErrorBox } from './ErrorBox'

/**
 * A yes/no confirmation. While an error shows, the yes button is hidden and no reads cancel;
 * errors are cleared whenever the dialog closes (spec §1).
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onClose,
}: {
  opened: boolean
  title: string
  message: string
  /** Runs the action; a thrown error is shown in the dialog. */
  onConfirm: () => Promise<void> | void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const close = () => {
    setErrorKeys([])
    onClose()
  }

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('common.CLOSE') }}>
      <Stack>
        <Text>{message}</Text>
        <ErrorBox keys={errorKeys} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {errorKeys.length > 0 ? t('common.CANCEL') : t('common.NO')}
          </Button>
          {errorKeys.length === 0 && (
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              {t('common.YES')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}
