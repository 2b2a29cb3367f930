import { Group, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { WorkoutTotals } from '../../../src/contracts'
import { formatDuration } from '../../components/formatDuration'
import { useFigures } from '../../components/useFigures'

/** Sums over every workout the filters match, not only the page shown. */
export function ListTotals({ totals }: { totals: WorkoutTotals }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const items = [
    { key: 'count', label: t('dashboard.LIST.TOTALS.WORKOUTS', { count: totals.count }), value: figures.number(totals.count) },
    { key: 'distance', label: t('dashboard.LIST.TOTALS.DISTANCE'), value: figures.distance(totals.distance) },
    { key: 'duration', label: t('dashboard.LIST.TOTALS.DURATION'), value: formatDuration(totals.duration) },
    ...(figures.displayAscent
      ? [
          { key: 'ascent', label: t('dashboard.LIST.TOTALS.ASCENT'), value: figures.elevation(totals.ascent) },
          { key: 'descent', label: t('dashboard.LIST.TOTALS.DESCENT'), value: figures.elevation(totals.descent) },
        ]
      : []),
  ]
  return (
    <Paper withBorder p="sm" data-testid="workouts-totals" aria-label={t('dashboard.LIST.TOTALS.LABEL')}>
      <Group gap="xl" justify="center" wrap="wrap">
        {items.map((item) => (
          <Group key={item.key} gap={6} wrap="nowrap" data-testid={`list-total-${item.key}`}>
            <Text fw={800}>{item.value}</Text>
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  )
}
