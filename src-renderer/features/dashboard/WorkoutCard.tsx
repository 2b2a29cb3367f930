import { Anchor, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconArrowUpRight, IconClock, IconGauge, IconRoute } from '@tabler/icons-react'
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
    <Group gap={4} wrap="nowrap" title={label}>
      {icon}
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {value}
      </Text>
    </Group>
  )
}

/** A compact timeline card: the map thumbnail beside sport, title, date and four figures (speed or pace as the user reads the sport). */
export function WorkoutCard({ workout, sport }: { workout: Workout; sport: Sport | undefined }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const link = `/workouts/${workout.id}`
  const pace = figures.paceUnit(sport)
  const iconProps = { size: 16, 'aria-hidden': true, color: 'var(--mantine-color-dimmed)' } as const
  return (
    <Card padding="sm" data-testid="timeline-workout" data-workout-id={workout.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {workout.map && (
          <Link to={link} aria-label={t('dashboard.TIMELINE.OPEN_WORKOUT', { title: workout.title })} className={classes.thumbLink}>
            <img className={classes.map} src={`${API_BASE}/workouts/map/${workout.map}`} alt={t('dashboard.TIMELINE.MAP_OF', { title: workout.title })} loading="lazy" width={400} height={225} />
          </Link>
        )}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <SportIcon label={sport?.label ?? ''} color={sport?.color} size={26} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={link} fw={700} truncate>
                {workout.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(workout.workout_date, figures.timezone)}
              </Text>
            </Stack>
          </Group>
          <Group gap="md" style={{ rowGap: 4 }}>
            <Figure icon={<IconRoute {...iconProps} />} label={t('dashboard.FIGURES.DISTANCE')} value={figures.sportDistance(workout.distance, workout.sport_id)} />
            <Figure icon={<IconClock {...iconProps} />} label={t('dashboard.FIGURES.DURATION')} value={formatApiDuration(workout.moving)} />
            <Figure
              icon={<IconGauge {...iconProps} />}
              label={t(pace === null ? 'dashboard.FIGURES.AVE_SPEED' : 'dashboard.FIGURES.AVE_PACE')}
              value={figures.speedOrPace(workout.ave_speed, pace)}
            />
            {figures.displayAscent && (
              <Figure
                icon={<IconArrowUpRight {...iconProps} />}
                label={t('dashboard.FIGURES.ASCENT_DESCENT')}
                value={`${figures.elevation(workout.ascent)} / ${figures.elevation(workout.descent)}`}
              />
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  )
}
