import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconClock,
  IconClockPause,
  IconFlame,
  IconGauge,
  IconMountain,
  IconRoute,
  IconStopwatch,
  type Icon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { WorkoutFigures } from '../../../src/contracts'
import type { PaceUnit } from '../../../src/domain/pace'
import { formatApiDuration, parseApiDuration } from '../../components/formatDuration'
import { unitFormat } from '../../components/useFigures'

function Figure({ icon: Glyph, label, value, testId }: { icon: Icon; label: string; value: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="md" radius="md">
        <Glyph size={18} />
      </ThemeIcon>
      {/* minWidth 0 lets long German labels wrap instead of running into the next column. */}
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" fw={600} style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
          {label}
        </Text>
        <Text fw={600} data-testid={`figure-${testId}`}>
          {value}
        </Text>
      </Stack>
    </Group>
  )
}

/**
 * Duration, distance (metres or yards for swims), speeds (or paces per `pace`, when the user reads
 * this sport as pace), altitudes and climbs of a workout or a segment, in the viewer's units, and
 * the calories its file states (a whole workout's only: files state none per segment).
 */
export function FiguresCard({
  figures,
  sportId,
  imperial,
  pace,
  title,
  calories = null,
}: {
  figures: WorkoutFigures
  sportId: number
  imperial: boolean
  pace: PaceUnit | null
  title: string
  calories?: number | null
}) {
  const { t, i18n } = useTranslation()
  const format = unitFormat(imperial, i18n.language, t)
  const speed = (kmh: number | null) => (kmh === null ? null : format.speedOrPace(kmh, pace))
  const height = (metres: number | null) => (metres === null ? null : format.elevation(metres))
  const pauses = parseApiDuration(figures.pauses) ?? 0

  const items: { key: string; icon: Icon; label: string; value: string | null }[] = [
    { key: 'duration', icon: IconClock, label: t('workouts.FIGURES.DURATION'), value: formatApiDuration(figures.duration) },
    { key: 'moving', icon: IconStopwatch, label: t('workouts.FIGURES.MOVING'), value: formatApiDuration(figures.moving) },
    { key: 'pauses', icon: IconClockPause, label: t('workouts.FIGURES.PAUSES'), value: pauses > 0 ? formatApiDuration(figures.pauses) : null },
    { key: 'distance', icon: IconRoute, label: t('workouts.FIGURES.DISTANCE'), value: format.sportDistance(figures.distance, sportId) },
    { key: 'ave_speed', icon: IconGauge, label: t(pace === null ? 'workouts.FIGURES.AVE_SPEED' : 'workouts.FIGURES.AVE_PACE'), value: speed(figures.ave_speed) },
    { key: 'max_speed', icon: IconGauge, label: t(pace === null ? 'workouts.FIGURES.MAX_SPEED' : 'workouts.FIGURES.BEST_PACE'), value: speed(figures.max_speed) },
    { key: 'min_alt', icon: IconMountain, label: t('workouts.FIGURES.MIN_ALT'), value: height(figures.min_alt) },
    { key: 'max_alt', icon: IconMountain, label: t('workouts.FIGURES.MAX_ALT'), value: height(figures.max_alt) },
    { key: 'ascent', icon: IconArrowUpRight, label: t('workouts.FIGURES.ASCENT'), value: height(figures.ascent) },
    { key: 'descent', icon: IconArrowDownRight, label: t('workouts.FIGURES.DESCENT'), value: height(figures.descent) },
    { key: 'calories', icon: IconFlame, label: t('workouts.FIGURES.CALORIES'), value: calories === null ? null : `${format.number(calories, 0)}\u00a0${t('common.UNITS.kcal')}` },
  ]

  return (
    <Card data-testid="figures-card">
      <Title order={2} size="h5" mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 2 }} spacing="md" verticalSpacing="md">
        {items.map((item) =>
          item.value === null ? null : <Figure key={item.key} icon={item.icon} label={item.label} value={item.value} testId={item.key} />,
        )}
      </SimpleGrid>
    </Card>
  )
}
