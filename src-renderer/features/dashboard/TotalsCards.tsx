import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconCalendarStats, IconClock, IconMountain, IconRoute, IconTrophy } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../../../src/contracts'
import { formatDuration, parseApiDuration } from '../../components/formatDuration'
import { useFigures } from '../../components/useFigures'

function TotalCard({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card padding="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={800} fz="lg">
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Card>
  )
}

/** The profile's totals: workouts, distance, moving time, sports, and ascent when displayed. */
export function TotalsCards({ profile }: { profile: User }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const seconds = parseApiDuration(profile.total_duration)
  return (
    <SimpleGrid cols={{ base: 2, sm: figures.displayAscent ? 5 : 4 }} spacing="sm" data-testid="totals">
      <TotalCard testId="total-workouts" icon={<IconCalendarStats size={22} />} label={t('dashboard.TOTALS.WORKOUTS', { count: profile.nb_workouts })} value={figures.number(profile.nb_workouts)} />
      <TotalCard testId="total-distance" icon={<IconRoute size={22} />} label={t('dashboard.TOTALS.DISTANCE')} value={figures.distance(profile.total_distance)} />
      <TotalCard testId="total-duration" icon={<IconClock size={22} />} label={t('dashboard.TOTALS.DURATION')} value={seconds === null ? profile.total_duration : formatDuration(seconds)} />
      {figures.displayAscent && <TotalCard testId="total-ascent" icon={<IconMountain size={22} />} label={t('dashboard.TOTALS.ASCENT')} value={figures.elevation(profile.total_ascent)} />}
      <TotalCard testId="total-sports" icon={<IconTrophy size={22} />} label={t('dashboard.TOTALS.SPORTS', { count: profile.nb_sports })} value={figures.number(profile.nb_sports)} />
    </SimpleGrid>
  )
}
