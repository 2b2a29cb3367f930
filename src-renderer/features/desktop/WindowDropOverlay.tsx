import { Stack, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import classes from './WindowDropOverlay.module.css'

/** Covers the window while files are dragged over it, saying that dropping imports them. */
export function WindowDropOverlay() {
  const { t } = useTranslation()
  return (
    <div className={classes.overlay} data-testid="window-drop-overlay">
      <Stack align="center" gap="xs">
        <IconUpload size={56} aria-hidden />
        <Text fw={700} size="xl">
          {t('desktop.DROP.TITLE')}
        </Text>
        <Text c="dimmed">{t('desktop.DROP.HINT')}</Text>
      </Stack>
    </div>
  )
}
