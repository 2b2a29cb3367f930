import { Button, Stack, Text, Title } from '@mantine/core'
import { IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'

/** Any unknown path: a 404 with a home button; `messageKey` names what was not found. */
export function NotFoundPage({ messageKey = 'common.PAGE_NOT_FOUND' }: { messageKey?: string }) {
  const { t } = useTranslation()
  return (
    <Stack align="center" ta="center" py={60} data-testid="not-found">
      <Title order={1} fz={96} c="pine.7" lh={1}>
        404
      </Title>
      <Title order={2}>{t(messageKey)}</Title>
      <Text c="dimmed">{t('common.NOT_FOUND_HINT')}</Text>
      <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
        {t('common.HOME')}
      </Button>
    </Stack>
  )
}
