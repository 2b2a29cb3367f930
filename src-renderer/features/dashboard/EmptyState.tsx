import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'

/** Shown to users without workouts: a welcome and the link to upload the first one. */
export function EmptyState() {
  const { t } = useTranslation()
  return (
    <Card data-testid="dashboard-empty">
      <Stack align="center" ta="center" py="lg" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="ember">
          <IconUpload size={30} />
        </ThemeIcon>
        <Title order={3}>{t('dashboard.EMPTY.TITLE')}</Title>
        <Text c="dimmed">{t('dashboard.EMPTY.TEXT')}</Text>
        <Button component={Link} to="/workouts/add" leftSection={<IconUpload size={18} />}>
          {t('dashboard.EMPTY.UPLOAD_FIRST')}
        </Button>
      </Stack>
    </Card>
  )
}
