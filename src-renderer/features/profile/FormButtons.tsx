import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'

/** Submit and cancel, the end of every profile form. */
export function FormButtons({ busy, cancelTo, disabled = false }: { busy: boolean; cancelTo: string; disabled?: boolean }) {
  const { t } = useTranslation()
  return (
    <Group>
      <Button type="submit" loading={busy} disabled={disabled}>
        {t('common.SUBMIT')}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        {t('common.CANCEL')}
      </Button>
    </Group>
  )
}
