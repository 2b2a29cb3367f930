import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconMoodSad } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** The full-page error when the application configuration cannot be loaded (spec §2). */
export function AppError() {
  const { t } = useTranslation()
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480} ta="center" data-testid="app-error">
        <ThemeIcon size={72} radius="xl" variant="light" color="ember">
          <IconMoodSad size={44} />
        </ThemeIcon>
        <Title order={2}>{t('common.APP_ERROR_TITLE')}</Title>
        <Text c="dimmed">{t('common.APP_ERROR')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.TRY_AGAIN')}</Button>
      </Stack>
    </Center>
  )
}
