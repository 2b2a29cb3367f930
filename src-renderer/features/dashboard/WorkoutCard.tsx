import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconArrowDownRight, IconArrowUpRight, IconClock, IconGauge, IconRoute } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport, Workout } from '../../../src/contracts'
import { API_BASE } from '../../api/client'
import { formatApiDuration } from '../../components/formatDuration'
import { SportIcon } from '../../components/SportIcon'
import { useFigures } from '../../components/useFigures'
import { formatDateTime } from '../../format/dates'
import classes from './Dashboard.module.css'

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" title={label}>
      {icon}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600}>
          {value}
        </Text>
      </Stack>
    </Group>
  )
}

/** A timeline card: sport, title, date, figures and the static map thumbnail when there is a track. */
export function WorkoutCard({ workout, sport }: { workout: Workout; sport: Sport | undefined }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const link = `/workouts/${workout.id}`
  return (
    <Card data-testid="timeline-workout" data-workout-id={workout.id}>
      <Group gap="sm" wrap="nowrap" mb="sm">
        <SportIcon label={sport?.label ?? ''} color={sport?.color} size={32} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={link} fw={700} truncate>
            {workout.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatDateTime(workout.workout_date, figures.timezone)}
          </Text>
        </Stack>
      </Group>
      {workout.map && (
        <Link to={link} aria-label={t('dashboard.TIMELINE.OPEN_WORKOUT', { title: workout.title })}>
          <img className={classes.map} src={`${API_BASE}/workouts/map/${workout.map}`} alt={t('dashboard.TIMELINE.MAP_OF', { title: workout.title })} loading="lazy" width={400} height={225} />
        </Link>
      )}
      <SimpleGrid cols={{ base: 2, xs: figures.displayAscent ? 4 : 3 }} mt="sm" spacing="xs">
        <Figure icon={<IconRoute size={18} />} label={t('dashboard.FIGURES.DISTANCE')} value={figures.distance(workout.distance)} />
        <Figure icon={<IconClock size={18} />} label={t('dashboard.FIGURES.DURATION')} value={formatApiDuration(workout.moving)} />
        <Figure icon={<IconGauge size={18} />} label={t('dashboard.FIGURES.AVE_SPEED')} value={figures.speed(workout.ave_speed)} />
        {figures.displayAscent && (
          <Figure
            icon={
              <Group gap={0} wrap="nowrap">
                <IconArrowUpRight size={14} />
                <IconArrowDownRight size={14} />
              </Group>
            }
            label={t('dashboard.FIGURES.ASCENT_DESCENT')}
            value={`${figures.elevation(workout.ascent)} / ${figures.elevation(workout.descent)}`}
          />
        )}
      </SimpleGrid>
    </Card>
  )
}
