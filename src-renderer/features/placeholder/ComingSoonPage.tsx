import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconHourglass } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Stands in for screens that later issues build (dashboard, workouts, statistics, admin). */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <Stack data-testid="coming-soon">
      <Title order={1}>{t(titleKey)}</Title>
      <Card>
        <Stack align="center" ta="center" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" color="ember">
            <IconHourglass size={32} />
          </ThemeIcon>
          <Text c="dimmed">{t('common.COMING_SOON')}</Text>
        </Stack>
      </Card>
    </Stack>
  )
}
